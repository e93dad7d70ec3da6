/**
 * Done: the purchase is confirmed, and the tickets come from the sale list
 * (GET /Sale?PartnerSaleId): per activity the product, date, session time and access
 * codes, with the ticket's conditions or the service's SuggestedAccessDateMessage; a
 * package's stays by name, dates and who stays (steps/packages/sold.ts). The sold cart
 * was finished at the Sale (a new cart id is already in the context).
 *
 * Access codes: one ticket document per ticket with its own AccessCode; an activity
 * whose tickets carry none gives one document with the activity's AccessCode. No code
 * at all (the provider processes the sale first): the text says they will follow.
 */
import { assign, not, raise } from 'xstate';
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { TicketDocument } from '#flows/view.js';
import { partnerCall } from '../partner-call.js';
import { purchaseDetails } from '../guards/order.js';
import { booking } from '../setup.js';
import type { BookingContext, SoldActivity } from '../types.js';
import type { TextReading, ViewDeps, ViewFn } from '../view.js';
import { homeReading } from './home.js';
import { formatAmounts } from './cart.js';
import { cancellationText } from './review.js';
import { formatDate } from '#flows/booking/choosing/format.js';
import { giftCardDocuments, giftCardLines, withoutGiftCards } from './giftcards/sold.js';
import { soldStays, stayCancellation, stayLines } from './packages/sold.js';

const messages = defineMessages({
  es: {
    loading: 'Preparando tus entradas…',
    announced: (id: string) =>
      `✅ Pagado: tu pedido ${id} está comprado. Preparo tus entradas y el recibo…`,
    saving: 'Guardando tus datos…',
    done: '🎉 ¡Compra confirmada! Estas son tus entradas:',
    reference: (id: string) => `🧾 Pedido ${id}`,
    paid: (amount: string) => `Total pagado: ${amount}`,
    tickets: (n: number) => (n === 1 ? '1 entrada' : `${n} entradas`),
    cancellation: (name: string, text: string) => `↩️ ${name}: ${text}`,
    doneNoTickets: '🎉 ¡Compra confirmada!',
    pendingCodes: (name: string) =>
      `${name}: el proveedor confirmará la reserva y te llegarán los códigos de acceso.`,
    notLoaded: 'Tu compra está confirmada, pero aún no puedo mostrar las entradas.',
    retry: '🎟️ Ver mis entradas',
    session: (time: string) => `Sesión: ${time}`,
    bookMore: '🎟️ Reservar más',
    remember: '💾 Recordar mis datos para la próxima vez',
    remembered:
      'Guardados: la próxima vez solo tendrás que confirmarlos. Escribe /forget cuando quieras que los olvide.',
  },
  en: {
    loading: 'Getting your tickets ready…',
    announced: (id: string) =>
      `✅ Paid: your order ${id} is bought. Getting your tickets and receipt ready…`,
    saving: 'Saving your details…',
    done: '🎉 Purchase confirmed! Here are your tickets:',
    reference: (id: string) => `🧾 Order ${id}`,
    paid: (amount: string) => `Total paid: ${amount}`,
    tickets: (n: number) => (n === 1 ? '1 ticket' : `${n} tickets`),
    cancellation: (name: string, text: string) => `↩️ ${name}: ${text}`,
    doneNoTickets: '🎉 Purchase confirmed!',
    pendingCodes: (name: string) =>
      `${name}: the provider will confirm the booking and send you the access codes.`,
    notLoaded: 'Your purchase is confirmed, but I cannot show the tickets yet.',
    retry: '🎟️ Show my tickets',
    session: (time: string) => `Session: ${time}`,
    bookMore: '🎟️ Book more',
    remember: '💾 Remember my details for next time',
    remembered:
      'Saved: next time you only confirm them. Type /forget whenever you want me to erase them.',
  },
});

/** The documents to show at the door, one per access code. */
export function ticketDocuments(
  activities: SoldActivity[],
  deps: Pick<ViewDeps, 'catalog'>,
  lang: Lang,
): TicketDocument[] {
  const m = messages(lang);
  // Gift cards sold: one document per redemption code (steps/giftcards/sold.ts).
  const cards = giftCardDocuments(activities, deps.catalog, lang);
  const tickets = withoutGiftCards(activities, deps.catalog).flatMap((activity) => {
    const withCodes = activity.tickets.filter((ticket) => ticket.accessCode !== undefined);
    if (withCodes.length === 0) {
      if (activity.accessCode === undefined) return [];
      const first = activity.tickets[0];
      return [
        {
          accessCode: activity.accessCode,
          title: activity.name,
          lines: [
            formatDate(activity.accessDate, lang, 'long'),
            ...(first?.sessionTime ? [m.session(first.sessionTime)] : []),
            ...(first?.suggestedAccessDateMessage ? [first.suggestedAccessDateMessage] : []),
          ],
        },
      ];
    }
    return withCodes.map((ticket) => {
      const conditions = deps.catalog.ticket(activity.productId, ticket.ticketId)?.ticketConditions;
      return {
        accessCode: ticket.accessCode!,
        title: [activity.name, ticket.name].filter(Boolean).join(' — '),
        lines: [
          formatDate(ticket.accessDate as IsoDate, lang, 'long'),
          ...(ticket.sessionTime ? [m.session(ticket.sessionTime)] : []),
          ...(ticket.enclosureName ? [ticket.enclosureName] : []),
          ...(conditions ? [conditions] : []),
          ...(ticket.suggestedAccessDateMessage ? [ticket.suggestedAccessDateMessage] : []),
        ],
      };
    });
  });
  return [...cards, ...tickets];
}

