/**
 * Person types of tickets. A ticket enclosure may define who is a child, an adult or a
 * senior, by age (years) or height (centimetres). Reading: the child threshold is an
 * upper bound ("up to 12 years"), the adult and senior thresholds are lower bounds
 * ("from 65 years"). Tickets do not name their person type in the catalog: a product's
 * NumberOfChildren/Adults/... say who it admits, and a ticket's type is recognised from
 * its name when it says so ("Entrada infantil", "Senior ticket").
 */
import type { Product, ProductBase, Ticket, TicketEnclosure } from './catalog-shapes.js';
import { inLang, locales, type Lang, type Texts } from './lang.js';

export type PersonKind = 'baby' | 'child' | 'adult' | 'senior' | 'generic';

export interface PersonDefinition {
  kind: 'child' | 'adult' | 'senior';
  measure: 'age' | 'height';
  /** Years or centimetres. */
  threshold: number;
}

type Enclosure = Pick<
  TicketEnclosure,
  | 'typeOfPersonDefinitionTypeChild'
  | 'typeOfPersonDefinitionTypeAdult'
  | 'typeOfPersonDefinitionTypeSenior'
  | 'typeOfPersonDefinitionValueChild'
  | 'typeOfPersonDefinitionValueAdult'
  | 'typeOfPersonDefinitionValueSenior'
>;

/** The person types an enclosure defines (a type needs both its measure and its value). */
export function personDefinitions(enclosure: Enclosure | undefined): PersonDefinition[] {
  if (enclosure === undefined) return [];
  const pairs = [
    [
      'child',
      enclosure.typeOfPersonDefinitionTypeChild,
      enclosure.typeOfPersonDefinitionValueChild,
    ],
    [
      'adult',
      enclosure.typeOfPersonDefinitionTypeAdult,
      enclosure.typeOfPersonDefinitionValueAdult,
    ],
    [
      'senior',
      enclosure.typeOfPersonDefinitionTypeSenior,
      enclosure.typeOfPersonDefinitionValueSenior,
    ],
  ] as const;
  return pairs.flatMap(([kind, type, value]) =>
    type === undefined || value === undefined
      ? []
      : [{ kind, measure: type === 1 ? ('age' as const) : ('height' as const), threshold: value }],
  );
}

const names: Texts<Record<PersonKind, [one: string, many: string]>> = {
  es: {
    baby: ['bebé', 'bebés'],
    child: ['niño', 'niños'],
    adult: ['adulto', 'adultos'],
    senior: ['sénior', 'séniors'],
    generic: ['persona', 'personas'],
  },
  en: {
    baby: ['baby', 'babies'],
    child: ['child', 'children'],
    adult: ['adult', 'adults'],
    senior: ['senior', 'seniors'],
    generic: ['person', 'people'],
  },
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The bounds of a definition in words: "hasta 12 años", "from 120 cm"; a child's bound
 * that is where the adults' starts is exclusive: "menos de 120 cm", "under 120 cm".
 */
function boundText(
  definition: PersonDefinition,
  lang: Lang,
  all: readonly PersonDefinition[] = [],
): string {
  const value = new Intl.NumberFormat(locales[lang], { maximumFractionDigits: 1 }).format(
    definition.threshold,
  );
  const unit =
    definition.measure === 'height'
      ? 'cm'
      : lang === 'es'
        ? definition.threshold === 1
          ? 'año'
          : 'años'
        : definition.threshold === 1
          ? 'year'
          : 'years';
  const upTo = definition.kind === 'child';
  const under =
    upTo &&
    all.some(
      (other) =>
        other.kind === 'adult' &&
        other.measure === definition.measure &&
        other.threshold <= definition.threshold,
    );
  if (lang === 'es') return `${under ? 'menos de' : upTo ? 'hasta' : 'desde'} ${value} ${unit}`;
  return `${under ? 'under' : upTo ? 'up to' : 'from'} ${value} ${unit}`;
}

/**
 * A person type as a label: "Child (up to 12 years)", "Niño (hasta 120 cm)"; with a count,
 * "2 adults". Without a definition in the enclosure, the bare name.
 */
export function personLabel(
  kind: PersonKind,
  enclosure: Enclosure | undefined,
  lang: Lang,
  count?: number,
): string {
  const [one, many] = inLang(names, lang)[kind];
  const name = count === undefined ? capitalize(one) : `${count} ${count === 1 ? one : many}`;
  const bound = kindBound(kind, personDefinitions(enclosure), lang);
  return bound === undefined ? name : `${name} (${bound})`;
}

/** The bounds of a kind of person as `definitions` give them ("hasta 12 años"), if they do. */
export function kindBound(
  kind: PersonKind,
  definitions: readonly PersonDefinition[],
  lang: Lang,
): string | undefined {
  const definition = definitions.find((item) => item.kind === kind);
  return definition === undefined ? undefined : boundText(definition, lang, definitions);
}

/** Who a product admits: "2 adultos + 1 niño (hasta 12 años)"; empty when it does not say. */
export function describeProductPeople(
  product: Pick<
    Product,
    'numberOfAdults' | 'numberOfChildren' | 'numberOfSenior' | 'numberOfBabies' | 'numberOfGeneric'
  >,
  enclosure: Enclosure | undefined,
  lang: Lang,
): string {
  const counts: [PersonKind, number][] = [
    ['adult', product.numberOfAdults],
    ['child', product.numberOfChildren],
    ['senior', product.numberOfSenior],
    ['baby', product.numberOfBabies],
    ['generic', product.numberOfGeneric],
  ];
  return counts
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => personLabel(kind, enclosure, lang, count))
    .join(' + ');
}

