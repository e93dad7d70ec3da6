/**
 * Commands typed in words at a free-text question of the real booking machine: acted on,
 * and never stored as the answer.
 */
import { describe, expect, it } from 'vitest';
import { context, startBooking } from './questions-harness.js';

const atName = () =>
  startBooking(
    'client',
    context({ draft: undefined, checkout: { insuranceDeclined: false, profileAnswers: {} } }),
  );

describe('commands in words at a text question', () => {
  it('takes "cancelar" typed at the name question as the command, never as the name', () => {
    const chat = atName();
    expect(chat.view().expects).toBe('text');
    const after = chat.say({ kind: 'text', text: 'cancelar' });
    expect(after.value).toBe('home');
    expect(after.context.checkout.client?.fullName).toBeUndefined();
    expect(chat.notices).toContain('Done, starting over. Your cart is kept.');
  });

  it('answers "help" and asks the same question again; "menu" goes home', () => {
    const chat = atName();
    chat.say({ kind: 'text', text: 'help' });
    expect(chat.snapshot().value).toEqual({ client: 'fullName' });
    expect(chat.notices.at(-1)).toMatch(/^I can help you book/);
    expect(chat.say({ kind: 'text', text: 'menu' }).value).toBe('home');
    expect(chat.snapshot().context.checkout.client?.fullName).toBeUndefined();
  });

  it('still stores a name', () => {
    const chat = atName();
    chat.say({ kind: 'text', text: 'Ana' });
    expect(chat.snapshot().context.checkout.client?.fullName).toBe('Ana');
  });
});
