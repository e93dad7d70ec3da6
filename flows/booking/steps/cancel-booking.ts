/**
 * Cancelling a bought booking ("quiero cancelar mi reserva del sábado", or its button in
 * /mybookings): the booking picked (by the day said, else asked), its cancellation policy
 * and what it means now shown, and on the customer's yes the request handed to staff (the
 * service has no operation that creates one: staff make it there and confirm). Not
 * refundable: said, and a person offered; the day gone: it cannot be cancelled.
 */
import { assign } from 'xstate';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { CancelVerdict } from '#src/domain/cancel-now.js';
import type { Lang } from '#src/domain/lang.js';
import { formatDate, formatPrice } from '#flows/booking/choosing/format.js';
import type { CancelCandidate } from '../actors/cancel-booking.js';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { BookingContext } from '../types.js';
import type { ViewFn } from '../view.js';

const messages = defineMessages({
  es: {
    loading: 'Buscando tu reserva…',
    none: 'No encuentro ninguna reserva tuya hecha aquí que se pueda cancelar.',
    dayMissed: (day: string) => `No tienes ninguna reserva para el ${day}.`,
    which: '¿Qué reserva quieres cancelar?',
    booking: (name: string, day: string) => `${name} — ${day}`,
    policy: (text: string) => `Condiciones de cancelación: ${text}`,
    free: 'Si la cancelas ahora, no tiene coste.',
    penalty: (what: string, back: string) =>
      `Si la cancelas ahora, se aplica una penalización de ${what}: se te devolverían ${back}.`,
    unknown: 'La reserva no indica sus condiciones: nuestro equipo las comprobará.',
    ask: '¿Quieres que pidamos su cancelación?',
    yes: '✅ Sí, cancelar la reserva',
    no: '↩️ No, mantenerla',
    sent: (name: string, day: string) =>
      `He pasado tu petición de cancelar ${name} (${day}) a nuestro equipo: la tramitarán con el proveedor y te confirmarán la cancelación y el reembolso. Hasta entonces tu reserva sigue en pie.`,
    refused: (name: string, day: string) =>
      `${name} (${day}) no es reembolsable: si la cancelas no se devuelve nada. Si quieres, te paso con una persona de nuestro equipo.`,
    past: (name: string, day: string) =>
      `${name} era para el ${day}, que ya ha pasado: ya no se puede cancelar.`,
    person: '🙋 Hablar con una persona',
    toCart: '🛒 Volver a mi pedido',
  },
  en: {
    loading: 'Looking up your booking…',
    none: 'I cannot find any booking of yours made here that can be cancelled.',
    dayMissed: (day: string) => `You have no booking for ${day}.`,
    which: 'Which booking do you want to cancel?',
    booking: (name: string, day: string) => `${name} — ${day}`,
    policy: (text: string) => `Cancellation policy: ${text}`,
    free: 'Cancelling it now is free of charge.',
    penalty: (what: string, back: string) =>
      `Cancelling it now, a penalty of ${what} applies: you would get ${back} back.`,
    unknown: 'The booking does not state its conditions: our team will check them.',
    ask: 'Shall we ask for it to be cancelled?',
    yes: '✅ Yes, cancel the booking',
    no: '↩️ No, keep it',
    sent: (name: string, day: string) =>
      `I have passed your request to cancel ${name} (${day}) to our team: they will make it with the provider and confirm the cancellation and the refund to you. Until then your booking stands.`,
    refused: (name: string, day: string) =>
      `${name} (${day}) is non-refundable: cancelling it gives nothing back. If you wish, I can put you through to a person on our team.`,
    past: (name: string, day: string) =>
      `${name} was for ${day}, which has passed: it can no longer be cancelled.`,
    person: '🙋 Talk to a person',
    toCart: '🛒 Back to my order',
  },
});

/** What the policy means now, in the customer's words (or staff's, in English). */
export function appliesNowText(candidate: CancelCandidate, lang: Lang): string {
  const m = messages(lang);
  const verdict: CancelVerdict = candidate.verdict;
  switch (verdict.kind) {
    case 'free':
      return m.free;
    case 'unknown':
      return m.unknown;
    case 'penalty': {
      const total = candidate.total ?? { cents: 0, currency: 'EUR' };
      const cents = Math.min(
        total.cents,
        verdict.amount !== undefined
          ? Math.round(verdict.amount * 100)
          : Math.round((total.cents * (verdict.percentage ?? 0)) / 100),
      );
      const what =
        verdict.amount === undefined && verdict.percentage !== undefined
          ? `${verdict.percentage} % (${formatPrice({ ...total, cents }, lang)})`
          : formatPrice({ ...total, cents }, lang);
      return m.penalty(what, formatPrice({ ...total, cents: total.cents - cents }, lang));
    }
    case 'nonRefundable':
      return m.refused(candidate.name, formatDate(candidate.date, lang));
    case 'past':
      return m.past(candidate.name, formatDate(candidate.date, lang));
  }
}

const home = (lang: Lang) => ({
  id: 'home',
  label: common(lang).home,
  event: { type: 'nav.home' } as const,
});

const chosen = (context: BookingContext) => context.cancelChosen!;

