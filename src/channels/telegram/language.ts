/**
 * The language of the adapter's own words (toasts, the contact button, calendar
 * names). The conversation's language is the customer's choice, kept in its saved
 * snapshot (where the engine reads it too when it answers "busy"); before there is one,
 * the language of the customer's Telegram app decides.
 */
import { pickLang, type Lang } from '../../domain/lang.js';
import { conversationKey } from '../../store/keys.js';
import type { Store } from '../../store/store.js';

interface Saved {
  snapshot?: { context?: { language?: unknown } };
}

export async function conversationLanguage(
  store: Store,
  conversationId: string,
  fallback: Lang,
): Promise<Lang> {
  const saved = await store.get<Saved>(conversationKey(conversationId));
  const language = saved?.value.snapshot?.context?.language;
  return language === 'es' || language === 'en' ? language : fallback;
}

/** The language of a Telegram user's app, or the bot's default without one. */
export function userLanguage(code: string | undefined, fallback: Lang): Lang {
  return code === undefined || code.trim() === '' ? fallback : pickLang(code);
}
