/**
 * The buyer's details (the Client of Sale): what each field accepts, normalized as it is
 * sent. Personal data: these values are never logged, and errors never repeat them.
 *
 * Decisions where the spec is silent (it only says every field is a required string):
 * - Names: 1 to 60 characters after trimming, letters (any alphabet) with spaces,
 *   apostrophes, hyphens and dots; at least one letter, no digits.
 * - Document: a Spanish DNI (8 digits and a letter) or NIE (X, Y or Z, 7 digits and a
 *   letter) must have the right check letter (number mod 23); anything else of 5 to 20
 *   letters and digits with at least one digit is taken as a passport or a foreign
 *   document, which we cannot check. Spaces, dots and hyphens are dropped; upper case.
 * - Phone: digits with an optional leading +, 7 to 15 digits (E.164 allows at most 15);
 *   spaces, dots, hyphens and parentheses are dropped.
 * - E-mail: one @, no spaces, a dotted domain ending in 2 or more letters, at most 254
 *   characters. Trimmed; otherwise kept as typed.
 */
import type { ClientField } from '#flows/booking/types.js';

export const CLIENT_FIELDS: readonly ClientField[] = [
  'fullName',
  'surname',
  'documentIdentifier',
  'phoneNumber',
  'email',
];

export type ClientFieldError =
  'empty' | 'name' | 'too-long' | 'document' | 'document-letter' | 'phone' | 'email';

export type ClientFieldResult =
  { ok: true; value: string } | { ok: false; error: ClientFieldError };

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function checkName(text: string): ClientFieldResult {
  const value = text.trim().replace(/\s+/g, ' ');
  if (value === '') return { ok: false, error: 'empty' };
  if (value.length > 60) return { ok: false, error: 'too-long' };
  if (!/^[\p{L}\p{M}' ’.-]+$/u.test(value) || !/\p{L}/u.test(value)) {
    return { ok: false, error: 'name' };
  }
  return { ok: true, value };
}

/** True when a DNI or NIE's letter matches its number. */
export function spanishIdLetterOk(id: string): boolean {
  const digits = id.slice(0, -1).replace(/^[XYZ]/, (prefix) => String('XYZ'.indexOf(prefix)));
  return LETTERS[Number(digits) % 23] === id.slice(-1);
}

function checkDocument(text: string): ClientFieldResult {
  const value = text.toUpperCase().replace(/[\s.-]+/g, '');
  if (value === '') return { ok: false, error: 'empty' };
  if (/^(\d{8}|[XYZ]\d{7})[A-Z]$/.test(value)) {
    return spanishIdLetterOk(value) ? { ok: true, value } : { ok: false, error: 'document-letter' };
  }
  if (/^[A-Z0-9]{5,20}$/.test(value) && /\d/.test(value)) return { ok: true, value };
  return { ok: false, error: 'document' };
}

function checkPhone(text: string): ClientFieldResult {
  const value = text.trim().replace(/[\s.()-]+/g, '');
  if (value === '') return { ok: false, error: 'empty' };
  return /^\+?\d{7,15}$/.test(value) ? { ok: true, value } : { ok: false, error: 'phone' };
}

function checkEmail(text: string): ClientFieldResult {
  const value = text.trim();
  if (value === '') return { ok: false, error: 'empty' };
  const ok = value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/.test(value);
  return ok ? { ok: true, value } : { ok: false, error: 'email' };
}

export function validateClientField(field: ClientField, text: string): ClientFieldResult {
  switch (field) {
    case 'fullName':
    case 'surname':
      return checkName(text);
    case 'documentIdentifier':
      return checkDocument(text);
    case 'phoneNumber':
      return checkPhone(text);
    case 'email':
      return checkEmail(text);
  }
}

/**
 * The buyer's details typed in one message, in any order, with or without commas: "Ana
 * García López, 12345678Z, +34 600 111 222, ana@example.com". An e-mail is the word with
 * an @; a document is a word of letters and digits that passes the document check (a DNI
 * or NIE first, so that its digits are not read as a phone); a phone is a run of 7 to 15
 * digits; what is left, if it is letters only, is the name. Each detail is kept only when
 * it passes its own check.
 *
 * The name is split where the spec wants a first name and a surname: one word is a first
 * name; two or three words are a first name and the rest (Spanish names carry two
 * surnames); four or more, two first names and the rest. A split the customer would not
 * have made shows up whole in the review ("A nombre de: …"), where it can be changed.
 */
export function readClientDetails(text: string): Partial<Record<ClientField, string>> {
  return readClientMessage(text).found;
}

/**
 * What looks like an e-mail (has an @) or a DNI/NIE (8 digits and a letter) but is not
 * one: refused with the reason, so the customer knows why it is asked again, and kept out
 * of the name.
 */
const LOOKS_LIKE: readonly [ClientField, RegExp][] = [
  ['email', /\s(\S*@\S*)(?=\s)/g],
  ['documentIdentifier', /\s([XYZxyz]?\d{7,8}[-\s]?[A-Za-z])(?=\s)/g],
];

/** The details a message gives, and those it gives wrong (a DNI's letter, an e-mail). */
export function readClientMessage(text: string): {
  found: Partial<Record<ClientField, string>>;
  refused: { field: ClientField; error: ClientFieldError }[];
} {
  const found: Partial<Record<ClientField, string>> = {};
  const refused: { field: ClientField; error: ClientFieldError }[] = [];
  let rest = ` ${text.replace(/[,;\n]+/g, ' ')} `;
  const take = (field: ClientField, pattern: RegExp) => {
    for (const match of rest.matchAll(pattern)) {
      const result = validateClientField(field, match[1] ?? match[0]);
      if (!result.ok) continue;
      found[field] = result.value;
      rest = rest.replace(match[0], ' ');
      return;
    }
  };
  take('email', /\s(\S+@\S+)(?=\s)/g);
  take('documentIdentifier', /\s([XYZxyz]?\d{7,8}[-\s]?[A-Za-z])(?=\s)/g);
  take('phoneNumber', /\s(\+?\d[\d\s().-]{5,}\d)(?=\s)/g);
  take(
    'documentIdentifier',
    /\s((?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{5,20})(?=\s)/g,
  );
  for (const [field, pattern] of LOOKS_LIKE) {
    if (found[field] !== undefined) continue;
    for (const match of rest.matchAll(pattern)) {
      const result = validateClientField(field, match[1]!);
      if (result.ok) continue;
      if (!refused.some((item) => item.field === field))
        refused.push({ field, error: result.error });
      rest = rest.replace(match[0], ' ');
    }
  }
  const words = rest.trim().split(/\s+/).filter(Boolean);
  if (words.length > 0 && validateClientField('fullName', words.join(' ')).ok) {
    const first = words.length >= 4 ? 2 : 1;
    found.fullName = words.slice(0, first).join(' ');
    if (words.length > first) found.surname = words.slice(first).join(' ');
  }
  return { found, refused };
}
