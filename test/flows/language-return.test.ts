/**
 * /language in the middle of a step (never back to the home menu): the language chosen, the conversation goes on where it was, in that language;
 * and the same when the language changes because the customer writes in the other one.
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '#src/sandbox/seed/index.js';
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
    chat.send({ type: 'language.noticed', language: 'es', clearly: true });
    expect(chat.snapshot().context.language).toBe('en');
    // The offer's button, after the step's own options.
    expect(chat.view().options.at(-1)).toMatchObject({
      id: 'language:es',
      label: '🌐 Seguir en español',
    });
    const switched = chat.send({ type: 'language.noticed', language: 'es', clearly: true });
    expect(switched.context.language).toBe('es');
    expect(switched.value).toEqual({ client: 'documentIdentifier' });
    expect(switched.context.checkout.client).toEqual({ fullName: 'Ana', surname: 'García' });
    expect(chat.view().text).toMatch(/^Ahora: tu DNI, NIE o pasaporte/);
    expect(chat.notices.at(-1)).toBe('Idioma cambiado a español.');
  });

  it('a message asking for the language switches it at a question, never taken as the answer', () => {
    const chat = atDetails();
    chat.say({ kind: 'text', text: 'por favor, continúa en español' });
    expect(chat.snapshot().context.language).toBe('es');
    expect(chat.snapshot().value).toEqual({ client: 'fullName' });
    expect(chat.snapshot().context.checkout.client).toBeUndefined();
    expect(chat.view().text).toMatch(/^Para emitir las entradas, el servicio/);
  });

  it('a new conversation starts in the language its first clear message is in; a settled one offers', () => {
    const fresh = startBooking('client', { ...atDetails().snapshot().context, languageOpen: true });
    fresh.send({ type: 'language.noticed', language: 'es', clearly: true });
    expect(fresh.snapshot().context.language).toBe('es');
    expect(fresh.snapshot().context.languageOffered).toBeUndefined();
    expect(fresh.notices).toEqual(['Idioma cambiado a español.']);

    // One word of the other language decides nothing; one of its own settles the language.
    const settling = startBooking('client', {
      ...atDetails().snapshot().context,
      languageOpen: true,
    });
    settling.send({ type: 'language.noticed', language: 'es' });
    expect(settling.snapshot().context.languageOpen).toBe(true);
    settling.send({ type: 'language.noticed', language: 'en' });
    expect(settling.snapshot().context.languageOpen).toBe(false);
    settling.send({ type: 'language.noticed', language: 'es', clearly: true });
    expect(settling.snapshot().context.language).toBe('en');
    expect(settling.snapshot().context.languageOffered).toBe('es');
  });

  it('goes home from the home menu, as before', () => {
    const chat = startBooking('home', context({ draft: undefined }));
    chat.say({ kind: 'text', text: '/language' });
    expect(chat.say({ kind: 'choose', id: 'lang:es' }).value).toBe('home');
  });
});
