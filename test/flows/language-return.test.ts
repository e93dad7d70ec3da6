/**
 * /language in the middle of a step (bug j of issue 14: it dropped the customer at the
 * home menu): the language chosen, the conversation goes on where it was, in that language;
 * and the same when the language changes because the customer writes in the other one.
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/sandbox/seed/index.js';
import { context, startBooking } from './questions-harness.js';

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

const atDetails = () =>
  startBooking(
    'client',
    context({ draft: undefined, cart: { shoppingCartId: 'cart000000001', lines: [line] } }),
  );

describe('/language at a step', () => {
  it("goes back to the buyer's details in the language chosen", () => {
    const chat = atDetails();
    chat.say({ kind: 'text', text: 'Ana García' });
    expect(chat.snapshot().value).toEqual({ client: 'documentIdentifier' });
    chat.say({ kind: 'text', text: '/language' });
    expect(chat.snapshot().value).toBe('language');
    const back = chat.say({ kind: 'choose', id: 'lang:es' });
    expect(back.value).toEqual({ client: 'documentIdentifier' });
    expect(back.context.language).toBe('es');
    expect(back.context.checkout.client).toEqual({ fullName: 'Ana', surname: 'García' });
    expect(chat.view().text).toMatch(/^Ahora: tu DNI, NIE o pasaporte/);
    expect(chat.notices.at(-1)).toBe('Idioma cambiado a español.');
    expect(back.context.languageFrom).toBeUndefined();
  });

  it('goes back there too when no language is chosen', () => {
    const chat = atDetails();
    chat.say({ kind: 'text', text: '/language' });
    expect(chat.say({ kind: 'choose', id: 'back' }).matches('client')).toBe(true);
  });

  it('the same when the customer writes twice in the other language (the automatic switch)', () => {
    const chat = atDetails();
    chat.say({ kind: 'text', text: 'Ana García' });
    chat.send({ type: 'language.noticed', language: 'es' });
    expect(chat.snapshot().context.language).toBe('en');
    const switched = chat.send({ type: 'language.noticed', language: 'es' });
    expect(switched.context.language).toBe('es');
    expect(switched.value).toEqual({ client: 'documentIdentifier' });
    expect(switched.context.checkout.client).toEqual({ fullName: 'Ana', surname: 'García' });
    expect(chat.view().text).toMatch(/^Ahora: tu DNI, NIE o pasaporte/);
    expect(chat.notices.at(-1)).toBe('Idioma cambiado a español.');
  });

  it('goes home from the home menu, as before', () => {
    const chat = startBooking('home', context({ draft: undefined }));
    chat.say({ kind: 'text', text: '/language' });
    expect(chat.say({ kind: 'choose', id: 'lang:es' }).value).toBe('home');
  });
});