const pickView: ViewFn = (context) => {
  const m = messages(context.language);
  const { candidates, dayMissed } = context.cancelling ?? { candidates: [] };
  const missed = dayMissed ? `${m.dayMissed(formatDate(dayMissed, context.language))}\n` : '';
  return {
    text: `${missed}${m.which}`,
    expects: 'choice',
    options: [
      ...candidates.map((candidate, index) => ({
        id: `cancel:${index + 1}`,
        label: m.booking(candidate.name, formatDate(candidate.date, context.language)),
        event: { type: 'bookings.cancel.pick', partnerSaleId: candidate.partnerSaleId } as const,
      })),
      home(context.language),
    ],
  };
};

/** Nothing bought to cancel: an order in progress ("cancelar mi reserva" said at it) is one tap away. */
const noneView: ViewFn = (context) => ({
  text: messages(context.language).none,
  expects: 'choice',
  options: [
    ...(context.cart.lines.length > 0
      ? [
          {
            id: 'cart',
            label: messages(context.language).toCart,
            event: { type: 'cart.open' } as const,
          },
        ]
      : []),
    home(context.language),
  ],
});

const confirmView: ViewFn = (context) => {
  const m = messages(context.language);
  const candidate = chosen(context);
  const day = formatDate(candidate.date, context.language);
  return {
    text: [
      m.booking(candidate.name, day),
      ...(candidate.policy ? [m.policy(candidate.policy)] : []),
      appliesNowText(candidate, context.language),
      m.ask,
    ].join('\n'),
    expects: 'choice',
    // "No" takes the customer home: its id says where it leads, as every way out's does.
    options: [
      { id: 'yes', label: m.yes, event: { type: 'bookings.cancel.confirm' } },
      { id: 'home', label: m.no, event: { type: 'nav.home' } },
    ],
  };
};

const sentView: ViewFn = (context) => {
  const candidate = chosen(context);
  return {
    text: messages(context.language).sent(
      candidate.name,
      formatDate(candidate.date, context.language),
    ),
    expects: 'choice',
    options: [home(context.language)],
  };
};

/** Not refundable, or the day gone: said with the policy; a person offered for the first. */
const refusedView: ViewFn = (context) => {
  const m = messages(context.language);
  const candidate = chosen(context);
  return {
    text: [
      ...(candidate.policy ? [m.policy(candidate.policy)] : []),
      appliesNowText(candidate, context.language),
    ].join('\n'),
    expects: 'choice',
    options: [
      ...(candidate.verdict.kind === 'nonRefundable'
        ? [{ id: 'person', label: m.person, event: { type: 'command.human' } as const }]
        : []),
      home(context.language),
    ],
  };
};

const pickOne = (context: BookingContext, partnerSaleId: string | undefined) =>
  context.cancelling?.candidates.find((candidate) => candidate.partnerSaleId === partnerSaleId);

/** The states inside /mybookings' step (its exit clears what they keep). */
export const cancelBookingStates = {
  cancelLoading: partnerCall({
    waiting: (lang) => messages(lang).loading,
    invoke: {
      src: 'loadCancellable',
      input: ({ context, event }) => ({
        userKey: context.userKey,
        language: context.language,
        ...(event.type === 'bookings.cancel' && event.text ? { text: event.text } : {}),
        ...(event.type === 'bookings.cancel' && event.partnerSaleId
          ? { partnerSaleId: event.partnerSaleId }
          : {}),
      }),
      onDone: [
        {
          guard: ({ event }) => event.output.candidates.length === 0,
          target: 'cancelNone',
        },
        {
          guard: ({ event }) =>
            event.output.candidates.length > 1 || event.output.dayMissed !== undefined,
          target: 'cancelPick',
          actions: assign({ cancelling: ({ event }) => event.output }),
        },
        {
          target: 'cancelDecide',
          actions: assign({
            cancelling: ({ event }) => event.output,
            cancelChosen: ({ event }) => event.output.candidates[0],
          }),
        },
      ],
    },
    failed: '#booking.home',
  }),
  cancelNone: booking.createStateConfig({ meta: { view: noneView } }),
  cancelPick: booking.createStateConfig({
    meta: { view: pickView },
    on: {
      'bookings.cancel.pick': {
        guard: ({ context, event }) => pickOne(context, event.partnerSaleId) !== undefined,
        target: 'cancelDecide',
        actions: assign({
          cancelChosen: ({ context, event }) => pickOne(context, event.partnerSaleId),
        }),
      },
    },
  }),
  cancelDecide: booking.createStateConfig({
    always: [
      {
        guard: ({ context }) =>
          ['nonRefundable', 'past'].includes(context.cancelChosen?.verdict.kind ?? ''),
        target: 'cancelRefused',
      },
      { target: 'cancelConfirm' },
    ],
  }),
  cancelConfirm: booking.createStateConfig({
    meta: { view: confirmView },
    on: {
      'bookings.cancel.confirm': {
        target: 'cancelSent',
        actions: assign({
          cancelChosen: ({ context }) => ({ ...chosen(context), requested: true }),
        }),
      },
    },
  }),
  cancelSent: booking.createStateConfig({ meta: { view: sentView } }),
  cancelRefused: booking.createStateConfig({ meta: { view: refusedView } }),
};
