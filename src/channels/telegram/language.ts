/**
 * The language of the adapter's own words (toasts, the contact button, calendar
 * names). The conversation's language is the customer's choice, which the engine tells
 * (Engine.languageOf); before the conversation has one, the language of the customer's
 * Telegram app decides.
 */
import type { Engine } from '#src/conversation/engine.js';
import { pickLang, type Lang } from '#src/domain/lang.js';

/**
 * What the adapter asks the engine for its words: the conversation's language, and, for a
 * tap on an earlier view, what sits beside the machine answers it with (a handoff's).
 */
export type ConversationLanguages = Pick<Engine, 'languageOf' | 'earlierTap'>;

export async function conversationLanguage(
  engine: ConversationLanguages,
  conversationId: string,
  fallback: Lang,
): Promise<Lang> {
  return (await engine.languageOf(conversationId)) ?? fallback;
}

/** The language of a Telegram user's app, or the bot's default without one. */
export function userLanguage(code: string | undefined, fallback: Lang): Lang {
  return code === undefined || code.trim() === '' ? fallback : pickLang(code);
}
