/**
 * Person types of tickets. A ticket enclosure may define who is a child, an adult or a
 * senior, by age (years) or height (centimetres). Reading: the child threshold is an
 * upper bound ("up to 12 years"), the adult and senior thresholds are lower bounds
 * ("from 65 years"). Tickets do not name their person type in the catalog: a product's
 * NumberOfChildren/Adults/... say who it admits, and a ticket's type is recognised from
 * its name when it says so ("Entrada infantil", "Senior ticket").
 */
import type { Product, Ticket, TicketEnclosure } from '../api/catalog.js';
import { locales, type Lang } from './lang.js';

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

const names: Record<Lang, Record<PersonKind, [one: string, many: string]>> = {
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

/** The bounds of a definition in words: "hasta 12 años", "from 120 cm". */
function boundText(definition: PersonDefinition, lang: Lang): string {
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
  if (lang === 'es') return `${upTo ? 'hasta' : 'desde'} ${value} ${unit}`;
  return `${upTo ? 'up to' : 'from'} ${value} ${unit}`;
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
  const [one, many] = names[lang][kind];
  const name = count === undefined ? capitalize(one) : `${count} ${count === 1 ? one : many}`;
  const definition = personDefinitions(enclosure).find((item) => item.kind === kind);
  return definition === undefined ? name : `${name} (${boundText(definition, lang)})`;
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
  const definition = personDefinitions(enclosure).find((item) => item.kind === kind);
  return definition === undefined
    ? ticket.ticketName
    : `${ticket.ticketName} (${boundText(definition, lang)})`;
}