const doneView: ViewFn = (context, deps) => {
  const lang = context.language;
  const m = messages(lang);
  const activities = context.sale?.activities;
  const home = { id: 'home', label: common(lang).home, event: { type: 'nav.home' as const } };
  const bookMore = {
    id: 'book',
    label: m.bookMore,
    event: { type: 'command.book' as const },
  };
  if (activities === undefined) {
    const options = [
      { id: 'tickets', label: m.retry, event: { type: 'confirm' as const } },
      bookMore,
      home,
    ];
    return { text: m.notLoaded, expects: 'choice', options, readText: readAfterSale(deps, lang) };
  }
  const tickets = ticketDocuments(activities, deps, lang);
  const pending = activities
    .filter(
      (activity) =>
        activity.accessCode === undefined &&
        activity.tickets.every((ticket) => ticket.accessCode === undefined),
    )
    .map((activity) => m.pendingCodes(activity.name));
  const booked = withoutGiftCards(activities, deps.catalog);
  const summary = activityLines(booked, lang);
  const stays = (context.sale?.stays ?? []).flatMap((stay) => stayLines(stay, lang));
  const cards = giftCardLines(activities, deps.catalog, lang);
  return {
    // A receipt to keep: the order's reference, what was bought, what was paid, and the
    // cancellation terms; then the tickets.
    text: [
      tickets.length > 0 ? m.done : m.doneNoTickets,
      ...receiptHead(context, lang),
      ...summary,
      ...stays,
      ...cards,
      ...receiptFoot(context, booked, deps, lang),
      ...pending,
    ].join('\n'),
    expects: 'choice',
    tickets,
    options: [...rememberOption(context), bookMore, home],
    readText: readAfterSale(deps, lang),
  };
};

/**
 * Words typed at the receipt: the purchase is over, so they are read as at the home menu
 * (a new request starts a new booking) and answered from there; the receipt and its
 * tickets are not sent again (they are, when asked: /mybookings, "reenviar entradas").
 */
function readAfterSale(deps: ViewDeps, lang: Lang): (text: string) => TextReading {
  return (text) => {
    const reading = homeReading(text, deps, lang, []);
    return 'error' in reading ? { event: { type: 'done.aside', notice: reading.error } } : reading;
  };
}

/**
 * One line per product and day, with its tickets: the service may list one activity
 * per person (a package's park admission, three times for three people).
 */
export function activityLines(activities: SoldActivity[], lang: Lang): string[] {
  const m = messages(lang);
  const lines = new Map<string, { name: string; date: IsoDate; tickets: number }>();
  for (const activity of activities) {
    const key = `${activity.productId}|${activity.accessDate}`;
    const line = lines.get(key) ?? { name: activity.name, date: activity.accessDate, tickets: 0 };
    // People, where known: a ticket may be an item included (an audio guide), not a person.
    lines.set(key, {
      ...line,
      tickets: line.tickets + (activity.people ?? activity.tickets.length),
    });
  }
  return [...lines.values()].map(
    (line) =>
      `• ${line.name} — ${formatDate(line.date, lang)}` +
      (line.tickets > 0 ? ` (${m.tickets(line.tickets)})` : ''),
  );
}

/** The order's reference: the service's sale id (what its provider knows), else ours. */
function orderReference(sale: NonNullable<BookingContext['sale']>): string {
  return sale.saleIds[0] ?? sale.partnerSaleId;
}

function receiptHead(context: BookingContext, lang: Lang): string[] {
  const sale = context.sale;
  return sale === undefined ? [] : [messages(lang).reference(orderReference(sale))];
}

