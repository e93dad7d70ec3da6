/**
 * The starting state the sandbox's engine needs beside the catalog: every session
 * (including those of session groups, which the catalog names only by group), and the
 * initial capacity of each limited product day and limited session. Capacities are small
 * (6 to 20) so that tests can sell them out; they are derived from the ids, so the same
 * catalog always starts with the same numbers.
 */
import type { Catalog } from '#src/api/catalog.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { at } from './dates.js';
import { demoIds } from './demo-ids.js';
import { seedId } from './ids.js';
import { translator, type SeedLanguage } from './language.js';

export interface SeedSession {
  sessionId: string;
  providerId: string;
  ticketEnclosureId: string;
  sessionTime: IsoDateTime;
  sessionContentId?: string;
  /** Set for sessions of a session group (SessionsGroupSessionContents). */
  sessionsGroupId?: string;
  hasLimitedCapacity: boolean;
  /** Initial places; absent when the capacity is not limited. */
  capacity?: number;
}

export interface ProductDayCapacity {
  productId: string;
  date: IsoDate;
  capacity: number;
}

export interface CapacitySeed {
  /** One entry per product and date of its DaysWithLimitedCapacity. */
  products: ProductDayCapacity[];
  sessions: SeedSession[];
}

/** The daily times of a session group's sessions (the catalog does not list them). */
export const GROUP_SESSION_TIMES = ['10:30', '12:30', '16:30'] as const;

/** FNV-1a: cheap and stable, enough to spread capacities. */
function hash(key: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    value ^= key.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** The initial capacity of a product day or a session: 6 to 20. */
export function initialCapacity(key: string): number {
  return 6 + (hash(key) % 15);
}

/** Every session and limited capacity of a catalog (the demo one or a generated one). */
export function sessionCapacity(catalog: Catalog): CapacitySeed {
  const products: ProductDayCapacity[] = [];
  const sessions: SeedSession[] = [];
  for (const provider of catalog.providers) {
    const enclosureDates = new Map<string, Set<IsoDate>>();
    for (const base of provider.productBases)
      for (const product of base.products) {
        for (const date of product.daysWithLimitedCapacity)
          products.push({
            productId: product.productId,
            date,
            capacity: initialCapacity(`${product.productId}|${date}`),
          });
        for (const ticket of product.tickets) {
          if (ticket.ticketEnclosureId === undefined) continue;
          const dates = enclosureDates.get(ticket.ticketEnclosureId) ?? new Set<IsoDate>();
          for (const set of product.pricesAndDates) for (const date of set.dates) dates.add(date);
          enclosureDates.set(ticket.ticketEnclosureId, dates);
        }
      }
    for (const enclosure of provider.ticketEnclosures) {
      const own = enclosure.sessions;
      if (own === undefined) continue;
      const where = {
        providerId: provider.providerId,
        ticketEnclosureId: enclosure.ticketEnclosureId,
      };
      for (const session of own.sessionSessionContents)
        sessions.push({
          ...where,
          sessionId: session.sessionId,
          sessionTime: session.sessionTime,
          sessionContentId: session.sessionContentId,
          hasLimitedCapacity: session.hasLimitedCapacity,
          capacity: session.hasLimitedCapacity ? initialCapacity(session.sessionId) : undefined,
        });
      const group = own.sessionsGroupSessionContents;
      if (group === undefined) continue;
      const dates = [...(enclosureDates.get(enclosure.ticketEnclosureId) ?? [])].sort();
      for (const date of dates)
        for (const time of GROUP_SESSION_TIMES) {
          const sessionId = seedId(`groupsession:${group.sessionsGroupId}:${date}T${time}`);
          sessions.push({
            ...where,
            sessionId,
            sessionTime: at(date, time),
            sessionContentId: group.sessionContentId,
            sessionsGroupId: group.sessionsGroupId,
            hasLimitedCapacity: true,
            capacity: initialCapacity(sessionId),
          });
        }
    }
  }
  return { products, sessions };
}

/** SessionContentName of the demo's session contents (autoassignsessions answers with it). */
export function sessionContentNames(language: SeedLanguage): Record<string, string> {
  const tr = translator(language);
  const C = demoIds.sessionContents;
  return {
    [C.stars]: tr('Viaje a las estrellas', 'Journey to the stars'),
    [C.solarSystem]: tr('El sistema solar', 'The solar system'),
    [C.jellyfishFeeding]: tr('Alimentación de medusas', 'Jellyfish feeding'),
    [C.sealShow]: tr('Leones marinos: el gran show', 'Sea lions: the big show'),
  };
}
