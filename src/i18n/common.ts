/** Messages shared by every flow: navigation, help, and failures (locales/<lang>/src/i18n/common.ftl). */
import { catalogMessages, text } from './catalog.js';

export const common = catalogMessages(import.meta.url, {
  back: text,
  cancel: text,
  home: text,
  more: text,
  previous: text,
  yes: text,
  no: text,
  notUnderstood: text,
  staleButton: text,
  tooLong: (max: number) => ({ max }),
  serviceDown: text,
  busy: text,
  /** The commands and what each is for: flows/booking/commands.ts. */
  help: (commands: string, menu: string, back: string) => ({ commands, menu, back }),
  /** A command in the help and a word that works like it: "/cart o «carrito»". */
  helpOrWord: (slash: string, word: string) => ({ slash, word }),
  languageChanged: text,
  cancelled: text,
  /** A conversation an update of the assistant could not carry on: back home, order kept. */
  startedOver: text,
  greeting: text,
  noPerson: text,
  alreadyBot: text,
  whichMeant: (word: string) => ({ word }),
  whichCancel: (word: string, label: string) => ({ word, label }),
  typeHint: (labels: string) => ({ labels }),
  offerLanguage: text,
});
