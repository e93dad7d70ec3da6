/**
 * Gift cards: a menu (buy one, redeem one), the purchase (buy.ts) and the redemption
 * (redeem.ts). Both end in the same cart and checkout as any booking.
 */
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { booking } from '#flows/booking/setup.js';
import type { BookingView, ViewFn } from '#flows/booking/view.js';
import { optionByNumber } from '#flows/booking/choosing/read.js';
import { buyState } from './buy.js';
import { redeemState } from './redeem.js';

const messages = defineMessages({
  es: {
    menu: '🎁 Tarjetas regalo: regala una experiencia, o canjea la tarjeta que te han regalado.',
    buy: '🎁 Comprar una tarjeta regalo',
    redeem: '🔑 Canjear una tarjeta regalo',
    useButtons: 'Elige comprar o canjear una tarjeta regalo.',
  },
  en: {
    menu: '🎁 Gift cards: give an experience, or redeem a card you were given.',
    buy: '🎁 Buy a gift card',
    redeem: '🔑 Redeem a gift card',
    useButtons: 'Choose to buy or to redeem a gift card.',
  },
});

const menuView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const c = common(lang);
  const options = [
    { id: 'gift:buy', label: m.buy, event: { type: 'giftcard.buy' as const } },
    { id: 'gift:redeem', label: m.redeem, event: { type: 'giftcard.redeem' as const } },
    { id: 'back', label: c.back, event: { type: 'nav.back' as const } },
    { id: 'home', label: c.home, event: { type: 'nav.home' as const } },
  ];
  return {
    text: m.menu,
    options,
    expects: 'choice',
    readText: (text) => optionByNumber(options, text) ?? { error: m.useButtons },
  };
};

export const giftCardsState = booking.createStateConfig({
  initial: 'menu',
  states: {
    menu: {
      meta: { view: menuView },
      on: {
        'giftcard.buy': { target: 'buy' },
        'giftcard.redeem': { target: 'redeem' },
        'nav.back': { target: '#booking.home' },
      },
    },
    buy: buyState,
    redeem: redeemState,
  },
});
