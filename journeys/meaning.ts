/**
 * What a bot's question asks, by meaning and by whom it is about, so that the same thing
 * asked twice is seen whatever the words: "Nombre y apellidos del visitante" for ticket 1,
 * "Datos del cliente (1/6): Nombre y apellidos" and "¿Cuál es tu nombre?" all ask a name.
 */
import type { OutputLine } from '#src/channels/console/lines.js';
import { normalize } from '#flows/understanding/text.js';

/** A detail of a person; `other:` carries a question's own words when it is none of these. */
export type Meaning =
  | 'name'
  | 'surname'
  | 'email'
  | 'phone'
  | 'document'
  | 'birth'
  | 'country'
  | 'postcode'
  | `other:${string}`;

export interface Asked {
  /** What is asked: a full name asks a name and a surname at once. */
  meanings: Meaning[];
  /** Whom it is about: the buyer, a gift's recipient, or the attendee of ticket N (1-based). */
  person: 'buyer' | 'recipient' | number;
  /** Whether it is a question a customer answers (not a choice of what to book). */
  question: boolean;
  /**
   * How many tickets' answers the view takes at once, from this ticket on ("Or all 3 at
   * once"): each person's answer on its own line.
   */
  together?: number;
}

const TOGETHER = /\b(?:o las|or all) (\d+) (?:respuestas a la vez|at once)\b/;
const TICKET = /^(?:entrada|ticket|attendee|asistente|persona|person)\s+(\d+)\s+(?:de|of)\s+\d+/;
/** "Respuesta actual: …" / "Current answer: …": a question asked again to keep or change. */
const QUESTION_MARKERS =
  /\?|escribe|write|type|elige si o no|choose yes or no|respuesta actual|current answer|mantener|keep/;

const DETAILS: [Meaning | 'fullName' | 'age', RegExp][] = [
  ['email', /\bcorreo\b|\be ?mail\b/],
  ['phone', /telefono|\bmovil\b|\bphone\b|\bmobile\b/],
  ['document', /documento|\bdni\b|\bnie\b|pasaporte|passport|\bid card\b|\bdocument\b/],
  ['birth', /nacimiento|\bbirth\b|date of birth/],
  ['age', /\bedad\b|\bage\b|how old/],
  ['postcode', /codigo postal|post ?code|zip/],
  ['country', /\bpais\b|\bcountry\b|nacionalidad|nationality/],
  ['fullName', /nombre y apellidos|nombre completo|full name|name and surname/],
  ['surname', /apellido|surname|last name|family name/],
  ['name', /\bnombre\b|\bname\b/],
];

function severalDetails(text: string): Meaning[] {
  const found = DETAILS.filter(([, pattern]) => pattern.test(text)).map(([detail]) => detail);
  const meanings = found.flatMap((detail): Meaning[] =>
    detail === 'fullName' ? ['name', 'surname'] : detail === 'age' ? ['birth'] : [detail],
  );
  // "Nombre y apellidos" also matches the name and surname patterns on their own.
  return [...new Set(meanings)];
}

/** Reads one bot message: what it asks and of whom, or `question: false` for a choice. */
export function whatIsAsked(view: OutputLine): Asked {
  // Parentheses qualify ("(sin los apellidos)", "(opcional)"): they are not what is asked.
  const lines = view.text
    .split('\n')
    .map((line) => line.replace(/\([^)]*\)/g, ''))
    .filter((line) => line.trim() !== '');
  const firstLine = normalize(lines[0] ?? '');
  const ticket = TICKET.exec(firstLine);
  const recipient = /para quien es|who is it for|recipient|su correo|their e ?mail/.test(
    normalize(view.text),
  );
  const person = ticket ? Number(ticket[1]) : recipient ? 'recipient' : 'buyer';
  // Only the question's own words: after the "Entrada 1 de 2 — …:" or "Datos del cliente
  // (1/6):" prefix; when the first line only explains, the question is the last line.
  const words = firstLine.replace(/^.*?:\s*/, '') || firstLine;
  const lastLine = normalize(lines.at(-1) ?? '');
  const detailOf = (text: string) => DETAILS.find(([, pattern]) => pattern.test(text))?.[0];
  const detail = detailOf(words) ?? (lines.length > 1 ? detailOf(lastLine) : undefined);
  const isQuestion =
    (view.expects !== 'choice' && view.expects !== 'none') ||
    QUESTION_MARKERS.test(normalize(view.text)) ||
    ticket !== null;
  // The ticket-types step is a choice of what to book, drawn again with each ➖/➕ (each a
  // turn): not a question about anyone.
  const choosingTypes = view.options.some((option) => option.id.startsWith('types:'));
  if (!isQuestion || choosingTypes) return { meanings: [], person, question: false };
  const together = Number(TOGETHER.exec(normalize(view.text))?.[1] ?? 1);
  if (together > 1 && detail !== undefined && detail !== 'fullName' && detail !== 'age') {
    return { meanings: [detail], person, question: true, together };
  }
  if (together > 1 && detail === 'fullName') {
    return { meanings: ['name', 'surname'], person, question: true, together };
  }
  if (together > 1 && detail === 'age') {
    return { meanings: ['birth'], person, question: true, together };
  }
  // A form in one message ("your details: full name, document, phone and e-mail").
  const several = severalDetails(lines.length > 1 ? lastLine : words);
  if (several.length >= 3) return { meanings: several, person, question: true };
  if (detail === 'fullName') return { meanings: ['name', 'surname'], person, question: true };
  // An age is a birth date asked again: it can be derived from one.
  if (detail === 'age') return { meanings: ['birth'], person, question: true };
  if (detail) return { meanings: [detail], person, question: true };
  return { meanings: [`other:${words}`], person, question: true };
}

