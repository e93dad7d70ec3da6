/**
 * The guards of a message written in a language (steps/language.ts): the language it
 * leans to, against the conversation's and the one offered.
 */
import { eventOf, type GuardArgs } from './guard.js';

export const languageGuards = {
  /** Written in the conversation's language. */
  noticedOwnLanguage: ({ context, event }: GuardArgs) =>
    eventOf(event, 'language.noticed')?.language === context.language,
  /** One word of the other language ("yes", "no", a name): it decides nothing. */
  noticedUnclearly: ({ event }: GuardArgs) => {
    const noticed = eventOf(event, 'language.noticed');
    return noticed !== undefined && noticed.clearly !== true;
  },
  /** A new conversation: it starts in the customer's language. */
  languageOpen: ({ context }: GuardArgs) => context.languageOpen === true,
  /** The language offered once already. */
  noticedOfferedLanguage: ({ context, event }: GuardArgs) =>
    eventOf(event, 'language.noticed')?.language === context.languageOffered &&
    context.languageOffered !== undefined,
};
