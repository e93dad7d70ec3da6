/** The view after a failed look-up (sessions, capacity, price): try again, or go back. */
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { ViewFn } from '#flows/booking/view.js';
import { optionByNumber } from './read.js';

const messages = defineMessages({
  es: {
    text: 'No he podido comprobarlo ahora. ¿Lo intento de nuevo?',
    retry: '🔄 Reintentar',
  },
  en: {
    text: 'I could not check that just now. Shall I try again?',
    retry: '🔄 Try again',
  },
});

export const retryView: ViewFn = (context) => {
  const m = messages(context.language);
  const c = common(context.language);
  const options = [
    { id: 'retry', label: m.retry, event: { type: 'selection.retry' as const } },
    { id: 'back', label: c.back, event: { type: 'nav.back' as const } },
    { id: 'home', label: c.home, event: { type: 'nav.home' as const } },
  ];
  return {
    text: m.text,
    options,
    expects: 'choice',
    readText: (text) => optionByNumber(options, text) ?? { error: m.text },
  };
};
