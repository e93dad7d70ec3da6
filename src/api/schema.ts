/**
 * Lenient building blocks for reading the service's JSON, and exact formats for what we
 * write. Real traffic departs from the declared types (fixtures/vendor/README.md):
 * numbers sent as strings (with a decimal comma, too), dates with or without a time part,
 * up to 7 fractional digits and, from some servers, a zone; lists sent as a single object
 * and objects sent as a list; nulls where a value is optional; texts written in HTML.
 * Each block accepts those departures and outputs one clean form.
 */
import { z } from 'zod';
import type { PriceMode } from '#src/domain/pricing.js';
import { partnerText } from '#src/domain/plain-text.js';
import { localNow, type IsoDate, type IsoDateTime, type Zone } from '#src/domain/time.js';
import { noteAlias, noteCopy, noteSkipped, readingLeniently } from './departures.js';

// The domain's calendar values, which the wire's dates are read into.
export type { IsoDate, IsoDateTime };

const DATE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Whether yyyy-MM-dd (as DATE matched it) names a day of the calendar. */
function isRealDate(date: string): boolean {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** DATE's match of a real date, or undefined: matched once, by the one step that reads it. */
function dateMatch(value: string): RegExpExecArray | undefined {
  const match = DATE.exec(value);
  return match !== null && isRealDate(match[1]!) ? match : undefined;
}

/**
 * The zone a date-time sent with a zone is converted to: the provider's whose fields are
 * being read (`provider` in catalog.ts sets it for its subtree), the peninsula's elsewhere.
 * Zod parses synchronously, so a variable set around the provider's fields is enough.
 */
const DEFAULT_ZONE: Zone = 'Europe/Madrid';
let readingZone: Zone = DEFAULT_ZONE;

/** Date-times with a zone read from now on are converted to `zone` (see `readingZone`). */
export function readInZone(zone: Zone | undefined): void {
  readingZone = zone ?? DEFAULT_ZONE;
}

/**
 * yyyy-MM-ddThh:mm:ss of DATE's match in provider-local time: as sent when it has no zone
 * (the service's own form), converted to the reading zone when it has one, so that the
 * day and the hour taken from it are the provider's ("2024-08-01T22:00:00Z" is 2 August,
 * 00:00 in Madrid).
 */
function localDateTime(match: RegExpExecArray): IsoDateTime {
  const time = match[2] ?? '00:00:00';
  const local = `${match[1]}T${time.length === 5 ? `${time}:00` : time}`;
  const zone = match[3];
  if (zone === undefined) return local as IsoDateTime;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return localNow(readingZone, new Date(`${local}${offset}`));
}

/** A date; a time part, if sent, is dropped (after converting a zoned one: `localDateTime`). */
export const isoDate = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const match = dateMatch(value);
    if (match)
      return (match[3] === undefined ? match[1] : localDateTime(match).slice(0, 10)) as IsoDate;
    ctx.addIssue({ code: 'custom', message: 'expected a date yyyy-MM-dd', input: value });
    return z.NEVER;
  });

/**
 * A date and time; a bare date means its midnight; fractional seconds are dropped; one
 * with a zone is converted to the provider's (`localDateTime`).
 */
export const isoDateTime = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const match = dateMatch(value);
    if (!match) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected a date-time yyyy-MM-ddThh:mm:ss',
        input: value,
      });
      return z.NEVER;
    }
    return localDateTime(match);
  });

const NUMERIC = /^-?\d+(?:[.,]\d+)?$/;

/**
 * A decimal; a numeric string is read as its number, with a decimal point ("12.50") or,
 * as Spain writes it, a decimal comma ("29,50"). No thousands separators are read: "1,234"
 * is one point two three four, as a decimal comma means.
 */
export const decimal = z.union(
  [
    z.number(),
    z
      .string()
      .trim()
      .regex(NUMERIC, 'expected a number')
      .transform((value) => Number(value.replace(',', '.'))),
  ],
  { error: 'expected a number' },
);

/** An integer, possibly sent as a string. */
export const integer = decimal.pipe(z.number().int('expected a whole number'));

/** A page of a list operation: 1 or more (Page defaults to 1 at the service). */
export const pageNumber = integer.pipe(z.number().min(1, 'expected a page number from 1'));

/** A boolean, possibly sent as "true"/"false". */
export const boolean = z.union(
  [
    z.boolean(),
    z.enum(['true', 'false', 'True', 'False']).transform((value) => value.toLowerCase() === 'true'),
  ],
  { error: 'expected true or false' },
);

/** An identifier or text, possibly sent as a number. */
export const text = z.union([z.string(), z.number().transform(String)], {
  error: 'expected a string',
});

/**
 * A text of the partner's written for people (a name, a description, conditions, a
 * question): made plain text once, as it is read (`partnerText`: HTML to text).
 */
export const prose = text.transform(partnerText);

/**
 * An optional field: absent, null and (for strings) empty are all "not given", read as
 * undefined, so downstream code has one way to ask "is it there?".
 */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    schema.optional(),
  );
}

/**
 * A list that may be sent as null, absent, or a single object instead of an array. While
 * a response is read (departures.ts), an element that cannot be read is skipped and
 * noted, and the others stand: one odd element never sinks a whole response. Requests
 * are read exactly.
 */
