/**
 * /mybookings: the customer's own sales made in this conversation, as the service has
 * them now (status in words, dates, access codes, a package's stays), and the tickets of
 * any of them sent again (GET /Sale, as after the purchase: QR codes in Telegram).
 */
import { assign } from 'xstate';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { MyBooking } from '../actors/bookings.js';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { ViewFn } from '../view.js';
import { ticketDocuments } from './done.js';
import { cancelBookingStates } from './cancel-booking.js';
import { soldStays, stayLines } from './packages/sold.js';
import { formatDate, formatPrice } from '#flows/booking/choosing/format.js';

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
    total: (amount: string) => `   Total: ${amount}`,
    resend: (name: string, date: string) => `🎟️ Entradas: ${name} (${date})`,
    resending: 'Buscando tus entradas…',
    again: '🎟️ Aquí tienes tus entradas otra vez:',
    noTickets: 'Esa reserva aún no tiene entradas; vuelve a intentarlo en un rato.',
    toList: '📋 Mis reservas',
    cancel: (name: string, date: string) => `❌ Cancelar esta reserva: ${name} (${date})`,
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
    total: (amount: string) => `   Total: ${amount}`,
    resend: (name: string, date: string) => `🎟️ Tickets: ${name} (${date})`,
    resending: 'Looking up your tickets…',
    again: '🎟️ Here are your tickets again:',
    noTickets: 'That booking has no tickets yet; please try again in a while.',
    toList: '📋 My bookings',
    cancel: (name: string, date: string) => `❌ Cancel this booking: ${name} (${date})`,
  },
});

/** A booking's activities, one line per product, day and status (codes together). */
function activityLines(activities: MyBooking['activities'], lang: Lang): string[] {
  const m = messages(lang);
  const lines = new Map<string, MyBooking['activities'][number]>();
  for (const activity of activities) {
    const key = `${activity.name}|${activity.accessDate}|${activity.status}`;
    const line = lines.get(key);
    lines.set(
      key,
      line ? { ...line, accessCodes: [...line.accessCodes, ...activity.accessCodes] } : activity,
    );
  }
  return [...lines.values()].map((activity) => {
    const codes = activity.accessCodes.length
      ? `\n   ${m.codes}: ${activity.accessCodes.join(', ')}`
      : '';
    return `• ${activity.name} — ${formatDate(activity.accessDate, lang)} (${m.status(activity.status)})${codes}`;
  });
}

function describe(bookings: MyBooking[], lang: Lang): string {
  const m = messages(lang);
  return bookings
    .flatMap((sale) => [
      ...activityLines(sale.activities, lang),
      // A package's stays, as on its receipt.
      ...(sale.stays ?? []).flatMap((stay) => stayLines(stay, lang)),
      // What each booking cost, as on its receipt.
      ...(sale.total !== undefined ? [m.total(formatPrice(sale.total, lang))] : []),
    ])
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
        ? [{ id: 'book', label: m.book, event: { type: 'command.book' } as const }]
        : [
            // Each booking's tickets again: lost photos, a new phone, a print-out.
            ...found.flatMap((sale, index) => {
              const first = sale.activities[0];
              const codes = sale.activities.some((activity) => activity.accessCodes.length > 0);
              return first && codes
                ? [
                    {
                      id: `tickets:${index + 1}`,
                      label: m.resend(first.name, formatDate(first.accessDate, context.language)),
                      event: {
                        type: 'bookings.tickets',
                        partnerSaleId: sale.partnerSaleId,
                      } as const,
                    },
                  ]
                : [];
            }),
            // Each booking still standing can be asked to be cancelled (steps/cancel-booking.ts).
            ...found.flatMap((sale, index) =>
              sale.activities.some((activity) => activity.status === 2 || activity.status === 7)
                ? [
                    {
                      id: `cancel:${index + 1}`,
                      label: m.cancel(
                        sale.activities[0]!.name,
                        formatDate(sale.activities[0]!.accessDate, context.language),
                      ),
                      event: {
                        type: 'bookings.cancel',
                        partnerSaleId: sale.partnerSaleId,
                      } as const,
                    },
                  ]
                : [],
            ),
            { id: 'refresh', label: m.refresh, event: { type: 'bookings.refresh' } as const },
          ]),
      { id: 'home', label: common(context.language).home, event: { type: 'nav.home' } },
    ],
  };
};

const ticketsView: ViewFn = (context, deps) => {
  const m = messages(context.language);
  const tickets = ticketDocuments(context.myTickets ?? [], deps, context.language);
  const stays = (context.myStays ?? []).flatMap((stay) => stayLines(stay, context.language));
  return {
    text: [tickets.length > 0 ? m.again : m.noTickets, ...stays].join('\n'),
    expects: 'choice',
    tickets,
    options: [
      { id: 'back', label: m.toList, event: { type: 'nav.back' } },
      { id: 'home', label: common(context.language).home, event: { type: 'nav.home' } },
    ],
  };
};

export const bookingsState = booking.createStateConfig({
  initial: 'loading',
  // Only for this visit: the list is not kept once the customer moves on.
  exit: assign({
    myBookings: undefined,
    myTickets: undefined,
    myStays: undefined,
    cancelling: undefined,
    cancelChosen: undefined,
  }),
  states: {
    loading: partnerCall({
      waiting: (lang) => messages(lang).loading,
      invoke: {
        src: 'loadMyBookings',
        input: ({ context }) => ({ userKey: context.userKey, language: context.language }),
        onDone: { target: 'list', actions: assign({ myBookings: ({ event }) => event.output }) },
      },
      failed: '#booking.home',
    }),
    list: {
      meta: { view: listView },
      on: {
        'bookings.refresh': { target: 'loading' },
        'bookings.tickets': {
          // Only a booking of the list shown (this conversation's own).
          guard: 'bookingListed',
          target: 'resending',
          // Its stays as the list named them (the sale list names only their rates).
          actions: assign({
            myStays: ({ context, event }) =>
              context.myBookings?.find((sale) => sale.partnerSaleId === event.partnerSaleId)?.stays,
          }),
        },
      },
    },
    resending: partnerCall({
      waiting: (lang) => messages(lang).resending,
      invoke: {
        src: 'loadTickets',
        input: ({ context, event }) => ({
          partnerSaleId: event.type === 'bookings.tickets' ? event.partnerSaleId : '',
          language: context.language,
        }),
        onDone: {
          target: 'tickets',
          actions: assign({
            myTickets: ({ event }) => event.output.activities,
            myStays: ({ context, event }) => soldStays(context.myStays ?? [], event.output.stays),
          }),
        },
      },
      failed: 'list',
    }),
    tickets: {
      meta: { view: ticketsView },
      on: { 'nav.back': { target: 'list' } },
    },
    ...cancelBookingStates,
  },
});
