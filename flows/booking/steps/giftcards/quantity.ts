/**
 * The quantity step of a draft that redeems a gift card: a card gives each of its
 * products once, at price 0 (the sandbox redeems a card whole), so there is nothing to
 * choose; the step confirms what is being redeemed, for which day.
 */
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Draft, Money } from '#flows/booking/types.js';
import type { Lang } from '#src/domain/lang.js';
import type { BookingView, ViewDeps, ViewFn } from '#flows/booking/view.js';
import { todayFor, understoodDate } from '#flows/booking/choosing/wish.js';
import { formatDate, formatPrice } from '#flows/booking/choosing/format.js';
import { optionByNumber } from '#flows/booking/choosing/read.js';

const messages = defineMessages({
  es: {
    confirm: (name: string, date: string, price: string) =>
      `🎁 Con la tarjeta regalo: 1 × «${name}», ${date}. Precio: ${price}.`,
    sessions: (labels: string) => `Sesión: ${labels}.`,
    go: '✅ Continuar',
    useButtons: 'Pulsa «Continuar» para canjearla, o vuelve atrás para cambiar la fecha.',
    openDated: (date: string) =>
      `Es una entrada de fecha abierta: vale cualquier día desde el ${date}, así que no hace falta elegir día. Pulsa «Continuar» para canjearla.`,
  },
  en: {
    confirm: (name: string, date: string, price: string) =>
      `🎁 With the gift card: 1 × "${name}", ${date}. Price: ${price}.`,
    sessions: (labels: string) => `Session: ${labels}.`,
    go: '✅ Continue',
    useButtons: 'Press "Continue" to redeem it, or go back to change the date.',
    openDated: (date: string) =>
      `It is an open-date ticket: it is valid any day from ${date}, so there is no day to choose. Press "Continue" to redeem it.`,
  },
});

/** What a redemption line costs: nothing, in the product's currency. */
export const redemptionPrice = (draft: Draft): Money => ({
  cents: 0,
  currency: draft.giftCard?.currency ?? 'EUR',
});

/**
 * A day typed at an open-dated card's redemption ("el sábado"): no day is chosen for it
 * (the ticket is valid any day from the date shown), which is said instead of the buttons.
 */
function dayTyped(text: string, draft: Draft, deps: ViewDeps, lang: Lang): string | undefined {
  // Open-dated with no day asked (the provider does not demand one, DemandAccessDateOnOpenDate):
  // where a day is asked it is the first day of validity, chosen at the date step.
  const { openDate, fixedDate } = draft.product;
  if (!openDate || fixedDate === undefined || draft.accessDate === undefined) return undefined;
  if (understoodDate(text, todayFor(deps), []) === undefined) return undefined;
  return messages(lang).openDated(formatDate(draft.accessDate, lang, 'long'));
}

export const redemptionQuantityView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const c = common(lang);
  const draft = context.draft!;
  const options = [
    { id: 'qty:1', label: m.go, event: { type: 'quantity.pick' as const, quantity: 1 } },
    { id: 'back', label: c.back, event: { type: 'nav.back' as const } },
    { id: 'home', label: c.home, event: { type: 'nav.home' as const } },
  ];
  const date = draft.accessDate ? formatDate(draft.accessDate, lang, 'long') : '';
  const sessions = draft.sessions.map((s) => s.label).filter(Boolean);
  return {
    text: [
      m.confirm(draft.product.name, date, formatPrice(redemptionPrice(draft), lang)),
      ...(sessions.length > 0 ? [m.sessions(sessions.join(', '))] : []),
    ].join('\n'),
    options,
    expects: 'choice',
    readText: (text) =>
      optionByNumber(options, text) ?? {
        error: dayTyped(text, draft, deps, lang) ?? m.useButtons,
      },
  };
};