export function list<T extends z.ZodType>(item: T) {
  // One transform, which zod runs for an absent field too (as undefined: an empty list).
  return z.transform((value: unknown, ctx) => {
    const items =
      value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
    const lenient = readingLeniently() && typeof value === 'object' && value !== null;
    const read: z.output<T>[] = [];
    for (let index = 0; index < items.length; index += 1) {
      const parsed = item.safeParse(items[index]);
      if (parsed.success) read.push(parsed.data);
      else if (lenient) noteSkipped(value, index);
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: [index, ...issue.path] });
    }
    return read;
  });
}

/**
 * A list the reader needs: like `list`, but absent or null is no empty list. A catalog
 * whose Providers is null has lost its data, not its products: the response is invalid.
 */
export function requiredList<T extends z.ZodType>(item: T) {
  const read = list(item);
  return z.transform((value: unknown, ctx): z.output<T>[] => {
    if (value === null || value === undefined) {
      ctx.addIssue({ code: 'custom', message: 'expected a list, got none', input: value });
      return z.NEVER;
    }
    const parsed = read.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

/**
 * A field declared as one object, also read when sent as a list (as `list` reads one
 * object sent for a list): the first element that can be read stands for it, the others
 * are noted as skipped while a response is read; an empty list is "not given". Wrap it
 * in `optional` for an optional field, in `present` for a required one.
 */
export function objectOrList<T extends z.ZodType>(item: T) {
  return z.transform((value: unknown, ctx) => {
    if (!Array.isArray(value)) {
      const parsed = item.safeParse(value);
      if (parsed.success) return parsed.data as z.output<T>;
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    const lenient = readingLeniently();
    let first: { value: z.output<T> } | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const parsed = item.safeParse(value[index]);
      if (parsed.success && first === undefined) first = { value: parsed.data };
      else if (!parsed.success && lenient) noteSkipped(value, index);
      else if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: [index, ...issue.path] });
    }
    return first?.value;
  });
}

/** A field that must be there after reading (an `objectOrList` sent as an empty list). */
export function present<T extends z.ZodType>(schema: T, what: string) {
  return schema.transform((value: z.output<T>, ctx): NonNullable<z.output<T>> => {
    if (value !== undefined && value !== null) return value;
    ctx.addIssue({ code: 'custom', message: `expected ${what}, got none`, input: value });
    return z.NEVER;
  });
}

/** A comma-separated list of dates in one string ("2024-08-15,2024-08-16"). */
export const dateList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item.length > 0)
      : value === null || value === undefined
        ? []
        : value,
  z.array(isoDate),
);

/**
 * An object whose fields may arrive under other names. `aliases` maps the canonical
 * (camelCase) name to the names seen in real traffic, after `fromWire` lowered their first
 * letter, e.g. `{ ticketEnclosures: ['ticket enclosures'] }`. The canonical name wins when
 * both are present.
 */
export function aliased<Shape extends z.ZodRawShape>(
  shape: Shape,
  aliases: Partial<Record<keyof Shape & string, readonly string[]>>,
) {
  return z.preprocess((value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const record = { ...(value as Record<string, unknown>) };
    for (const [canonical, names] of Object.entries(aliases) as [string, readonly string[]][]) {
      if (record[canonical] !== undefined && record[canonical] !== null) continue;
      const found = names.find((name) => record[name] !== undefined && record[name] !== null);
      if (found === undefined) continue;
      record[canonical] = record[found];
      noteAlias(value, canonical, found);
    }
    return record;
  }, z.object(shape));
}

/**
 * An object some of whose fields, when absent, can be told from others (a quantity from
 * the tickets listed, an identifier from a type code): `derive` fills them in before
 * `schema` reads the object, so that the element is kept instead of skipped. It gets a
 * copy of the record and returns it with what it could derive.
 */
export function derived<T extends z.ZodType>(
  schema: T,
  derive: (record: Record<string, unknown>) => Record<string, unknown>,
) {
  return z.preprocess((value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const copy = { ...(value as Record<string, unknown>) };
    noteCopy(copy, value);
    return derive(copy);
  }, schema);
}

/** Whether a field was sent at all (absent, null and empty are "not sent"). */
export const given = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '';

/** PriceMode everywhere it appears: 1 retail, 2 net (the domain's `PriceMode`). */
export const priceMode = integer.pipe(
  z.union([z.literal(1), z.literal(2)]),
) satisfies z.ZodType<PriceMode>;
export type { PriceMode };

/**
 * A LanguageCode (ISO 639-1). A vendor example sends `[null]`: a list is read as its
 * first non-null element, and nothing as "not given" (the partner's default language).
 */
export const languageCode = z.preprocess(
  (value) => (Array.isArray(value) ? (value.find((item) => item != null) ?? undefined) : value),
  z
    .string()
    .regex(/^[a-z]{2}$/i, 'expected an ISO 639-1 code')
    .optional(),
);

/** A field the service may leave out, read with the default the spec states for it. */
export function withDefault<T extends z.ZodType>(schema: T, fallback: z.input<T>) {
  return z.preprocess(
    (value) => (value === null || value === undefined || value === '' ? fallback : value),
    schema,
  );
}

/**
 * One of a set of named integer codes (DataType, ResultType…): the output type is the
 * union of the codes, so a switch over it is checked for exhaustiveness.
 */
export function codeOf<const Codes extends Record<string, number>>(codes: Codes, what: string) {
  const values = Object.values(codes) as Codes[keyof Codes][];
  return integer.pipe(
    z.literal(values, { error: `expected ${what}: one of ${values.join(', ')}` }),
  );
}
