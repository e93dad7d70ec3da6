/**
 * The buyer's details step on the real booking machine: each field asked, refused with
 * a reason or stored normalized, the summary with edit and keep, and every way back.
 */
import { describe, expect, it } from 'vitest';
import type { BookingContext, ClientDetails } from '#flows/booking/types.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { context, startBooking } from './questions-harness.js';

const complete: ClientDetails = {
  fullName: 'Ana',
  surname: 'Gómez Ruiz',
  documentIdentifier: '12345678Z',
  phoneNumber: '+34612345678',
  email: 'ana@example.com',
};

/** A line in the cart, so that the way to pay goes on (an empty cart goes back to it). */
const line = {
  cartItemId: 'item-1',
  productId: demoIds.products.museumAdult,
  providerId: demoIds.providers.museum,
  name: 'General admission, adult',
  accessDate: '2026-08-14' as const,
  quantity: 1,
  sessions: [],
  unitPrice: { cents: 1500, currency: 'EUR' },
};

const at = (client?: Partial<ClientDetails>, over: Partial<BookingContext> = {}) =>
  startBooking(
    'client',
    context({
      draft: undefined,
      cart: { shoppingCartId: 'cart000000001', lines: [line] },
      checkout: {
        insuranceDeclined: false,
        profileAnswers: {},
        ...(client ? { client } : {}),
      },
      ...over,
    }),
  );

describe('client details', () => {
  it('asks for them all at once, says why first, and refuses wrong ones with a reason', () => {
    const chat = at();
    expect(chat.snapshot().value).toEqual({ client: 'fullName' });
    expect(chat.view().text).toBe(
      "To issue the tickets, the booking service may need the buyer's details, so I always ask for them: that way the booking is not refused. They are only used for this booking.\nYour details: full name, ID card or passport number, phone and e-mail. You can type them in one message, e.g.: Ann Smith, 123456789, +44 20 7946 0958, ann@example.com",
    );
    expect(chat.view().expects).toBe('text');
    chat.say({ kind: 'text', text: 'R2D2' });
    chat.say({ kind: 'text', text: 'Ana' });
    // What is missing is asked together again; each detail can still come alone.
    expect(chat.view().text).toBe(
      'Now: your surname, your ID card or passport number, your phone and your e-mail. You can type them in one message.',
    );
    chat.say({ kind: 'text', text: 'Gómez Ruiz' });
    chat.say({ kind: 'text', text: '12345678A' });
    chat.say({ kind: 'text', text: '12345678z' });
    expect(chat.view().expects).toBe('phone');
    chat.say({ kind: 'text', text: '123' });
    chat.say({ kind: 'text', text: '+34 612 345 678' });
    expect(chat.view().expects).toBe('email');
    chat.say({ kind: 'text', text: 'ana@example' });
    const done = chat.say({ kind: 'text', text: 'ana@example.com' });
    expect(chat.notices).toEqual([
      'Please use letters only; spaces, hyphens and apostrophes are fine.',
      'The letter does not match that DNI or NIE number. Please check it.',
      'Please type a phone number of 7 to 15 digits; it may start with +.',
      'That e-mail address is not valid. Write it like name@example.com.',
    ]);
    expect(done.context.checkout.client).toEqual(complete);
    // On to the checkout questions: no summary to confirm (the review shows the details).
    expect(done.matches('checkoutQuestions')).toBe(true);
  });

  it('takes every detail from one message, and only asks what is missing', () => {
    const chat = at();
    const all = chat.say({
      kind: 'text',
      text: 'Ana Gómez Ruiz, 12345678Z, +34 612 345 678, ana@example.com',
    });
    expect(all.context.checkout.client).toEqual(complete);
    expect(all.matches('checkoutQuestions')).toBe(true);
    const some = at();
    some.say({ kind: 'text', text: 'Ana Gómez Ruiz ana@example.com' });
    expect(some.snapshot().value).toEqual({ client: 'documentIdentifier' });
    // Several details typed where one is asked fill them all.
    const later = some.say({ kind: 'text', text: '12345678Z, +34612345678' });
    expect(later.context.checkout.client).toEqual(complete);
  });

  /** The summary, as the review's "Change my details" opens it. */
  const summary = () =>
    startBooking(
      { client: 'summary' },
      context({
        draft: undefined,
        cart: { shoppingCartId: 'cart000000001', lines: [line] },
        checkout: { insuranceDeclined: false, profileAnswers: {}, client: complete },
      }),
    );

  it('shows the summary when changing them from the review, and goes on from it', () => {
    const chat = summary();
    expect(chat.view().text).toBe(
      'Please check your details:\nName: Ana\nSurname: Gómez Ruiz\nDocument: 12345678Z\nPhone: +34612345678\nE-mail: ana@example.com',
    );
    expect(chat.view().options.map((o) => o.id)).toEqual([
      'client:confirm',
      'edit:fullName',
      'edit:surname',
      'edit:documentIdentifier',
      'edit:phoneNumber',
      'edit:email',
      'back',
      'home',
    ]);
    const next = chat.say({ kind: 'choose', id: 'client:confirm' });
    expect(next.matches('checkoutQuestions')).toBe(true);
  });

  it('edits one field and comes back to the summary; keep changes nothing', () => {
    const chat = summary();
    chat.say({ kind: 'choose', id: 'edit:email' });
    expect(chat.snapshot().value).toEqual({ client: 'edit_email' });
    expect(chat.view().text).toBe('Your e-mail address:\nNow: ana@example.com');
    chat.say({ kind: 'text', text: 'nope' });
    const edited = chat.say({ kind: 'text', text: 'ana.gomez@example.org' });
    expect(edited.value).toEqual({ client: 'summary' });
    expect(edited.context.checkout.client?.email).toBe('ana.gomez@example.org');
    chat.say({ kind: 'choose', id: 'edit:phoneNumber' });
    const kept = chat.say({ kind: 'choose', id: 'keep' });
    expect(kept.value).toEqual({ client: 'summary' });
    expect(kept.context.checkout.client).toEqual({ ...complete, email: 'ana.gomez@example.org' });
    // Back from the summary: the review again.
    expect(chat.say({ kind: 'choose', id: 'back' }).matches('review')).toBe(true);
  });

  it('goes on from a half-filled form at the first missing field', () => {
    const chat = at({ fullName: 'Ana', surname: 'Gómez' });
    expect(chat.snapshot().value).toEqual({ client: 'documentIdentifier' });
  });

  it('back from a field goes to the cart (the questions come after the details)', () => {
    const chat = at({ fullName: 'Ana' });
    expect(chat.snapshot().value).toEqual({ client: 'surname' });
    expect(chat.say({ kind: 'choose', id: 'back' }).matches('cart')).toBe(true);
    expect(at().say({ kind: 'choose', id: 'back' }).matches('cart')).toBe(true);
  });

  it('asks in Spanish', () => {
    const chat = at(undefined, { language: 'es' });
    chat.say({ kind: 'text', text: '  ' });
    expect(chat.view().text).toContain('Tus datos: nombre y apellidos');
    chat.say({ kind: 'text', text: 'Ana!' });
    expect(chat.notices.at(-1)).toBe(
      'Escribe solo letras; se admiten espacios, guiones y apóstrofos.',
    );
  });
});
