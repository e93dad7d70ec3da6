/**
 * The buyer's details: name, surname, identity document, phone and e-mail, asked first on
 * the way to pay (the provider, sale and client questions that ask the same are then
 * answered from them), all in one message or one by one, each checked
 * (questions/client-fields.ts). The review shows them; changing them from there goes
 * through the summary here.
 *
 * Always asked: the spec makes the Client mandatory with hotels and, for activity-only
 * sales, a matter of the partner's configuration, which the bot cannot see; asking every
 * time means no sale is refused for lack of it. The customer is told why, briefly.
 * Personal data: nothing here is logged; errors do not repeat what was typed.
 *
 * `route` goes to the first field still missing, else on to the checkout questions; a
 * message that carries several details fills them all, whichever field was asked.
 * Editing one field from the summary comes back to the summary.
 */
import { assign, enqueueActions } from 'xstate';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Option } from '#flows/view.js';
import { partnerCall } from '../partner-call.js';
import { checked, missing, severalDetails, valueOf } from '../guards/checkout.js';
import { booking } from '../setup.js';
import type { BookingContext, BookingEvent, ClientField } from '../types.js';
import type { ViewDeps, ViewFn } from '../view.js';
import {
  CLIENT_FIELDS,
  readClientDetails,
  readClientMessage,
  type ClientFieldError,
} from './questions/client-fields.js';
import { buyerNamesInCart } from './questions/names.js';
import { productPersonKind } from '#src/domain/people.js';

const messages = defineMessages({
  es: {
    why: 'Para emitir las entradas, el servicio de reservas puede pedir los datos de quien compra; te los pido siempre para que la reserva no se rechace. Solo se usan para esta reserva.',
    askAll:
      'Tus datos: nombre y apellidos, DNI, NIE o pasaporte, teléfono y correo electrónico. Puedes escribirlos en un solo mensaje, p. ej.: Ana García López, 12345678Z, +34 600 111 222, ana@ejemplo.com',
    askRest: (fields: string) => `Ahora: ${fields}. Puedes escribirlos en un solo mensaje.`,
    isMe: (name: string) => `👤 Soy ${name}`,
    and: 'y',
    ask: (field: ClientField) =>
      ({
        fullName: '¿Cuál es tu nombre? (sin los apellidos)',
        surname: '¿Y tus apellidos?',
        documentIdentifier: 'Tu DNI, NIE o número de pasaporte:',
        phoneNumber:
          'Un teléfono de contacto (con el prefijo del país si no es de España, p. ej. +44 20 7946 0958):',
        email: 'Tu correo electrónico:',
      })[field],
    label: (field: ClientField) =>
      ({
        fullName: 'Nombre',
        surname: 'Apellidos',
        documentIdentifier: 'Documento',
        phoneNumber: 'Teléfono',
        email: 'Correo',
      })[field],
    asked: (field: ClientField) =>
      ({
        fullName: 'tu nombre',
        surname: 'tus apellidos',
        documentIdentifier: 'tu DNI, NIE o pasaporte',
        phoneNumber: 'tu teléfono',
        email: 'tu correo electrónico',
      })[field],
    current: (value: string) => `Ahora: ${value}`,
    keep: '✔️ Mantener',
    summary: 'Revisa tus datos:',
    recalling: 'Buscando tus datos guardados…',
    confirm: '✅ Son correctos, seguir',
    edit: (label: string) => `✏️ ${label}`,
    error: (error: ClientFieldError) =>
      ({
        empty: 'Necesito este dato para seguir.',
        name: 'Escribe solo letras; se admiten espacios, guiones y apóstrofos.',
        'too-long': 'Es demasiado largo: como máximo 60 caracteres.',
        document:
          'No parece un documento válido: escribe un DNI (12345678Z), un NIE (X1234567L) o el número de tu pasaporte (de 5 a 20 letras y cifras).',
        'document-letter':
          'La letra no corresponde a ese número de DNI o NIE. Revísalo, por favor.',
        phone: 'Escribe un teléfono de 7 a 15 cifras; puede empezar por +.',
        email: 'Esa dirección de correo no es válida. Escríbela así: nombre@ejemplo.com.',
      })[error],
  },
  en: {
    why: "To issue the tickets, the booking service may need the buyer's details, so I always ask for them: that way the booking is not refused. They are only used for this booking.",
    askAll:
      'Your details: full name, ID card or passport number, phone and e-mail. You can type them in one message, e.g.: Ann Smith, 123456789, +44 20 7946 0958, ann@example.com',
    askRest: (fields: string) => `Now: ${fields}. You can type them in one message.`,
    isMe: (name: string) => `👤 I am ${name}`,
    and: 'and',
    ask: (field: ClientField) =>
      ({
        fullName: 'What is your first name? (without the surname)',
        surname: 'And your surname?',
        documentIdentifier: 'Your ID card (DNI/NIE) or passport number:',
        phoneNumber:
          'A contact phone number (with the country code if it is not Spanish, e.g. +44 20 7946 0958):',
        email: 'Your e-mail address:',
      })[field],
    label: (field: ClientField) =>
      ({
        fullName: 'Name',
        surname: 'Surname',
        documentIdentifier: 'Document',
        phoneNumber: 'Phone',
        email: 'E-mail',
      })[field],
    asked: (field: ClientField) =>
      ({
        fullName: 'your first name',
        surname: 'your surname',
        documentIdentifier: 'your ID card or passport number',
        phoneNumber: 'your phone',
        email: 'your e-mail',
      })[field],
    current: (value: string) => `Now: ${value}`,
    keep: '✔️ Keep it',
    summary: 'Please check your details:',
    recalling: 'Looking for your saved details…',
    confirm: '✅ All correct, go on',
    edit: (label: string) => `✏️ ${label}`,
    error: (error: ClientFieldError) =>
      ({
        empty: 'I need this to go on.',
        name: 'Please use letters only; spaces, hyphens and apostrophes are fine.',
        'too-long': 'That is too long: 60 characters at most.',
        document:
          'That does not look like a valid document: type a Spanish DNI (12345678Z), an NIE (X1234567L) or your passport number (5 to 20 letters and digits).',
        'document-letter': 'The letter does not match that DNI or NIE number. Please check it.',
        phone: 'Please type a phone number of 7 to 15 digits; it may start with +.',
        email: 'That e-mail address is not valid. Write it like name@example.com.',
      })[error],
  },
});

