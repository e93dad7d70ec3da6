/**
 * The commands that work at every step, each listed once: how it is typed (`/name`, in
 * English and Spanish), what Telegram's command menu says of it, what the help text says
 * of it, and which intents of the words read in flows/understanding trigger it. Each is
 * its own event (`command.cancel`…), handled at the machine's root; the menu, the help,
 * the `/name` table and the event union are derived from here, so a command added, renamed
 * or dropped changes them all (test/flows/commands.test.ts checks that they agree).
 */
import { inLang, type Lang, type Texts } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import type { Intent } from '#flows/understanding/intents.js';

export interface CommandSpec {
  /**
   * Typed as `/name`; both work in either language. The menu and the help name the
   * English one in both (Telegram's /start has no other).
   */
  slash?: Texts;
  /** The command menu's line (setMyCommands); every `/name` command is in the menu. */
  menu?: Texts;
  /** What the help text says it does, after its `/name`; none: left out of the help. */
  help?: Texts;
  /**
   * The word the help shows beside its `/name`, in each language ("/cart o «carrito»"):
   * one of its `words`, so the customer learns a word that works at every step.
   */
  say?: Texts;
  /** Intents whose words, typed alone, trigger it ("cancelar", "start over", "hola"). */
  words?: readonly Intent[];
}

/** In the menu's order. */
export const COMMANDS = {
  start: {
    slash: { en: 'start', es: 'start' },
    menu: { es: 'Empezar', en: 'Start' },
  },
  book: {
    slash: { en: 'book', es: 'reservar' },
    menu: { es: 'Reservar entradas y actividades', en: 'Book tickets and activities' },
    help: { es: 'para reservar', en: 'to book' },
  },
  cart: {
    slash: { en: 'cart', es: 'carrito' },
    menu: { es: 'Ver mi carrito', en: 'See my cart' },
    help: { es: 'para ver tu carrito', en: 'to see your cart' },
    say: { es: 'carrito', en: 'cart' },
    words: ['cart'],
  },
  mybookings: {
    slash: { en: 'mybookings', es: 'misreservas' },
    menu: { es: 'Mis reservas', en: 'My bookings' },
    help: { es: 'para ver tus reservas', en: 'to see your bookings' },
    say: { es: 'mis reservas', en: 'my bookings' },
    words: ['myBookings'],
  },
  giftcard: {
    slash: { en: 'giftcard', es: 'regalo' },
    menu: { es: 'Tarjetas regalo', en: 'Gift cards' },
    help: { es: 'para canjear una tarjeta regalo', en: 'to redeem a gift card' },
  },
  language: {
    slash: { en: 'language', es: 'idioma' },
    menu: { es: 'Cambiar de idioma', en: 'Change the language' },
    help: { es: 'para cambiar de idioma', en: 'to change the language' },
    say: { es: 'idioma', en: 'language' },
    // "in English" names the language: that is `language.set`, read in conversation/interpret.
    words: ['language'],
  },
  help: {
    slash: { en: 'help', es: 'ayuda' },
    menu: { es: 'Ayuda', en: 'Help' },
    words: ['help'],
  },
  cancel: {
    slash: { en: 'cancel', es: 'cancelar' },
    menu: { es: 'Cancelar y empezar de nuevo', en: 'Cancel and start over' },
    help: { es: 'para empezar de nuevo', en: 'to start over' },
    say: { es: 'cancelar', en: 'cancel' },
    words: ['cancel', 'startOver'],
  },
  /** Erase the details remembered for next time (with the customer's consent). */
  forget: {
    slash: { en: 'forget', es: 'olvidar' },
    menu: { es: 'Olvidar mis datos guardados', en: 'Forget my saved details' },
    help: { es: 'para que olvide tus datos guardados', en: 'to erase your saved details' },
  },
  /**
   * A person: the conversation is handed to staff in a Slack thread
   * (src/conversation/handoff), which takes the command before the machine; where no
   * staff can be reached (SLACK_SUPPORT_CHANNEL unset) the machine says so, and the step
   * goes on. Not in the help, which would offer it where nobody answers.
   */
  human: {
    slash: { en: 'human', es: 'persona' },
    menu: { es: 'Hablar con una persona', en: 'Talk to a person' },
    words: ['person'],
  },
  /** Back to the bot from a person: the step and cart it had (src/conversation/handoff). */
  bot: {
    slash: { en: 'bot', es: 'bot' },
    menu: { es: 'Volver al bot', en: 'Back to the bot' },
  },
  /** A greeting in words ("hola", "hi"): answered, and the step goes on. */
  greeting: { words: ['greeting'] },
} as const satisfies Record<string, CommandSpec>;

/**
 * The navigation words the help names after the commands: not commands of their own, they
 * press the view's 🏠 and ⬅️ buttons (conversation/interpret reads them as nav events).
 */
export const NAVIGATION_WORDS = {
  menu: { es: 'menú', en: 'menu' },
  back: { es: 'atrás', en: 'back' },
} as const satisfies Partial<Record<Intent, Texts>>;

export type CommandName = keyof typeof COMMANDS;

/** A command's event: one type per command. */
export type CommandEvent = { [Name in CommandName]: { type: `command.${Name}` } }[CommandName];

export const commandEvent = <Name extends CommandName>(name: Name) =>
  ({ type: `command.${name}` }) as { type: `command.${Name}` };

const entries = Object.entries(COMMANDS) as [CommandName, CommandSpec][];

/** The command a `/name` names, in either language, any case; undefined for others. */
export function commandNamed(slash: string): CommandEvent | undefined {
  const wanted = slash.toLowerCase();
  const found = entries.find(
    ([, spec]) => spec.slash && Object.values(spec.slash).includes(wanted),
  );
  return found ? commandEvent(found[0]) : undefined;
}

/** The command the words of an intent trigger ("ayuda" → /help). */
export function commandOfIntent(intent: Intent): CommandEvent | undefined {
  const found = entries.find(([, spec]) => spec.words?.includes(intent));
  return found ? commandEvent(found[0]) : undefined;
}

/** The command menu in a language: each `/name` command with its line, in order. */
export function commandMenu(lang: Lang): { command: string; description: string }[] {
  return entries.flatMap(([, spec]) =>
    spec.slash && spec.menu
      ? [{ command: spec.slash.en, description: inLang(spec.menu, lang) }]
      : [],
  );
}

/**
 * The help text: what the bot does, then each command it lists, the word that works like
 * it, and what it is for; then the navigation words.
 */
export function helpText(lang: Lang): string {
  const c = common(lang);
  const commands = entries.flatMap(([, spec]) => {
    if (!spec.slash || !spec.help) return [];
    const slash = `/${spec.slash.en}`;
    const typed = spec.say ? c.helpOrWord(slash, inLang(spec.say, lang)) : slash;
    return [`${typed} ${inLang(spec.help, lang)}`];
  });
  return c.help(
    commands.join(', '),
    inLang(NAVIGATION_WORDS.menu, lang),
    inLang(NAVIGATION_WORDS.back, lang),
  );
}
