import { describe, expect, it } from 'vitest';
import { product as productSchema, ticketEnclosure } from '#src/api/catalog.js';
import {
  describeProductPeople,
  describeTicket,
  personDefinitions,
  personLabel,
  ticketPersonKind,
} from '#src/domain/people.js';

const byAge = ticketEnclosure.parse({
  ticketEnclosureId: 'e1',
  typeOfPersonDefinitionTypeChild: 1,
  typeOfPersonDefinitionValueChild: '12',
  typeOfPersonDefinitionTypeAdult: 1,
  typeOfPersonDefinitionValueAdult: 13,
  typeOfPersonDefinitionTypeSenior: '1',
  typeOfPersonDefinitionValueSenior: 65,
});
const byHeight = ticketEnclosure.parse({
  ticketEnclosureId: 'e2',
  typeOfPersonDefinitionTypeChild: 2,
  typeOfPersonDefinitionValueChild: 120,
  // A type without its value defines nothing.
  typeOfPersonDefinitionTypeAdult: 2,
});
const none = ticketEnclosure.parse({ ticketEnclosureId: 'e3' });

describe('personDefinitions', () => {
  it.each([
    [
      byAge,
      [
        { kind: 'child', measure: 'age', threshold: 12 },
        { kind: 'adult', measure: 'age', threshold: 13 },
        { kind: 'senior', measure: 'age', threshold: 65 },
      ],
    ],
    [byHeight, [{ kind: 'child', measure: 'height', threshold: 120 }]],
    [none, []],
    [undefined, []],
  ])('%#', (enclosure, expected) => {
    expect(personDefinitions(enclosure)).toEqual(expected);
  });
});

describe('personLabel', () => {
  it.each([
    ['child', byAge, 'en', undefined, 'Child (up to 12 years)'],
    ['child', byAge, 'es', undefined, 'Niño (hasta 12 años)'],
    ['adult', byAge, 'en', undefined, 'Adult (from 13 years)'],
    ['senior', byAge, 'es', undefined, 'Sénior (desde 65 años)'],
    ['child', byHeight, 'en', undefined, 'Child (up to 120 cm)'],
    ['child', byHeight, 'es', undefined, 'Niño (hasta 120 cm)'],
    ['adult', byHeight, 'en', undefined, 'Adult'],
    ['baby', byAge, 'es', undefined, 'Bebé'],
    ['child', none, 'en', undefined, 'Child'],
    ['child', byAge, 'en', 2, '2 children (up to 12 years)'],
    ['adult', byAge, 'es', 1, '1 adulto (desde 13 años)'],
    ['generic', undefined, 'en', 3, '3 people'],
  ] as const)('%s, %#', (kind, enclosure, lang, count, expected) => {
    expect(personLabel(kind, enclosure, lang, count)).toBe(expected);
  });
});

describe('describeProductPeople', () => {
  const family = productSchema.parse({
    productId: 'p',
    numberOfPeople: 3,
    numberOfAdults: 2,
    numberOfChildren: '1',
  });
  it.each([
    [family, byAge, 'es', '2 adultos (desde 13 años) + 1 niño (hasta 12 años)'],
    [family, none, 'en', '2 adults + 1 child'],
    [productSchema.parse({ productId: 'q' }), byAge, 'en', ''],
  ] as const)('%#', (product, enclosure, lang, expected) => {
    expect(describeProductPeople(product, enclosure, lang)).toBe(expected);
  });
});

describe('ticketPersonKind and describeTicket', () => {
  it.each([
    ['Entrada infantil', 'child', 'Entrada infantil (hasta 12 años)'],
    ['Niño', 'child', 'Niño (hasta 12 años)'],
    ['Child ticket', 'child', 'Child ticket (hasta 12 años)'],
    ['Entrada adulto', 'adult', 'Entrada adulto (desde 13 años)'],
    ['Jubilados', 'senior', 'Jubilados (desde 65 años)'],
    ['Senior', 'senior', 'Senior (desde 65 años)'],
    ['Bebé', 'baby', 'Bebé'],
    ['Entrada general', undefined, 'Entrada general'],
  ])('%s', (ticketName, kind, described) => {
    expect(ticketPersonKind({ ticketName })).toBe(kind);
    expect(describeTicket({ ticketName }, byAge, 'es')).toBe(described);
  });
});