/**
 * Counts questions asked again: the same meaning of the same person asked a second time
 * in one purchase (a "keep this answer?" confirmation included).
 */
export class RepeatCounter {
  private readonly seen = new Set<string>();
  repeats = 0;
  readonly repeated: string[] = [];
  /** People of the cart's earlier lines: each line numbers its tickets from 1. */
  private offset = 0;
  private lineTickets = 0;

  /** A purchase ended: what the next one asks is counted afresh (remembering is a feature). */
  nextPurchase(): void {
    this.seen.clear();
    this.offset = 0;
    this.lineTickets = 0;
  }

  /** The cart is shown: a line was added; the next line's ticket 1 is the next person. */
  lineAdded(): void {
    this.offset += this.lineTickets;
    this.lineTickets = 0;
  }

  /** `asked` with its ticket numbered across the cart's lines (the party's numbering). */
  shift(asked: Asked): Asked {
    return typeof asked.person === 'number'
      ? { ...asked, person: asked.person + this.offset }
      : asked;
  }

  /**
   * `answerOf` gives what the customer would answer: a view that offers that answer as a
   * button ("Use Ana García") offers it rather than asks it, and is not counted.
   */
  observe(view: OutputLine, answerOf: (asked: Asked) => string | undefined): void {
    if (/^🛒/.test(view.text)) this.lineAdded();
    const total = /^(?:entrada|ticket) \d+ (?:de|of) (\d+)/i.exec(view.text);
    if (total) this.lineTickets = Math.max(this.lineTickets, Number(total[1]));
    const asked = this.shift(whatIsAsked(view));
    if (!asked.question) return;
    // The scripted buyer is the first ticket's attendee, as when one person books for a
    // family: ticket 1's name after the buyer's is the same name asked again.
    const person = asked.person === 1 ? 'buyer' : asked.person;
    const labels = view.options.map((option) => normalize(option.label));
    const offered = (meaning: Meaning) => {
      const answer = answerOf({ ...asked, meanings: [meaning] });
      return answer !== undefined && labels.some((label) => label.includes(normalize(answer)));
    };
    const keys = asked.meanings.map((meaning) => ({
      key: `${String(person)}:${meaning}`,
      offered: offered(meaning),
    }));
    if (keys.some(({ key, offered }) => !offered && this.seen.has(key))) {
      this.repeats += 1;
      this.repeated.push(view.text.split('\n')[0] ?? '');
    }
    for (const { key } of keys) this.seen.add(key);
  }

  /**
   * The customer answered `view` with a list, one line per person from its ticket on:
   * those people were asked there, once (asking them again later is asking twice).
   */
  answered(view: OutputLine, text: string): void {
    const asked = this.shift(whatIsAsked(view));
    const lines = text.split('\n').length;
    if (typeof asked.person !== 'number' || (asked.together ?? 1) < 2 || lines < 2) return;
    for (let next = 1; next < Math.min(lines, asked.together ?? 1); next += 1) {
      for (const meaning of asked.meanings) this.seen.add(`${asked.person + next}:${meaning}`);
    }
  }
}
