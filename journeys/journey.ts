/**
 * Runs one scripted customer through the JSON-lines chat and counts: turns (each tap,
 * message or file the customer sends) until the goal, and questions asked twice.
 */
import type { OutputLine } from '#src/channels/console/lines.js';
import type { Input } from '#src/conversation/interpret.js';
import type { Chat } from '#test/support/chat.js';
import { answerOf, hurriedAction } from './customer.js';
import type { Asked, RepeatCounter } from './meaning.js';
import type { Party } from './persona.js';

/**
 * Where a journey ends: the payment step (the next tap takes the money), the cart, or the
 * tickets in hand (a purchase with nothing to pay, made to the end).
 */
/** `cancelRequested`: a bought booking's cancellation handed to staff. */
export type Goal = 'payment' | 'cart' | 'tickets' | 'cancelRequested';

export const reached: Record<Goal, (view: OutputLine) => boolean> = {
  payment: (view) => view.options.some((option) => option.id === 'pay'),
  cart: (view) => /^🛒/.test(view.text) && view.options.some((option) => option.id === 'checkout'),
  tickets: (view) => (view.tickets?.length ?? 0) > 0,
  cancelRequested: (view) => /petición de cancelar|request to cancel/.test(view.text),
};

/**
 * What the journey wants at a view (a place, a product, a quantity), or undefined to let
 * the hurried customer act. `memory` is the journey's own notes between views.
 */
export type Wish = (view: OutputLine, memory: Record<string, unknown>) => Input | undefined;

export interface Leg {
  goal: Goal;
  /** Inputs sent before the counting starts (the one message of a one-message journey counts). */
  wish: Wish;
  party: Party;
  /** The most turns before the journey is reported as not reaching its goal. */
  cap?: number;
}

export interface LegResult {
  turns: number;
  reached: boolean;
  repeats: number;
  repeated: string[];
  /** The last view's first line when the goal was not reached. */
  stuckAt?: string;
}

export const choose = (id: string): Input => ({ kind: 'choose', id });
export const say = (text: string): Input => ({ kind: 'text', text });

/** The option whose label matches, as a tap; undefined when the view has none. */
export function tap(view: OutputLine, label: RegExp): Input | undefined {
  const option = view.options.find((candidate) => label.test(candidate.label));
  return option ? choose(option.id) : undefined;
}

/** Prints each view and what the customer did (`--trace`), to see where the turns go. */
export type Trace = (view: OutputLine, input: Input) => void;

export async function runLeg(
  chat: Chat,
  leg: Leg,
  counter: RepeatCounter,
  trace?: Trace,
): Promise<LegResult> {
  const cap = leg.cap ?? 80;
  const memory: Record<string, unknown> = {};
  let turns = 0;
  let attempt = 0;
  let previous = '';
  counter.observe(chat.last(), (asked) => answerOf(leg.party, asked));
  while (turns < cap) {
    const view = chat.last();
    if (reached[leg.goal](view)) {
      return { turns, reached: true, repeats: counter.repeats, repeated: counter.repeated };
    }
    attempt = view.text === previous ? attempt + 1 : 0;
    previous = view.text;
    // The party numbered across the cart's lines, as the counter numbers them.
    const party = { who: (asked: Asked) => leg.party.who(counter.shift(asked)) };
    const input = leg.wish(view, memory) ?? hurriedAction(view, party, attempt);
    trace?.(view, input);
    await chat.send(input);
    turns += 1;
    if (input.kind === 'text') counter.answered(view, input.text);
    // The same view again is an answer refused (the script's, not the bot's, doing).
    if (chat.last().text !== view.text) {
      counter.observe(chat.last(), (asked) => answerOf(leg.party, asked));
    }
  }
  return {
    turns,
    reached: false,
    repeats: counter.repeats,
    repeated: counter.repeated,
    stuckAt: chat.last().text.split('\n')[0],
  };
}
