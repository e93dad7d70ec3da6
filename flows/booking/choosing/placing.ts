/**
 * A split by ticket type said in a message ("2 adultos y 2 niños") placed on a product
 * without ticket types of its own: a ticket for anyone takes them all; a product for one
 * kind of person, or a pack ("2 adultos + 2 niños"), takes as many units as the split
 * fills, and the part it cannot take is said, never silently counted as something else
 * (four adults' tickets for two adults and two children).
 */
import type { Product } from '#src/domain/catalog-shapes.js';
import type { Lang } from '#src/domain/lang.js';
import { personLabel, type PersonKind } from '#src/domain/people.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { DraftProduct, Wish } from '#flows/booking/types.js';

type Kind = Exclude<PersonKind, 'generic'>;
type Counts = Partial<Record<PersonKind, number>>;

const KINDS: readonly Kind[] = ['adult', 'child', 'senior', 'baby'];

const messages = defineMessages({
  es: {
    placed: (name: string, admits: string, placed: string, left: string) =>
      `«${name}» es para ${admits}: he puesto ${placed}. ${left}: no van en este producto; añade su entrada después (por ejemplo «añade también ${left}»).`,
    none: (name: string, admits: string, said: string) =>
      `«${name}» es para ${admits}, y no encaja con ${said}. Dime cuántas quieres.`,
  },
  en: {
    placed: (name: string, admits: string, placed: string, left: string) =>
      `"${name}" is for ${admits}: I have put ${placed}. ${left}: not on this product; add their tickets afterwards (e.g. "also add ${left}").`,
    none: (name: string, admits: string, said: string) =>
      `"${name}" is for ${admits}, which does not fit ${said}. Tell me how many you would like.`,
  },
});

/** Whom one unit of a product admits, by kind; undefined when anyone (generic, or unsaid). */
export function admitsOf(
  product: Pick<
    Product,
    'numberOfAdults' | 'numberOfChildren' | 'numberOfSenior' | 'numberOfBabies' | 'numberOfGeneric'
  >,
): DraftProduct['admits'] {
  if (product.numberOfGeneric > 0) return undefined;
  const admits: Partial<Record<Kind, number>> = {};
  if (product.numberOfAdults > 0) admits.adult = product.numberOfAdults;
  if (product.numberOfChildren > 0) admits.child = product.numberOfChildren;
  if (product.numberOfSenior > 0) admits.senior = product.numberOfSenior;
  if (product.numberOfBabies > 0) admits.baby = product.numberOfBabies;
  return Object.keys(admits).length > 0 ? admits : undefined;
}

export interface Placement {
  /** Units of the product the split fills; undefined when none. */
  quantity?: number;
  /** The people of the split no unit takes. */
  left: Counts;
}

/** How many units of a product admitting `admits` a split fills, and who is left over. */
export function place(types: Counts, admits: DraftProduct['admits']): Placement {
  const total = Object.values(types).reduce((sum, n) => sum + (n ?? 0), 0);
  if (admits === undefined) return { quantity: total, left: {} };
  const kinds = KINDS.filter((kind) => (admits[kind] ?? 0) > 0);
  const units = Math.min(...kinds.map((kind) => Math.floor((types[kind] ?? 0) / admits[kind]!)));
  const left: Counts = {};
  for (const [kind, count] of Object.entries(types) as [PersonKind, number][]) {
    const taken = units * ((admits as Counts)[kind] ?? 0);
    if (count - taken > 0) left[kind] = count - taken;
  }
  return { ...(units > 0 ? { quantity: units } : {}), left };
}

const words = (counts: Counts, lang: Lang) =>
  (['adult', 'child', 'senior', 'baby', 'generic'] as const)
    .filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => personLabel(kind, undefined, lang, counts[kind]))
    .join(lang === 'es' ? ' y ' : ' and ');

/** The wish with its split placed as a quantity, and what to say of the part left over. */
export function placedWish(
  wish: Wish,
  product: DraftProduct,
  lang: Lang,
): { wish: Wish | undefined; notice: string } {
  const { types, quantity: _total, ...rest } = wish;
  if (types === undefined) return { wish, notice: '' };
  const placement = place(types, product.admits);
  const placedWishOut: Wish = {
    ...rest,
    ...(placement.quantity !== undefined ? { quantity: placement.quantity } : {}),
  };
  const kept = Object.keys(placedWishOut).length > 0 ? placedWishOut : undefined;
  if (Object.keys(placement.left).length === 0) return { wish: kept, notice: '' };
  const m = messages(lang);
  const admits = words(product.admits ?? {}, lang);
  if (placement.quantity === undefined)
    return { wish: kept, notice: m.none(product.name, admits, words(types, lang)) };
  const placed: Counts = {};
  for (const kind of KINDS) {
    const per = product.admits?.[kind] ?? 0;
    if (per > 0) placed[kind] = per * placement.quantity;
  }
  return {
    wish: kept,
    notice: m.placed(product.name, admits, words(placed, lang), words(placement.left, lang)),
  };
}
