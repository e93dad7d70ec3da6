/**
 * A customer in a hurry: what they tap or type at any view. Journeys steer the choices
 * that matter (which place, which product, how many); everything else is the quickest
 * honest answer: an optional question skipped, no insurance, details typed as asked.
 */
import type { OutputLine } from '#src/channels/console/lines.js';
import type { Input } from '#src/conversation/interpret.js';
import { whatIsAsked, type Asked } from './meaning.js';
import { answerTo, type Party } from './persona.js';

const NAVIGATION = new Set(['back', 'home']);

/** Choices a hurried customer takes, best first, when the journey has no wish. */
const HURRY: RegExp[] = [
  /no,? thanks|no,? gracias|sin seguro|without insurance/i,
  /^✅|correct|continu|confirm/i,
  /^🔒|reserv/i,
  /check ?out|tramitar/i,
  /guard|keep my|save|remember|recu[eé]rd/i,
  /mantener|^✔️|keep/i,
  /^no\b|no,? thanks|no,? gracias/i,
];

const PDF: Input = {
  kind: 'file',
  file: {
    name: 'certificado.pdf',
    mime: 'application/pdf',
    base64: Buffer.from('%PDF-1.4\n% journey\n').toString('base64'),
  },
};

export function answerOf(party: Party, asked: Asked): string | undefined {
  const someone = party.who(asked);
  // Several details asked at once are given at once, the name first, comma separated.
  const answers = asked.meanings.flatMap((meaning) => answerTo(someone, meaning) ?? []);
  if (answers.length === 0) return undefined;
  const [first, second, ...rest] = answers;
  const named = asked.meanings[0] === 'name' && asked.meanings[1] === 'surname';
  return named ? [`${first} ${second ?? ''}`.trim(), ...rest].join(', ') : answers.join(', ');
}

/** Each person's answer on its own line, from the asked ticket on, when a list is offered. */
export function listOf(party: Party, asked: Asked): string | undefined {
  const { person, together = 1 } = asked;
  if (typeof person !== 'number' || together < 2) return undefined;
  const answers = Array.from({ length: together }, (_, index) =>
    answerOf(party, { ...asked, person: person + index }),
  );
  return answers.every((answer) => answer !== undefined) ? answers.join('\n') : undefined;
}

/** The quickest answer to a question about something other than a person's details. */
function otherAnswer(view: OutputLine, attempt: number): string {
  const text = view.text.toLowerCase();
  if (view.expects === 'number') return attempt === 0 ? '1' : '70';
  if (view.expects === 'date') return '20/06/2026';
  if (/decimal|peso|weight|kg|altura|height/.test(text)) return attempt === 0 ? '70, 8' : '70';
  if (/fecha|date/.test(text)) return '20/06/2026';
  if (/s[ií] o no|yes or no|consent/.test(text)) return attempt === 0 ? 'sí, sí' : 'sí';
  return attempt === 0 ? (/[¿á]/.test(view.text) ? 'Ninguna' : 'None') : 'no';
}

/**
 * What the customer does at `view` without a wish of the journey. `attempt` counts how
 * often this very view came back (an answer refused), to try another form.
 */
export function hurriedAction(view: OutputLine, party: Party, attempt: number): Input {
  // The same answers as an earlier ticket, when offered: one tap for many questions.
  const same = view.options.find((option) => /^📋/.test(option.label));
  if (same) return { kind: 'choose', id: same.id };
  // An optional question skipped, with the other optional ones (every ticket's, or this
  // ticket's) when offered.
  const skip =
    view.options.find((option) => option.id === 'skip-optional-all') ??
    view.options.find((option) => option.id === 'skip-optional') ??
    view.options.find((option) => option.id === 'skip');
  if (skip) return { kind: 'choose', id: skip.id };
  const asked = whatIsAsked(view);
  // Offered the answers of several tickets at once: each person's, one per line.
  const list = asked.question ? listOf(party, asked) : undefined;
  if (list !== undefined) return { kind: 'text', text: list };
  const answer = asked.question ? answerOf(party, asked) : undefined;
  const offered =
    answer === undefined
      ? undefined
      : view.options.find((option) => option.label.toLowerCase().includes(answer.toLowerCase()));
  if (offered) return { kind: 'choose', id: offered.id };
  const choices = view.options.filter((option) => !NAVIGATION.has(option.id));
  if (view.expects === 'file') return PDF;
  if (view.expects === 'choice' || (choices.length > 0 && answer === undefined)) {
    const hurried =
      HURRY.map((pattern) => choices.find((option) => pattern.test(option.label))).find(Boolean) ??
      choices[attempt % Math.max(choices.length, 1)];
    if (hurried) return { kind: 'choose', id: hurried.id };
  }
  return { kind: 'text', text: answer ?? otherAnswer(view, attempt) };
}
