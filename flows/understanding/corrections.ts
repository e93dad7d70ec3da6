/**
 * Corrections said with a "no" ("el sábado no, el 20", "no, perdona, somos 4", "no el
 * sábado sino el domingo", "not Saturday, the 20th"): what the customer says instead, and
 * what it replaces. The part said instead is what is meant; the part replaced tells what
 * kind of value it is (a day replaced by "el 20" makes "el 20" a day, not a birth date).
 */
export interface Correction {
  /** What is said instead ("el 20"). */
  instead: string;
  /** What it replaces ("el sábado"; empty when the "no" comes first). */
  replaced: string;
}

/** "X no, Y" and "no, Y": the "no" followed by a stop. */
const NO_THEN = /^(.*?)(?:^|\s)(?:no|not)\s*[,;:.!]+\s*(\S.*)$/isu;
/** "no X sino Y", "not X but Y". */
const NOT_BUT = /^\s*(?:no|not)\s+(.+?)\s*,?\s+(?:sino|but)\s+(\S.*)$/isu;
/** "not X, Y" in English ("not Saturday, the 20th"). */
const NOT_COMMA = /^\s*not\s+([^,]+),\s*(\S.*)$/isu;

/** The correction a message says, or undefined when it says none. */
export function readCorrection(text: string): Correction | undefined {
  const but = NOT_BUT.exec(text) ?? NOT_COMMA.exec(text);
  if (but) return { replaced: but[1]!.trim(), instead: but[2]!.trim() };
  const then = NO_THEN.exec(text);
  if (then) return { replaced: then[1]!.trim(), instead: then[2]!.trim() };
  return undefined;
}

/** Words that may open a correction ("perdón,", "sorry,", "ah,"). */
const SORRY = String.raw`(?:(?:perd[oó]n|perdona|perdone|disculpa|disculpe|lo siento|uy|ay|ah|oh|vaya|sorry|oops|my bad)[\s,.;:!]+)*`;

/**
 * "perdón, el nombre es Ana Gómez Ruiz", "sorry, the name is Ana Gómez": a name given
 * again to correct the one answered before; the name as typed, or undefined.
 */
const NAME_AGAIN = new RegExp(
  String.raw`^\s*${SORRY}(?:(?:el|mi|su|the|my|his|her)\s+)?(?:nombre(?:\s+completo)?|name|full name)\s+(?:correcto\s+)?(?:es|era|is|was|should be)\s*[:,]?\s*(\S.*?)\s*[.!]?\s*$`,
  'iu',
);

export function readNameAgain(text: string): string | undefined {
  return NAME_AGAIN.exec(text)?.[1];
}