const EXPECTS: Record<ClientField, 'text' | 'phone' | 'email'> = {
  fullName: 'text',
  surname: 'text',
  documentIdentifier: 'text',
  phoneNumber: 'phone',
  email: 'email',
};

const navigation = (context: BookingContext): Option<BookingEvent>[] => [
  { id: 'back', label: common(context.language).back, event: { type: 'nav.back' } },
  { id: 'home', label: common(context.language).home, event: { type: 'nav.home' } },
];

/** Names given before that read as a first name and a surname: offered as the buyer's. */
const namesGiven = (context: BookingContext, deps: ViewDeps): string[] =>
  buyerNamesInCart(context, (productId) => {
    const entry = deps.catalog.product(productId);
    const kind = entry ? productPersonKind(entry.product) : undefined;
    return kind === 'child' || kind === 'baby';
  })
    .filter((name) => Object.keys(readClientDetails(name)).join() === 'fullName,surname')
    .slice(0, 3);

/** "your ID card or passport number, your phone and your e-mail". */
function listed(fields: readonly ClientField[], lang: BookingContext['language']): string {
  const m = messages(lang);
  const words = fields.map((field) => m.asked(field));
  return words.length > 1
    ? `${words.slice(0, -1).join(', ')} ${m.and} ${words.at(-1)}`
    : words.join('');
}

/**
 * Editing (`after` is the summary) asks the one field; on the way through, every missing
 * detail is asked together (all five at first, with the reason), each still readable alone.
 */
function fieldView(field: ClientField, after: 'route' | 'summary'): ViewFn {
  return (context, deps) => {
    const m = messages(context.language);
    const value = valueOf(context, field);
    const left = missing(context);
    const first = left.length === CLIENT_FIELDS.length;
    const lines =
      after === 'route' && first
        ? [m.why, m.askAll]
        : after === 'route' && left.length > 1
          ? [m.askRest(listed(left, context.language))]
          : [m.ask(field), ...(value !== undefined ? [m.current(value)] : [])];
    const names = after === 'route' && first ? namesGiven(context, deps) : [];
    return {
      text: lines.join('\n'),
      expects: EXPECTS[field],
      options: [
        ...names.map((name, index) => ({
          id: `client:name:${index + 1}`,
          label: m.isMe(name),
          event: { type: 'client.name', name } as const,
        })),
        ...(value !== undefined
          ? [{ id: 'keep', label: m.keep, event: { type: 'client.keep' } as const }]
          : []),
        ...navigation(context),
      ],
      readText: (text) => ({ event: { type: 'text', text } }),
    };
  };
}