const namePatterns: [PersonKind, RegExp][] = [
  ['baby', /beb[eé]|\bbaby\b|\binfant\b/i],
  ['child', /niñ[oa]|infantil|\bchild|\bkids?\b|junior|\bmenor/i],
  ['senior', /s[eé]nior|jubilad|pensionista|tercera edad/i],
  ['adult', /adult/i],
];

/** The person type a ticket's name states, if any. */
export function ticketPersonKind(ticket: Pick<Ticket, 'ticketName'>): PersonKind | undefined {
  return namePatterns.find(([, pattern]) => pattern.test(ticket.ticketName))?.[0];
}

/** A ticket for the customer: its name, and the person type's bounds when known. */
export function describeTicket(
  ticket: Pick<Ticket, 'ticketName'>,
  enclosure: Enclosure | undefined,
  lang: Lang,
): string {
  const kind = ticketPersonKind(ticket);
  if (kind === undefined) return ticket.ticketName;
  const definitions = personDefinitions(enclosure);
  const definition = definitions.find((item) => item.kind === kind);
  return definition === undefined
    ? ticket.ticketName
    : `${ticket.ticketName} (${boundText(definition, lang, definitions)})`;
}

type Counted = Pick<
  Product,
  | 'numberOfPeople'
  | 'numberOfAdults'
  | 'numberOfChildren'
  | 'numberOfSenior'
  | 'numberOfBabies'
  | 'numberOfGeneric'
>;

/**
 * The one kind of person a product is for: it admits one person (NumberOfPeople 1), and
 * that person is an adult, a child, a senior or a baby by its NumberOf… counts. A pack, a
 * generic ticket or a product that does not say is for no one kind.
 */
export function productPersonKind(product: Counted): Exclude<PersonKind, 'generic'> | undefined {
  if (product.numberOfPeople > 1 || product.numberOfGeneric > 0) return undefined;
  const counts = [
    ['adult', product.numberOfAdults],
    ['child', product.numberOfChildren],
    ['senior', product.numberOfSenior],
    ['baby', product.numberOfBabies],
  ] as const;
  const admitted = counts.filter(([, count]) => count > 0);
  return admitted.length === 1 && admitted[0]![1] === 1 ? admitted[0]![0] : undefined;
}

/** The order ticket types are shown in. */
const KIND_ORDER: readonly PersonKind[] = ['adult', 'child', 'senior', 'baby'];

const enclosuresOf = (product: Product) =>
  [...new Set(product.tickets.map((ticket) => ticket.ticketEnclosureId ?? ''))].sort().join();
const datesOf = (product: Product) =>
  [...new Set(product.pricesAndDates.flatMap((set) => set.dates))].sort().join();

/** Everything of a product but whom it is for: what its ticket types must share. */
const sameButThePerson = (a: Product, b: Product) =>
  enclosuresOf(a) === enclosuresOf(b) &&
  datesOf(a) === datesOf(b) &&
  a.accessDateCriteria === b.accessDateCriteria &&
  a.validDays === b.validDays &&
  a.validDaysType === b.validDaysType;

const sellableAlone = (product: Product) =>
  !product.isForPackaging && !product.canOnlyBeSoldAsPartOfCombinedProduct;

/**
 * A product's ticket types: the products of its product base that differ from it only by
 * whom the ticket is for (adult, child, senior, baby), it included, in that order. Each is
 * for one kind of person (productPersonKind), and shares with it the enclosures of its
 * tickets (so the same sessions), the dates on sale (PricesAndDates), the access-date
 * criteria and valid days; packaging-only and combined-only products are left out. A kind
 * with two such products besides the product's own is ambiguous and left out. Fewer than
 * two types: the product has none (an empty list).
 */
export function ticketTypeSiblings(
  base: Pick<ProductBase, 'products'>,
  product: Product,
): Product[] {
  const own = productPersonKind(product);
  if (own === undefined || !sellableAlone(product)) return [];
  const byKind = new Map<PersonKind, Product[]>();
  for (const other of base.products) {
    if (other.productId === product.productId || !sellableAlone(other)) continue;
    const kind = productPersonKind(other);
    if (kind === undefined || kind === own || !sameButThePerson(product, other)) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), other]);
  }
  byKind.set(own, [product]);
  const types = KIND_ORDER.flatMap((kind) => {
    const found = byKind.get(kind) ?? [];
    return found.length === 1 ? found : [];
  });
  return types.length >= 2 ? types : [];
}
