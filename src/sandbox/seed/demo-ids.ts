/**
 * Every identifier of the demo data, by a readable name. Ids do not depend on the date or
 * the language, so tests and the README can point at "the family pack" directly (session
 * ids do depend on the date: they are listed by `sessionCapacity`).
 */
import { seedId } from './ids.js';

const ids = <K extends string>(kind: string, names: readonly K[]): Record<K, string> =>
  Object.fromEntries(names.map((name) => [name, seedId(`${kind}:${name}`)])) as Record<K, string>;

export const demoIds = {
  providers: ids('provider', ['museum', 'waterpark', 'mountain', 'winery'] as const),
  enclosures: ids('enclosure', [
    'museumHalls',
    'planetarium',
    'jellyfish',
    'harbourBoat',
    'slides',
    'wavePool',
    'sealShow',
    'meetingPoint',
    'cellar',
  ] as const),
  productBases: ids('base', [
    'museumTickets',
    'museumGuided',
    'museumGifts',
    'museumCombined',
    'museumExhibitions',
    'parkTickets',
    'parkPackages',
    'mountainRoutes',
    'wineryVisits',
  ] as const),
  products: ids('product', [
    'museumAdult',
    'museumChild',
    'museumSenior',
    'museumPlanetarium',
    'museumJellyfish',
    'museumFamily',
    'museumGuided',
    'museumGiftCard',
    'comboMuseum',
    'comboBoat',
    'museumShipwrecks',
    'parkAdult',
    'parkChild',
    'parkShowAdult',
    'parkShowChild',
    'parkTwoDays',
    'parkHotel',
    'mountainHike',
    'mountainPack',
    'wineTasting',
    'wineShop',
    'wineGiftCard',
  ] as const),
  combinedProducts: ids('combined', ['maritimeValencia'] as const),
  profiles: ids('profile', [
    'ticketVisitor',
    'ticketPlanetarium',
    'ticketHeight',
    'ticketAdventure',
    'ticketShowDynamic',
    'providerMuseum',
    'providerMountain',
    'providerWinery',
    'sale',
    'client',
  ] as const),
  sessionGroups: ids('sessiongroup', ['jellyfishFeeding'] as const),
  sessionContents: ids('content', [
    'stars',
    'solarSystem',
    'jellyfishFeeding',
    'sealShow',
  ] as const),
  sessionProfiles: ids('sessionprofile', ['planetarium', 'jellyfish', 'sealShow'] as const),
};

/** Tickets are named `<product>.<ticket>`, e.g. `museumPlanetarium.dome`. */
export function demoTicketId(product: keyof typeof demoIds.products, ticket: string): string {
  return seedId(`ticket:${product}.${ticket}`);
}