const summaryView: ViewFn = (context) => {
  const m = messages(context.language);
  return {
    text: [
      m.summary,
      ...CLIENT_FIELDS.map((field) => `${m.label(field)}: ${valueOf(context, field) ?? '—'}`),
    ].join('\n'),
    expects: 'choice',
    options: [
      { id: 'client:confirm', label: m.confirm, event: { type: 'client.confirm' } },
      ...CLIENT_FIELDS.map((field) => ({
        id: `edit:${field}`,
        label: m.edit(m.label(field)),
        event: { type: 'client.edit', field } as const,
      })),
      ...navigation(context),
    ],
  };
};

/**
 * A field's state: `after` is where a good answer leads (on through the missing fields,
 * or back to the summary when the customer is changing one), `back` where back leads.
 */
function fieldState(field: ClientField, after: 'route' | 'summary', back: string) {
  return booking.createStateConfig({
    meta: { view: fieldView(field, after) },
    on: {
      'client.name': {
        target: after,
        actions: assign(({ context, event }) => ({
          checkout: {
            ...context.checkout,
            client: { ...context.checkout.client, ...readClientDetails(event.name) },
          },
        })),
      },
      text: [
        {
          guard: { type: 'textGivesSeveralDetails', params: { field } },
          target: after,
          actions: [
            // A detail given wrong among others: said why before it is asked again.
            enqueueActions(({ context, event, enqueue }) => {
              const text = refusedText(event, context.language);
              if (text !== undefined) enqueue.emit({ type: 'notice', text });
            }),
            assign(({ context, event }) => ({
              checkout: {
                ...context.checkout,
                client: { ...context.checkout.client, ...severalDetails(field, event) },
              },
            })),
          ],
        },
        {
          guard: { type: 'textIsValidFor', params: { field } },
          target: after,
          actions: assign(({ context, event }) => {
            const result = checked(field, event);
            if (!result.ok) return {};
            return {
              checkout: {
                ...context.checkout,
                client: { ...context.checkout.client, [field]: result.value },
              },
            };
          }),
        },
        {
          actions: {
            type: 'notify',
            params: ({ context, event }) => {
              const result = checked(field, event);
              return { text: result.ok ? '' : messages(context.language).error(result.error) };
            },
          },
        },
      ],
      'client.keep': {
        guard: { type: 'clientFieldKnown', params: { field } },
        target: after,
      },
      'nav.back': { target: back },
    },
  });
}

/** Why details typed among others were not taken ("the DNI's letter…", "the e-mail…"). */
function refusedText(event: BookingEvent, lang: BookingContext['language']): string | undefined {
  if (event.type !== 'text') return undefined;
  const { refused } = readClientMessage(event.text);
  if (refused.length === 0) return undefined;
  const m = messages(lang);
  return refused.map((item) => `${m.label(item.field)}: ${m.error(item.error)}`).join('\n');
}

const editing = (field: ClientField) => `edit_${field}`;

export const clientState = booking.createStateConfig({
  initial: 'route',
  states: {
    route: {
      always: [
        {
          // Details remembered for this chat (with consent), looked up once: confirmed in one tap.
          guard: 'buyerUnknown' as const,
          target: 'recalling',
        },
        ...CLIENT_FIELDS.map((field) => ({
          guard: { type: 'clientFieldEmpty' as const, params: { field } },
          target: field,
        })),
        { target: '#booking.checkoutQuestions' },
      ],
    },
    // Back from any field of the way through: the cart (the questions come after).
    ...Object.fromEntries(
      CLIENT_FIELDS.map((field) => [field, fieldState(field, 'route', '#booking.cart')]),
    ),
    ...Object.fromEntries(
      CLIENT_FIELDS.map((field) => [editing(field), fieldState(field, 'summary', 'summary')]),
    ),
    recalling: partnerCall({
      waiting: (lang) => messages(lang).recalling,
      invoke: {
        src: 'recallCustomer',
        input: ({ context }) => ({ userKey: context.userKey }),
        onDone: [
          {
            guard: 'buyerRecalled',
            target: 'summary',
            actions: assign(({ context, event }) => ({
              checkout: { ...context.checkout, client: event.output ?? {} },
              customer: { recalled: true, saved: true },
            })),
          },
          { target: 'route', actions: assign({ customer: { recalled: true, saved: false } }) },
        ],
        // Not remembered, as far as we can tell: asked, as for anyone.
        onError: {
          target: 'route',
          actions: assign({ customer: { recalled: true, saved: false } }),
        },
      },
    }),
    summary: {
      meta: { view: summaryView },
      on: {
        'client.confirm': {
          guard: 'clientDetailsComplete',
          target: '#booking.checkoutQuestions',
        },
        'client.edit': CLIENT_FIELDS.map((field) => ({
          guard: { type: 'editsField' as const, params: { field } },
          target: editing(field),
        })),
        'nav.back': { target: '#booking.review' },
      },
    },
  },
});
