import { describe, expect, it } from 'vitest';
import type { BookingView } from '#flows/booking/view.js';
import { normalize } from '#flows/understanding/text.js';
import { interpret } from '#src/conversation/interpret.js';

const view: BookingView = {
  text: 'Pick',
  expects: 'choice',
  options: [
    { id: 'book', label: '🎟️ Book tickets', event: { type: 'command.book' } },
    { id: 'cart', label: '🛒 My cart (2)', event: { type: 'cart.open' } },
  ],
};

describe('interpreting input against the current view', () => {
  it('sends the event of a chosen option', () => {
    expect(interpret({ kind: 'choose', id: 'cart' }, view)).toEqual({
      event: { type: 'cart.open' },
    });
  });

  it('treats an id the view does not offer as stale (or forged)', () => {
    expect(interpret({ kind: 'choose', id: 'product:forged' }, view)).toEqual({ stale: true });
  });

  it.each([
    ['/cart', { type: 'command.cart' }],
    ['/carrito', { type: 'command.cart' }],
    ['/cancel@my_bot', { type: 'command.cancel' }],
    ['/AYUDA', { type: 'command.help' }],
  ])('reads %s as a command', (text, event) => {
    expect(interpret({ kind: 'text', text }, view)).toEqual({ event });
  });

  it('does not understand an unknown command', () => {
    expect(interpret({ kind: 'text', text: '/rm -rf' }, view)).toEqual({ notUnderstood: true });
  });

  it.each([
    ['book tickets', 'command.book'],
    ['BOOK TICKETS', 'command.book'],
    ['my cart 2', 'cart.open'],
    ['1', 'command.book'],
    ['2', 'cart.open'],
  ])('matches typed %s to an option', (text, type) => {
    const reading = interpret({ kind: 'text', text }, view);
    expect('event' in reading && reading.event.type).toBe(type);
  });

  it('matches the first words of one option, but not of several', () => {
    const yesNo: BookingView = {
      text: 'Insurance?',
      expects: 'choice',
      options: [
        { id: 'yes', label: '✅ Yes, add it (€0.75)', event: { type: 'insurance.accept' } },
        { id: 'no', label: 'No, thanks', event: { type: 'insurance.decline' } },
        { id: 'no-way', label: 'No way', event: { type: 'nav.back' } },
      ],
    };
    expect(interpret({ kind: 'text', text: 'yes' }, yesNo)).toEqual({
      event: { type: 'insurance.accept' },
    });
    expect(interpret({ kind: 'text', text: 'No' }, yesNo)).toEqual({ notUnderstood: true });
    expect(interpret({ kind: 'text', text: 'no thanks' }, yesNo)).toEqual({
      event: { type: 'insurance.decline' },
    });
  });

  it.each(['3', '0', 'blah', '', '   '])('does not understand %j when nothing matches', (text) => {
    expect(interpret({ kind: 'text', text }, view)).toEqual({ notUnderstood: true });
  });

  it('lets the step read free text when it expects some', () => {
    const asking: BookingView = {
      ...view,
      expects: 'number',
      readText: (text) =>
        /^\d+$/.test(text)
          ? { event: { type: 'quantity.pick', quantity: Number(text) } }
          : { error: 'a number, please' },
    };
    expect(interpret({ kind: 'text', text: '12' }, asking)).toEqual({
      event: { type: 'quantity.pick', quantity: 12 },
    });
    expect(interpret({ kind: 'text', text: 'twelve' }, asking)).toEqual({
      error: 'a number, please',
    });
  });

  it('refuses a file where none is asked for', () => {
    expect(interpret({ kind: 'file', file: { mime: 'image/png', base64: '' } }, view)).toEqual({
      notUnderstood: true,
    });
  });

  it('normalizes accents, case, emoji and punctuation', () => {
    expect(normalize('🎟️ Reservar ENTRADAS — ¡ya!')).toBe('reservar entradas ya');
    expect(normalize('Español')).toBe('espanol');
  });
});

