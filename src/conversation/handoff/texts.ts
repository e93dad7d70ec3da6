/** What the customer reads of a handoff to a person (locales/<lang>/src/conversation/handoff/texts.ftl). */
import { catalogMessages, text } from '#src/i18n/catalog.js';

export const handoffMessages = catalogMessages(import.meta.url, {
  ask: text,
  back: text,
  opened: text,
  openedLater: (when: string) => ({ when }),
  unreachable: text,
  already: text,
  talkingTo: (name: string) => ({ name }),
  staffSaid: (name: string, said: string) => ({ name, said }),
  /** Who wrote, when a staff member's name is nothing once made plain. */
  staffName: text,
  paused: text,
  notSent: text,
  returned: text,
  timedOut: (minutes: number) => ({ minutes }),
  cart: (cart: string) => ({ cart }),
  ticketsAgain: (name: string) => ({ name }),
  fileFrom: (name: string) => ({ name }),
});

/** What the bot writes in the thread (for staff: English). */
export const deskNotes = {
  customerLeft: 'The customer went back to the bot.',
  customerForgot:
    'The customer asked the bot to erase their details (/forget) and went back to the bot.',
  timedOut: (minutes: number) =>
    `No staff reply in ${minutes} min: the customer was offered the bot back.`,
};
