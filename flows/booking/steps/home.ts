/** The start of every conversation: what the bot can do, and the language. */
import { assign } from 'xstate';
import { common } from '../../../src/i18n/common.js';
import { defineMessages } from '../../../src/i18n/messages.js';
import { booking } from '../setup.js';
import type { ViewFn } from '../view.js';

const messages = defineMessages({
  es: {
    welcome: '¡Hola! Soy tu asistente de reservas. ¿Qué quieres hacer?',
    book: '🎟️ Reservar entradas',
    giftCards: '🎁 Tarjetas regalo',
    packages: '🏨 Paquetes (actividad + hotel)',
    cart: (lines: number) => `🛒 Mi carrito (${lines})`,
    help: 'ℹ️ Ayuda',
    language: '🌐 English',
    chooseLanguage: 'Elige tu idioma:',
  },
  en: {
    welcome: 'Hi! I am your booking assistant. What would you like to do?',
    book: '🎟️ Book tickets',
    giftCards: '🎁 Gift cards',
    packages: '🏨 Packages (activity + hotel)',
    cart: (lines: number) => `🛒 My cart (${lines})`,
    help: 'ℹ️ Help',
    language: '🌐 Español',
    chooseLanguage: 'Choose your language:',
  },
});

const homeView: ViewFn = (context) => {
  const m = messages(context.language);
  return {
    text: m.welcome,
    expects: 'choice',
    options: [
      { id: 'book', label: m.book, event: { type: 'command', name: 'book' } },
      { id: 'cart', label: m.cart(context.cart.lines.length), event: { type: 'cart.open' } },
      { id: 'giftcards', label: m.giftCards, event: { type: 'giftcard.menu' } },
      { id: 'packages', label: m.packages, event: { type: 'package.open' } },
      { id: 'help', label: m.help, event: { type: 'command', name: 'help' } },
      {
        id: 'language',
        label: m.language,
        event: { type: 'language.set', language: context.language === 'es' ? 'en' : 'es' },
      },
    ],
  };
};

const languageView: ViewFn = (context) => ({
  text: messages(context.language).chooseLanguage,
  expects: 'choice',
  options: [
    { id: 'lang:es', label: 'Español', event: { type: 'language.set', language: 'es' } },
    { id: 'lang:en', label: 'English', event: { type: 'language.set', language: 'en' } },
    { id: 'back', label: common(context.language).back, event: { type: 'nav.back' } },
  ],
});

export const homeState = booking.createStateConfig({
  meta: { view: homeView },
  on: { 'giftcard.menu': { target: '#booking.giftcards' } },
});

export const languageState = booking.createStateConfig({
  meta: { view: languageView },
  on: {
    'nav.back': { target: '#booking.home' },
    'language.set': {
      target: '#booking.home',
      actions: [
        assign({ language: ({ event }) => event.language }),
        {
          type: 'notify',
          params: ({ event }) => ({ text: common(event.language).languageChanged }),
        },
      ],
    },
  },
});