/** The total paid and the cancellation terms of each product and stay, once each. */
function receiptFoot(
  context: BookingContext,
  booked: SoldActivity[],
  deps: Pick<ViewDeps, 'catalog'>,
  lang: Lang,
): string[] {
  const m = messages(lang);
  const total = context.sale?.total;
  const currency = total?.[0]?.currency ?? 'EUR';
  const products = [...new Map(booked.map((activity) => [activity.productId, activity])).values()];
  return [
    ...(total !== undefined && total.length > 0 ? [m.paid(formatAmounts(total, lang))] : []),
    ...products.map((activity) =>
      m.cancellation(
        activity.name,
        cancellationText({ productId: activity.productId, unitPrice: { currency } }, deps, lang),
      ),
    ),
    ...(context.sale?.stays ?? []).flatMap((stay) => {
      const terms = stayCancellation(stay, currency, lang);
      return terms ? [m.cancellation(stay.name ?? stay.rateId, terms)] : [];
    }),
  ];
}

/** The offer to keep the details for next time: only asked, never assumed. */
function rememberOption(context: BookingContext) {
  if (context.customer?.saved === true || purchaseDetails(context) === undefined) return [];
  return [
    {
      id: 'remember',
      label: messages(context.language).remember,
      event: { type: 'customer.remember' as const },
    },
  ];
}

/**
 * The purchase bought, with its order number, while the tickets are looked up. The
 * receipt with the tickets follows and says "Purchase confirmed" itself: this says it
 * another way, so that the customer is not told the same thing twice.
 */
function confirmedText(context: BookingContext): string {
  const sale = context.sale;
  return messages(context.language).announced(sale ? orderReference(sale) : '');
}

/** The view while a call is out: one of this step's words, nothing to tap. */
export const doneState = booking.createStateConfig({
  initial: 'loading',
  states: {
    loading: partnerCall({
      waiting: (lang) => messages(lang).loading,
      invoke: {
        src: 'loadTickets',
        input: ({ context, event }) => ({
          partnerSaleId: context.sale?.partnerSaleId ?? '',
          language: context.language,
          // Right after the Sale (not a tap on "Show my tickets"): the purchase confirmed,
          // said while the tickets are looked up.
          ...(event.type === 'confirm' ? {} : { announce: confirmedText(context) }),
        }),
        onDone: {
          target: 'showing',
          actions: assign({
            sale: ({ context, event }) =>
              context.sale && {
                ...context.sale,
                // A package's products by the package's name, as the cart showed it.
                activities: event.output.activities.map((activity) => {
                  const names = context.sale?.packageNames;
                  const name =
                    names && activity.providerId && !names.plain.includes(activity.productId)
                      ? names.byProvider[activity.providerId]
                      : undefined;
                  return name ? { ...activity, name } : activity;
                }),
                stays: soldStays(context.sale.stays ?? [], event.output.stays),
              },
          }),
        },
      },
      failed: 'showing',
    }),
    remembering: partnerCall({
      waiting: (lang) => messages(lang).saving,
      invoke: {
        src: 'rememberCustomer',
        input: ({ context }) => ({ userKey: context.userKey, client: purchaseDetails(context)! }),
        onDone: {
          target: 'showing',
          actions: [
            assign({ customer: { recalled: true, saved: true } }),
            {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).remembered }),
            },
          ],
        },
      },
      failed: 'showing',
    }),
    showing: {
      meta: { view: doneView },
      on: {
        'customer.remember': {
          guard: 'purchaseDetailsComplete',
          target: 'remembering',
        },
        confirm: [{ guard: 'ticketsNotLoaded', target: 'loading' }],
        'nav.back': { target: '#booking.home' },
        // After the sale the conversation is at home: what is typed or asked is answered
        // there (home first, then the event again), never with the receipt again.
        wish: { target: '#booking.home', actions: raise(({ event }) => event) },
        'browse.query': { target: '#booking.home', actions: raise(({ event }) => event) },
        'browse.provider': { target: '#booking.home', actions: raise(({ event }) => event) },
        'browse.product': { target: '#booking.home', actions: raise(({ event }) => event) },
        'giftcard.menu': { target: '#booking.home', actions: raise(({ event }) => event) },
        'giftcard.redeem': { target: '#booking.home', actions: raise(({ event }) => event) },
        // Tickets not yet shown: the help and a greeting are answered here, by the way to
        // them ("Show my tickets"); shown, at home.
        'command.help': {
          guard: not('ticketsNotLoaded'),
          target: '#booking.home',
          actions: raise(({ event }) => event),
        },
        'command.human': {
          guard: not('ticketsNotLoaded'),
          target: '#booking.home',
          actions: raise(({ event }) => event),
        },
        'command.bot': {
          guard: not('ticketsNotLoaded'),
          target: '#booking.home',
          actions: raise(({ event }) => event),
        },
        'command.greeting': { guard: not('ticketsNotLoaded'), target: '#booking.home' },
        'done.aside': {
          target: '#booking.home',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ text: event.notice }),
          },
        },
      },
    },
  },
});
