/**
 * /mybookings: the customer's own sales made in this conversation, as the service has
 * them now (status in words, dates, access codes).
 */
import { assign } from 'xstate';
import { common } from '../../../src/i18n/common.js';
import { defineMessages } from '../../../src/i18n/messages.js';
import type { MyBooking } from '../actors/bookings.js';
import { booking } from '../setup.js';
import type { ViewFn } from '../view.js';
import { formatDate } from './selection/format.js';

const messages = defineMessages({
  es: {
    loading: 'Buscando tus reservas…',
    title: '📋 Tus reservas:',
    none: 'Aún no tienes reservas hechas aquí. ¿Reservamos algo?',
    book: '🎟️ Reservar entradas',
    refresh: '🔄 Actualizar',
    status: (status: number) =>
      ({ 1: 'iniciada', 2: 'confirmada', 4: 'cancelada', 7: 'en proceso' })[status] ??
      `estado ${status}`,
    codes: 'Códigos',
  },
  en: {
    loading: 'Looking up your bookings…',
    title: '📋 Your bookings:',
    none: 'You have no bookings made here yet. Shall we book something?',
    book: '🎟️ Book tickets',
    refresh: '🔄 Refresh',
    status: (status: number) =>
      ({ 1: 'started', 2: 'confirmed', 4: 'cancelled', 7: 'in process' })[status] ??
      `status ${status}`,
    codes: 'Codes',
  },
});

function describe(bookings: MyBooking[], lang: 'es' | 'en'): string {
  const m = messages(lang);
  return bookings
    .flatMap((sale) =>
      sale.activities.map((activity) => {
        const codes = activity.accessCodes.length
          ? `\n   ${m.codes}: ${activity.accessCodes.join(', ')}`
          : '';
        return `• ${activity.name} — ${formatDate(activity.accessDate, lang)} (${m.status(activity.status)})${codes}`;
      }),
    )
    .join('\n');
}

const listView: ViewFn = (context) => {
  const m = messages(context.language);
  const found = context.myBookings ?? [];
  return {
    text: found.length === 0 ? m.none : `${m.title}\n${describe(found, context.language)}`,
    expects: 'choice',
    options: [
      ...(found.length === 0
        ? [{ id: 'book', label: m.book, event: { type: 'command', name: 'book' } as const }]
        : [{ id: 'refresh', label: m.refresh, event: { type: 'bookings.refresh' } as const }]),
      { id: 'home', label: common(context.language).home, event: { type: 'nav.home' } },
    ],
  };
};

export const bookingsState = booking.createStateConfig({
  initial: 'loading',
  // Only for this visit: the list is not kept once the customer moves on.
  exit: assign({ myBookings: undefined }),
  states: {
    loading: {
      tags: ['busy'],
      meta: {
        view: (context) => ({
          text: messages(context.language).loading,
          expects: 'none',
          options: [],
        }),
      },
      invoke: {
        src: 'loadMyBookings',
        input: ({ context }) => ({ userKey: context.userKey, language: context.language }),
        onDone: { target: 'list', actions: assign({ myBookings: ({ event }) => event.output }) },
        onError: { target: '#booking.home', actions: 'explainFailure' },
      },
    },
    list: {
      meta: { view: listView },
      on: { 'bookings.refresh': { target: 'loading' } },
    },
  },
});
