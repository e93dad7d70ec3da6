/**
 * The buyer's details: name, surname, identity document, phone and e-mail, asked one by
 * one, checked (questions/client-fields.ts), then shown together to confirm or edit.
 *
 * Always asked: the spec makes the Client mandatory with hotels and, for activity-only
 * sales, a matter of the partner's configuration, which the bot cannot see; asking every
 * time means no sale is refused for lack of it. The customer is told why, briefly.
 * Personal data: nothing here is logged; errors do not repeat what was typed.
 *
 * `route` goes to the first field still missing, else to the summary: editing one field
 * from the summary comes back to it, and coming back to this step from the review shows
 * the summary directly.
 */
import { assign } from 'xstate';
import { common } from '../../../src/i18n/common.js';
import { defineMessages } from '../../../src/i18n/messages.js';
import type { Option } from '../../../src/conversation/view.js';
import { booking } from '../setup.js';
import type { BookingContext, BookingEvent, ClientField } from '../types.js';
import type { ViewFn } from '../view.js';
import { checkoutQuestionnaire } from './checkout-questions.js';
import {
  CLIENT_FIELDS,
  validateClientField,
  type ClientFieldError,
} from './questions/client-fields.js';

const messages = defineMessages({
  es: {
    why: 'Para emitir las entradas, el servicio de reservas puede pedir los datos de quien compra; te los pido siempre para que la reserva no se rechace. Solo se usan para esta reserva.',
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
    current: (value: string) => `Ahora: ${value}`,
    keep: '✔️ Mantener',
    summary: 'Revisa tus datos:',
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
    current: (value: string) => `Now: ${value}`,
    keep: '✔️ Keep it',
    summary: 'Please check your details:',
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

const valueOf = (context: BookingContext, field: ClientField) => context.checkout.client?.[field];

const navigation = (context: BookingContext): Option<BookingEvent>[] => [
  { id: 'back', label: common(context.language).back, event: { type: 'nav.back' } },
  { id: 'home', label: common(context.language).home, event: { type: 'nav.home' } },
];

function fieldView(field: ClientField): ViewFn {
  return (context) => {
    const m = messages(context.language);
    const value = valueOf(context, field);
    const lines = [
      ...(field === 'fullName' && value === undefined ? [m.why] : []),
      m.ask(field),
      ...(value !== undefined ? [m.current(value)] : []),
    ];
    return {
      text: lines.join('\n'),
      expects: EXPECTS[field],
      options: [
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

const checked = (field: ClientField, event: BookingEvent) =>
  validateClientField(field, event.type === 'text' ? event.text : '');

/** Back from the first field: the last checkout question when there were any, else the cart. */
const backOut = [
  {
    guard: ({ context }: { context: BookingContext }) =>
      checkoutQuestionnaire.slots(context).length > 0,
    target: '#booking.checkoutQuestions.asking',
    actions: booking.createAction(
      assign(({ context }) =>
        checkoutQuestionnaire.write(context, {
          cursor: checkoutQuestionnaire.slots(context).length - 1,
          pending: null,
        }),
      ),
    ),
  },
  { target: '#booking.cart' },
];

function fieldState(field: ClientField) {
  const index = CLIENT_FIELDS.indexOf(field);
  const previous = CLIENT_FIELDS[index - 1];
  return booking.createStateConfig({
    meta: { view: fieldView(field) },
    on: {
      text: [
        {
          guard: ({ event }) => checked(field, event).ok,
          target: 'route',
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
        guard: ({ context }) => valueOf(context, field) !== undefined,
        target: 'route',
      },
      'nav.back': previous !== undefined ? { target: previous } : backOut,
    },
  });
}

export const clientState = booking.createStateConfig({
  initial: 'route',
  states: {
    route: {
      always: [
        ...CLIENT_FIELDS.map((field) => ({
          guard: ({ context }: { context: BookingContext }) => !valueOf(context, field),
          target: field,
        })),
        { target: 'summary' },
      ],
    },
    fullName: fieldState('fullName'),
    surname: fieldState('surname'),
    documentIdentifier: fieldState('documentIdentifier'),
    phoneNumber: fieldState('phoneNumber'),
    email: fieldState('email'),
    summary: {
      meta: { view: summaryView },
      on: {
        'client.confirm': {
          guard: ({ context }) => CLIENT_FIELDS.every((field) => valueOf(context, field)),
          target: '#booking.review',
        },
        'client.edit': CLIENT_FIELDS.map((field) => ({
          guard: ({ event }: { event: BookingEvent }) =>
            event.type === 'client.edit' && event.field === field,
          target: field,
        })),
        'nav.back': { target: 'email' },
      },
    },
  },
});
