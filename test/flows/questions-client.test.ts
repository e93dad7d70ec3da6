/**
 * The buyer's details step on the real booking machine: each field asked, refused with
 * a reason or stored normalized, the summary with edit and keep, and every way back.
 */
import { describe, expect, it } from 'vitest';
import type { BookingContext, ClientDetails } from '../../flows/booking/types.js';
import { demoIds } from '../../src/sandbox/seed/index.js';
import { context, demoProfile, startBooking } from './questions-harness.js';

const complete: ClientDetails = {
  fullName: 'Ana',
  surname: 'Gómez Ruiz',
  documentIdentifier: '12345678Z',
  phoneNumber: '+34612345678',
  email: 'ana@example.com',
};

const at = (client?: Partial<ClientDetails>, over: Partial<BookingContext> = {}) =>
  startBooking(
    'client',
    context({
      draft: undefined,
      checkout: {
        insuranceDeclined: false,
        profileAnswers: {},
        ...(client ? { client } : {}),
      },
      ...over,
    }),
  );

describe('client details', () => {
  it('asks each field in turn, says why first, and refuses wrong ones with a reason', () => {
    const chat = at();
    expect(chat.snapshot().value).toEqual({ client: 'fullName' });
    expect(chat.view().text).toBe(
      "To issue the tickets, the booking service may need the buyer's details, so I always ask for them: that way the booking is not refused. They are only used for this booking.\nWhat is your first name? (without the surname)",
    );
    expect(chat.view().expects).toBe('text');
    chat.say({ kind: 'text', text: 'R2D2' });
    chat.say({ kind: 'text', text: 'Ana' });
    chat.say({ kind: 'text', text: 'Gómez Ruiz' });
    chat.say({ kind: 'text', text: '12345678A' });
    chat.say({ kind: 'text', text: '12345678z' });
    expect(chat.view().expects).toBe('phone');
    chat.say({ kind: 'text', text: '123' });
    chat.say({ kind: 'text', text: '+34 612 345 678' });
    expect(chat.view().expects).toBe('email');
    chat.say({ kind: 'text', text: 'ana@example' });
    const summary = chat.say({ kind: 'text', text: 'ana@example.com' });
    expect(chat.notices).toEqual([
      'Please use letters only; spaces, hyphens and apostrophes are fine.',
      'The letter does not match that DNI or NIE number. Please check it.',
      'Please type a phone number of 7 to 15 digits; it may start with +.',
      'That e-mail address is not valid. Write it like name@example.com.',
    ]);
    expect(summary.value).toEqual({ client: 'summary' });
    expect(summary.context.checkout.client).toEqual(complete);
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
  });

  it('confirms to the review', () => {
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
    const chat = at(complete, { cart: { shoppingCartId: 'cart000000001', lines: [line] } });
    expect(chat.snapshot().value).toEqual({ client: 'summary' });
    const next = chat.say({ kind: 'choose', id: 'client:confirm' });
    expect(next.matches('review')).toBe(true);
  });

  it('edits one field and comes back to the summary; keep changes nothing', () => {
    const chat = at(complete);
    chat.say({ kind: 'choose', id: 'edit:email' });
    expect(chat.snapshot().value).toEqual({ client: 'email' });
    expect(chat.view().text).toBe('Your e-mail address:\nNow: ana@example.com');
    chat.say({ kind: 'text', text: 'nope' });
    const edited = chat.say({ kind: 'text', text: 'ana.gomez@example.org' });
    expect(edited.value).toEqual({ client: 'summary' });
    expect(edited.context.checkout.client?.email).toBe('ana.gomez@example.org');
    chat.say({ kind: 'choose', id: 'edit:phoneNumber' });
    const kept = chat.say({ kind: 'choose', id: 'keep' });
    expect(kept.value).toEqual({ client: 'summary' });
    expect(kept.context.checkout.client).toEqual({ ...complete, email: 'ana.gomez@example.org' });
  });

  it('goes on from a half-filled form at the first missing field', () => {
    const chat = at({ fullName: 'Ana', surname: 'Gómez' });
    expect(chat.snapshot().value).toEqual({ client: 'documentIdentifier' });
  });

  it('back goes to the previous field, and from the summary to the e-mail', () => {
    const chat = at({ fullName: 'Ana' });
    expect(chat.snapshot().value).toEqual({ client: 'surname' });
    chat.say({ kind: 'choose', id: 'back' });
    expect(chat.snapshot().value).toEqual({ client: 'fullName' });
    expect(chat.view().text).toBe('What is your first name? (without the surname)\nNow: Ana');
    const summary = at(complete);
    summary.say({ kind: 'choose', id: 'back' });
    expect(summary.snapshot().value).toEqual({ client: 'email' });
  });

  it('back from the first field: to the last checkout question, or to the cart', () => {
    const noQuestions = at();
    expect(noQuestions.say({ kind: 'choose', id: 'back' }).matches('cart')).toBe(true);
    const contact = demoProfile(demoIds.profiles.providerMuseum);
    const withQuestions = startBooking(
      'client',
      context({
        draft: undefined,
        checkout: {
          insuranceDeclined: false,
          profileAnswers: {},
          questions: {
            sets: [
              {
                profileId: contact.id,
                level: 'provider',
                label: 'Visit contact',
                questions: contact.questions,
              },
            ],
            cursor: 0,
          },
        },
      }),
    );
    const back = withQuestions.say({ kind: 'choose', id: 'back' });
    expect(back.value).toEqual({ checkoutQuestions: 'asking' });
    expect(back.context.checkout.questions?.cursor).toBe(1);
  });

  it('asks in Spanish', () => {
    const chat = at(undefined, { language: 'es' });
    chat.say({ kind: 'text', text: '  ' });
    expect(chat.view().text).toContain('¿Cuál es tu nombre? (sin los apellidos)');
    chat.say({ kind: 'text', text: 'Ana!' });
    expect(chat.notices.at(-1)).toBe(
      'Escribe solo letras; se admiten espacios, guiones y apóstrofos.',
    );
  });
});