describe('commands in words', () => {
  const question: BookingView = {
    text: 'What is your first name?',
    expects: 'text',
    options: [{ id: 'back', label: '⬅️ Atrás', event: { type: 'nav.back' } }],
    readText: (text) => ({ event: { type: 'text', text } }),
  };

  it.each([
    ['cancelar', { type: 'command.cancel' }],
    ['Cancelar.', { type: 'command.cancel' }],
    ['quiero cancelar', { type: 'command.cancel' }],
    ['cancel', { type: 'command.cancel' }],
    ['empezar de nuevo', { type: 'command.cancel' }],
    ['start over', { type: 'command.cancel' }],
    ['menú', { type: 'nav.home' }],
    ['inicio', { type: 'nav.home' }],
    ['menu', { type: 'nav.home' }],
    ['ayuda', { type: 'command.help' }],
    ['help', { type: 'command.help' }],
    ['atrás', { type: 'nav.back' }],
    ['go back', { type: 'nav.back' }],
    ['mi carrito', { type: 'command.cart' }],
    ['my bookings', { type: 'command.mybookings' }],
    ['in English please', { type: 'language.set', language: 'en' }],
    ['en español', { type: 'language.set', language: 'es' }],
  ])('reads %j at a text question as a command, never as the answer', (text, event) => {
    expect(interpret({ kind: 'text', text }, question)).toEqual({ event });
  });

  it('leaves a name, and a greeting where text is expected, to the step', () => {
    expect(interpret({ kind: 'text', text: 'Ana' }, question)).toEqual({
      event: { type: 'text', text: 'Ana' },
    });
    expect(interpret({ kind: 'text', text: 'hola' }, question)).toEqual({
      event: { type: 'text', text: 'hola' },
    });
  });

  it('answers a greeting at a button question', () => {
    expect(interpret({ kind: 'text', text: 'hola' }, view)).toEqual({
      event: { type: 'command.greeting' },
    });
    expect(interpret({ kind: 'text', text: 'Hi!' }, view)).toEqual({
      event: { type: 'command.greeting' },
    });
  });

  it('prefers an option whose label is the very word', () => {
    const cancelling: BookingView = {
      ...view,
      options: [{ id: 'x', label: '✖️ Cancelar', event: { type: 'reservation.cancel' } }],
    };
    expect(interpret({ kind: 'text', text: 'cancelar' }, cancelling)).toEqual({
      event: { type: 'reservation.cancel' },
    });
  });
});

describe('"checkout" in either language', () => {
  const cart: BookingView = {
    text: '🛒 Tu carrito:',
    expects: 'choice',
    options: [
      { id: 'checkout', label: '🔒 Tramitar pedido', event: { type: 'cart.checkout' } },
      { id: 'home', label: '🏠 Inicio', event: { type: 'nav.home' } },
    ],
  };

  it.each(['checkout', 'check out', 'tramitar'])('takes %j as the checkout button', (text) => {
    expect(interpret({ kind: 'text', text }, cart)).toEqual({ event: { type: 'cart.checkout' } });
  });
});

describe('typed answers to a button question', () => {
  const menu: BookingView = {
    text: 'Pick',
    expects: 'choice',
    options: [
      { id: 'planetarium', label: '🎟️ Museum + Planetarium', event: { type: 'product.next' } },
      { id: 'jellyfish', label: 'Jellyfish aquarium', event: { type: 'cart.open' } },
      { id: 'shipwrecks', label: 'Exhibition "Shipwrecks"', event: { type: 'nav.back' } },
    ],
  };

  it.each([
    ['planetarim', 'product.next'],
    ['planet', 'product.next'],
    ['jelyfish', 'cart.open'],
    ['aquarium', 'cart.open'],
    ['shipwreks', 'nav.back'],
    ['3', 'nav.back'],
  ])('matches %j to the one label it names (typo, prefix, number)', (text, type) => {
    const reading = interpret({ kind: 'text', text }, menu);
    expect('event' in reading && reading.event.type).toBe(type);
  });

  it('does not guess between labels, nor from a short word', () => {
    const both: BookingView = {
      ...menu,
      options: [
        { id: 'a', label: 'Park admission, adult', event: { type: 'product.next' } },
        { id: 'b', label: 'Park admission, child', event: { type: 'cart.open' } },
      ],
    };
    expect(interpret({ kind: 'text', text: 'park' }, both)).toEqual({ notUnderstood: true });
    expect(interpret({ kind: 'text', text: 'ab' }, menu)).toEqual({ notUnderstood: true });
  });
});
