/**
 * The command list (flows/booking/commands.ts) and everything derived from it agree: each
 * command is handled at the machine's root, each `/name` and each word that triggers it is
 * read as its event, Telegram's menu offers exactly the `/name` commands, and the help
 * names only commands that exist and shows only words that are read as what it says.
 */
import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  NAVIGATION_WORDS,
  commandMenu,
  commandNamed,
  helpText,
  type CommandName,
  type CommandSpec,
} from '#flows/booking/commands.js';
import { bookingMachine } from '#flows/booking/machine.js';
import type { BookingView } from '#flows/booking/view.js';
import { COMMAND_INTENTS, phrasesOf } from '#flows/understanding/intents.js';
import { readCommand } from '#flows/understanding/understand.js';
import { commandList, COMMANDS as MENU } from '#src/channels/telegram/commands.js';
import { interpret } from '#src/conversation/interpret.js';

const names = Object.keys(COMMANDS) as CommandName[];
const spec = (name: CommandName): CommandSpec => COMMANDS[name];
const choices: BookingView = {
  text: '',
  expects: 'choice',
  options: [{ id: 'home', label: '🏠 Home', event: { type: 'nav.home' } }],
};
const typed = (text: string, view: BookingView = choices) =>
  interpret({ kind: 'text', text }, view);
/** A step with ⬅️ Back, where "atrás" has a button to press. */
const withBack: BookingView = {
  ...choices,
  options: [{ id: 'back', label: '⬅️ Back', event: { type: 'nav.back' } }, ...choices.options],
};
/** The words the help shows in quotes, in its order («carrito», "cart"). */
const quoted = (help: string) =>
  [...help.matchAll(/«([^»]+)»|"([^"]+)"/g)].map((match) => match[1] ?? match[2]!);

describe('the command list', () => {
  it('is handled at the machine root, one event per command and no other', () => {
    const handled = Object.keys(bookingMachine.config.on ?? {}).filter((type) =>
      type.startsWith('command.'),
    );
    expect(handled.sort()).toEqual(names.map((name) => `command.${name}`).sort());
  });

  it('reads each /name, in either language and any case, as its command', () => {
    for (const name of names) {
      for (const slash of Object.values(spec(name).slash ?? {})) {
        for (const text of [`/${slash}`, `/${slash.toUpperCase()}`, `/${slash}@our_bot`])
          expect({ text, reading: typed(text) }).toEqual({
            text,
            reading: { event: { type: `command.${name}` } },
          });
      }
    }
  });

  it('gives each /name to one command only', () => {
    const all = names.flatMap((name) => [...new Set(Object.values(spec(name).slash ?? {}))]);
    expect(all.length).toBeGreaterThan(names.length);
    expect(new Set(all).size).toBe(all.length);
    expect(commandNamed('rm')).toBeUndefined();
  });

  it('reads each word that triggers a command, typed alone, as that command', () => {
    let phrases = 0;
    for (const name of names) {
      for (const intent of spec(name).words ?? []) {
        // Otherwise readCommand never returns it and the words would book instead.
        expect(COMMAND_INTENTS.has(intent)).toBe(true);
        for (const phrase of phrasesOf(intent)) {
          // "in English" names the language: language.set, not the language menu.
          if (readCommand(phrase)?.to) continue;
          phrases += 1;
          expect({ phrase, reading: typed(phrase) }).toEqual({
            phrase,
            reading: { event: { type: `command.${name}` } },
          });
        }
      }
    }
    expect(phrases).toBeGreaterThan(20);
  });

  it('leaves no word of a command unlisted: the other command intents are navigation', () => {
    const listed = new Set(names.flatMap((name) => spec(name).words ?? []));
    const others = [...COMMAND_INTENTS].filter((intent) => !listed.has(intent)).sort();
    // "menú", "atrás": the buttons' nav events; "checkout", "tramitar": the cart's own
    // checkout button where the view has one.
    expect(others).toEqual(['back', 'checkout', 'menu']);
  });

  it('offers in Telegram, in each language, exactly the /name commands, each described', () => {
    const slashed = names.filter((name) => spec(name).slash);
    expect(MENU).toEqual(slashed.map((name) => spec(name).slash!.en));
    for (const lang of ['es', 'en'] as const) {
      expect(commandList(lang)).toEqual(commandMenu(lang));
      const descriptions = commandList(lang).map((entry) => entry.description);
      expect(descriptions).toHaveLength(slashed.length);
      expect(new Set(descriptions).size).toBe(slashed.length);
      for (const description of descriptions) expect(description).not.toBe('');
    }
    expect(commandList('es')[1]).toEqual({
      command: 'book',
      description: 'Reservar entradas y actividades',
    });
  });

  it('names in the help only commands that exist, each with what it is for', () => {
    for (const lang of ['es', 'en'] as const) {
      const help = helpText(lang);
      const mentioned = [...help.matchAll(/\/([a-z]+)/g)].map((match) => match[1]!);
      const described = names.filter((name) => spec(name).help);
      expect(mentioned).toEqual(described.map((name) => spec(name).slash!.en));
      for (const word of mentioned) expect(commandNamed(word)).toBeDefined();
    }
    expect(helpText('es')).toContain('/giftcard para canjear una tarjeta regalo');
    expect(helpText('en')).toMatch(/^I can help you book tickets.*\/book to book, /);
  });

  it('shows in the help, per language, words that are read as the command beside them', () => {
    const said = names.filter((name) => spec(name).say);
    expect(said.length).toBeGreaterThan(2);
    for (const lang of ['es', 'en'] as const) {
      const help = helpText(lang);
      for (const name of said) {
        const word = spec(name).say![lang];
        // Shown beside its own /name, and typed alone it is that command.
        expect(help).toContain(`/${spec(name).slash!.en} ${lang === 'es' ? 'o' : 'or'} `);
        expect(quoted(help)).toContain(word);
        expect({ word, reading: typed(word) }).toEqual({
          word,
          reading: { event: { type: `command.${name}` } },
        });
      }
      // The navigation words press the view's buttons.
      const { menu, back } = NAVIGATION_WORDS;
      expect(typed(menu[lang], withBack)).toEqual({ event: { type: 'nav.home' } });
      expect(typed(back[lang], withBack)).toEqual({ event: { type: 'nav.back' } });
      // No other word in quotes: each one shown is one checked above.
      expect(quoted(help)).toEqual([
        ...said.map((name) => spec(name).say![lang]),
        menu[lang],
        back[lang],
      ]);
    }
    expect(helpText('es')).toContain('/cart o «carrito» para ver tu carrito');
    expect(helpText('es')).toMatch(/\n.*«menú».*«atrás»/);
    expect(helpText('en')).toContain('/cancel or "cancel" to start over');
  });

  it('shows a word only beside a command the help lists, and only one of its own words', () => {
    for (const name of names) {
      const say = spec(name).say;
      if (!say) continue;
      expect(spec(name).help).toBeDefined();
      for (const word of Object.values(say)) {
        const normal = word.normalize('NFD').replace(/\p{M}/gu, '');
        const own = (spec(name).words ?? []).flatMap((intent) => phrasesOf(intent));
        expect(own).toContain(normal);
      }
    }
  });
});
