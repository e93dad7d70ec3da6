/**
 * The demo packages: three prepackages built on demo products of the seeded catalog
 * (the water park's IsForPackaging admission, the sea museum, the winery's tasting) and
 * the accommodations the basic package catalog offers around them: twelve in the south
 * of Gran Canaria (varied boards, stars, rate classes, types and cities, so filters,
 * counts, sort and paging have something to show), four around Valencia and three around
 * Peñafiel. Deterministic; dates relative to `today`; texts in Spanish and English.
 *
 * What each entry is there to show:
 * - Gran Canaria: the IsForPackaging product; net PriceMode with an absolute commission of
 *   0 (as in the vendor's example); a hostel whose rooms take 2 people at most; "Hotel
 *   Faro Sur" (`failsAtReserve`), a hotel that fails at Confirm.
 * - Valencia: two pax groupings sharing DatePolicyKey 1 (one access date for both); the
 *   museum is closed on Mondays (no package on a Monday); a maximum distance of 15 km
 *   from the activity (the hotel in Sagunto is never offered).
 * - Ribera del Duero: adults only (left out when the people include children); on sale
 *   from next week; only two specific accommodations (the hostal in Peñafiel is never
 *   offered).
 */
import type { CancellationPolicy, Commission } from '#src/api/common.js';
import type { IsoDate, PriceMode } from '#src/api/schema.js';
import {
  AccommodationBoard,
  AccommodationRateClass,
  AccommodationType,
} from '#src/domain/partner-codes.js';
import { addDays } from '../seed/dates.js';
import { DEMO_DAYS } from '../seed/demo.js';
import { demoIds } from '../seed/demo-ids.js';
import { seedId } from '../seed/ids.js';
import { translator, type SeedLanguage, type Tr } from '../seed/language.js';

const P = demoIds.products;

export interface SeedPaxGrouping {
  id: string;
  name: string;
  providerId: string;
  /** Groupings of one prepackage with the same key share the access date. */
  datePolicyKey: number;
  /** The product each person takes; children and seniors take the adult one when absent. */
  products: { adult: string; child?: string; senior?: string };
  /** Children older than this take the adult product (the enclosure's age threshold). */
  childMaxAge?: number;
}

export interface SeedPrepackage {
  id: string;
  order: number;
  image: string;
  name: string;
  commercialName: string;
  description: string;
  /** The activity dates the prepackage is sold for (its products must be on sale too). */
  availableFrom: IsoDate;
  availableTo: IsoDate;
  groupings: SeedPaxGrouping[];
  /** Left out of prepackages, and refused by the basic catalog, when children come. */
  adultsOnly: boolean;
  /** Restrictions configured on the activities (the spec's reasons for a missing hotel). */
  accommodationIds?: string[];
  maxDistanceMeters?: number;
  priceMode: PriceMode;
  commission: Commission;
}

export interface SeedRate {
  id: string;
  board: number;
  rateClass: number;
  /** Euros per adult per night (children pay half, babies nothing; weekend nights +20 %). */
  night: number;
  conditions: string;
  cancellationPolicy: CancellationPolicy;
}

export interface SeedAccommodation {
  id: string;
  name: string;
  description: string;
  mainImageUrl: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  type: number;
  category: number;
  lat: number;
  lng: number;
  /** People one room takes; a search with a bigger room leaves the accommodation out. */
  maxPerRoom: number;
  rates: SeedRate[];
  /** A demo hotel whose reservation fails at Confirm (per-item Success false). */
  failsAtReserve: boolean;
}

export interface PackageSeed {
  prepackages: SeedPrepackage[];
  accommodations: SeedAccommodation[];
}

const accommodationKeys = [
  'gcDunas',
  'gcOasis',
  'gcAlmendros',
  'gcFaroSur',
  'gcInglesBeach',
  'gcSurfHostel',
  'gcPuertoRico',
  'gcMogan',
  'gcTaurito',
  'gcCanteras',
  'gcCampingTejeda',
  'gcIngenio',
  'vlcArenas',
  'vlcCabanyal',
  'vlcCentro',
  'vlcSagunto',
  'rbConvento',
  'rbQuintanilla',
  'rbHostal',
] as const;
type AccommodationKey = (typeof accommodationKeys)[number];

const ids = <K extends string>(kind: string, names: readonly K[]): Record<K, string> =>
  Object.fromEntries(names.map((name) => [name, seedId(`${kind}:${name}`)])) as Record<K, string>;

/** Readable names for the ids of the demo packages (tests, README). */
export const packageDemoIds = {
  prepackages: ids('prepackage', ['granCanaria', 'valencia', 'ribera'] as const),
  groupings: ids('paxgrouping', ['gcPark', 'vlcMuseum', 'vlcJellyfish', 'rbTasting'] as const),
  accommodations: ids('accommodation', accommodationKeys),
};

const A = packageDemoIds.accommodations;
const { RoomOnly, BedAndBreakfast, HalfBoard, FullBoard, AllInclusive } = AccommodationBoard;
const { NonRefundable, Refundable } = AccommodationRateClass;
const { Unclassified, Hotel, Hostel, Campsite, Apartment } = AccommodationType;

function boardName(tr: Tr, board: number): string {
  switch (board) {
    case RoomOnly:
      return tr('Solo alojamiento', 'Room only');
    case BedAndBreakfast:
      return tr('Alojamiento y desayuno', 'Bed and breakfast');
    case HalfBoard:
      return tr('Media pensión', 'Half board');
    case FullBoard:
      return tr('Pensión completa', 'Full board');
    default:
      return tr('Todo incluido', 'All inclusive');
  }
}

/** A rate: `[board, rate class, euros per adult per night]`. */
type RateSpec = [number, number, number];

function rates(tr: Tr, key: AccommodationKey, specs: RateSpec[]): SeedRate[] {
  return specs.map(([board, rateClass, night]) => {
    const refundable = rateClass === Refundable;
    return {
      id: seedId(`rate:${key}.${board}.${rateClass}`),
      board,
      rateClass,
      night,
      conditions: `${boardName(tr, board)}. ${
        refundable
          ? tr(
              'Cancelación gratuita hasta 48 horas antes de la llegada; después, 100 % de gastos.',
              'Free cancellation up to 48 hours before arrival; 100 % fee after that.',
            )
          : tr('Tarifa no reembolsable.', 'Non-refundable rate.')
      }`,
      // A refundable rate is free to cancel until 48 h before check-in (not at any time).
      cancellationPolicy: refundable
        ? { isRefundable: false, rules: [{ hoursInAdvanceOfAccess: 48, percentage: 100 }] }
        : { isRefundable: false, rules: [] },
    };
  });
}

interface AccommodationSpec {
  name: string;
  description: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  type: number;
  category: number;
  lat: number;
  lng: number;
  maxPerRoom?: number;
  rates: RateSpec[];
  failsAtReserve?: boolean;
}

function accommodation(tr: Tr, key: AccommodationKey, spec: AccommodationSpec): SeedAccommodation {
  return {
    id: A[key],
    name: spec.name,
    description: spec.description,
    mainImageUrl: `https://example.com/sandbox/accommodations/${key}.jpg`,
    address: spec.address,
    city: spec.city,
    postalCode: spec.postalCode,
    country: spec.country,
    type: spec.type,
    category: spec.category,
    lat: spec.lat,
    lng: spec.lng,
    maxPerRoom: spec.maxPerRoom ?? 4,
    rates: rates(tr, key, spec.rates),
    failsAtReserve: spec.failsAtReserve ?? false,
  };
}

function accommodations(tr: Tr): SeedAccommodation[] {
  const spain = tr('España', 'Spain');
  const canary = (spec: Omit<AccommodationSpec, 'country'>) => ({ ...spec, country: spain });
  return [
    accommodation(
      tr,
      'gcDunas',
      canary({
        name: 'Hotel Dunas del Faro',
        description: tr(
          'Hotel frente a las dunas de Maspalomas, con piscina climatizada y spa.',
          'Hotel facing the Maspalomas dunes, with a heated pool and spa.',
        ),
        address: tr('Avenida del Oasis, 12', 'Avenida del Oasis 12'),
        city: 'Maspalomas',
        postalCode: '35100',
        type: Hotel,
        category: 4,
        lat: 27.7415,
        lng: -15.599,
        rates: [
          [BedAndBreakfast, Refundable, 55],
          [HalfBoard, NonRefundable, 62],
          [HalfBoard, Refundable, 72],
          [AllInclusive, Refundable, 98],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcOasis',
      canary({
        name: 'Oasis Maspalomas Resort',
        description: tr(
          'Resort de cinco estrellas entre palmeras, a cinco minutos de la playa.',
          'Five-star resort among palm trees, five minutes from the beach.',
        ),
        address: tr('Plaza de las Palmeras, 1', 'Plaza de las Palmeras 1'),
        city: 'Maspalomas',
        postalCode: '35100',
        type: Hotel,
        category: 5,
        lat: 27.759,
        lng: -15.585,
        rates: [
          [HalfBoard, Refundable, 110],
          [FullBoard, Refundable, 130],
          [AllInclusive, NonRefundable, 140],
          [AllInclusive, Refundable, 155],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcAlmendros',
      canary({
        name: 'Bungalows Los Almendros',
        description: tr(
          'Bungalows con cocina y terraza en el Campo Internacional.',
          'Bungalows with a kitchen and terrace in Campo Internacional.',
        ),
        address: tr('Calle Los Almendros, 4', 'Calle Los Almendros 4'),
        city: 'Maspalomas',
        postalCode: '35100',
        type: Apartment,
        category: 2,
        lat: 27.764,
        lng: -15.579,
        maxPerRoom: 5,
        rates: [
          [RoomOnly, NonRefundable, 30],
          [RoomOnly, Refundable, 35],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcFaroSur',
      canary({
        name: 'Hotel Faro Sur',
        description: tr(
          'Hotel junto al faro de Maspalomas y el paseo de Meloneras.',
          'Hotel next to the Maspalomas lighthouse and the Meloneras promenade.',
        ),
        address: tr('Paseo del Faro, 8', 'Paseo del Faro 8'),
        city: 'Maspalomas',
        postalCode: '35100',
        type: Hotel,
        category: 3,
        lat: 27.744,
        lng: -15.608,
        failsAtReserve: true,
        rates: [
          [BedAndBreakfast, NonRefundable, 48],
          [BedAndBreakfast, Refundable, 54],
          [HalfBoard, Refundable, 68],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcInglesBeach',
      canary({
        name: 'Hotel Playa del Inglés Beach',
        description: tr(
          'Hotel familiar a 200 metros de la playa del Inglés.',
          'Family hotel 200 metres from Playa del Inglés beach.',
        ),
        address: tr('Avenida de Tirajana, 25', 'Avenida de Tirajana 25'),
        city: 'Playa del Inglés',
        postalCode: '35100',
        type: Hotel,
        category: 3,
        lat: 27.756,
        lng: -15.572,
        rates: [
          [BedAndBreakfast, Refundable, 50],
          [HalfBoard, Refundable, 64],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcSurfHostel',
      canary({
        name: 'Surf Hostel Playa del Inglés',
        description: tr(
          'Albergue juvenil con escuela de surf; habitaciones de una o dos personas.',
          'Youth hostel with a surf school; rooms for one or two people.',
        ),
        address: tr('Calle Gran Canaria, 3', 'Calle Gran Canaria 3'),
        city: 'Playa del Inglés',
        postalCode: '35100',
        type: Hostel,
        category: 1,
        lat: 27.762,
        lng: -15.57,
        maxPerRoom: 2,
        rates: [
          [RoomOnly, NonRefundable, 22],
          [RoomOnly, Refundable, 25],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcPuertoRico',
      canary({
        name: 'Apartamentos Puerto Rico Sol',
        description: tr(
          'Apartamentos con vistas al puerto deportivo de Puerto Rico.',
          'Apartments overlooking the Puerto Rico marina.',
        ),
        address: tr('Avenida de la Cornisa, 40', 'Avenida de la Cornisa 40'),
        city: 'Mogán',
        postalCode: '35130',
        type: Apartment,
        category: 2,
        lat: 27.79,
        lng: -15.712,
        maxPerRoom: 5,
        rates: [
          [RoomOnly, Refundable, 40],
          [BedAndBreakfast, Refundable, 48],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcMogan',
      canary({
        name: 'Hotel Puerto de Mogán',
        description: tr(
          'Hotel con encanto entre los canales del puerto de Mogán.',
          'Charming hotel among the canals of Puerto de Mogán.',
        ),
        address: tr('Calle Explanada del Castillete, 2', 'Calle Explanada del Castillete 2'),
        city: 'Mogán',
        postalCode: '35138',
        type: Hotel,
        category: 4,
        lat: 27.817,
        lng: -15.764,
        rates: [
          [BedAndBreakfast, Refundable, 80],
          [HalfBoard, NonRefundable, 88],
          [HalfBoard, Refundable, 96],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcTaurito',
      canary({
        name: 'Taurito Princess',
        description: tr(
          'Todo incluido en la playa de Taurito, con parque acuático propio.',
          'All inclusive on Taurito beach, with its own water park.',
        ),
        address: tr('Playa de Taurito, s/n', 'Playa de Taurito'),
        city: 'Mogán',
        postalCode: '35138',
        type: Hotel,
        category: 4,
        lat: 27.823,
        lng: -15.746,
        rates: [
          [AllInclusive, NonRefundable, 115],
          [AllInclusive, Refundable, 125],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcCanteras',
      canary({
        name: 'Hotel Canteras Urbano',
        description: tr(
          'Hotel urbano en la playa de Las Canteras, en la capital de la isla.',
          "City hotel on Las Canteras beach, in the island's capital.",
        ),
        address: tr('Paseo de Las Canteras, 60', 'Paseo de Las Canteras 60'),
        city: 'Las Palmas de Gran Canaria',
        postalCode: '35010',
        type: Hotel,
        category: 3,
        lat: 28.139,
        lng: -15.437,
        rates: [
          [RoomOnly, Refundable, 60],
          [BedAndBreakfast, Refundable, 70],
        ],
      }),
    ),
    accommodation(
      tr,
      'gcCampingTejeda',
      canary({
        name: 'Camping Tejeda Cumbre',
        description: tr(
          'Zona de acampada con tiendas equipadas en la cumbre de la isla.',
          "Campsite with equipped tents on the island's summit.",
        ),
        address: tr('Carretera de la Cumbre, km 4', 'Carretera de la Cumbre, km 4'),
        city: 'Tejeda',
        postalCode: '35360',
        type: Campsite,
        category: 0,
        lat: 27.995,
        lng: -15.615,
        maxPerRoom: 6,
        rates: [[RoomOnly, NonRefundable, 18]],
      }),
    ),
    accommodation(
      tr,
      'gcIngenio',
      canary({
        name: 'Casa Rural El Ingenio',
        description: tr(
          'Casa canaria restaurada en el casco histórico de Agüimes.',
          'Restored Canarian house in the old town of Agüimes.',
        ),
        address: tr('Calle del Ingenio, 9', 'Calle del Ingenio 9'),
        city: 'Agüimes',
        postalCode: '35260',
        type: Unclassified,
        category: 0,
        lat: 27.905,
        lng: -15.446,
        rates: [
          [BedAndBreakfast, Refundable, 45],
          [HalfBoard, NonRefundable, 52],
        ],
      }),
    ),
    accommodation(tr, 'vlcArenas', {
      name: 'Hotel Las Arenas Playa',
      description: tr(
        'Hotel de lujo en la playa de Las Arenas, junto al puerto.',
        'Luxury hotel on Las Arenas beach, by the harbour.',
      ),
      address: tr('Calle Eugenia Viñes, 22', 'Calle Eugenia Viñes 22'),
      city: 'Valencia',
      postalCode: '46011',
      country: spain,
      type: Hotel,
      category: 5,
      lat: 39.4655,
      lng: -0.3235,
      rates: [
        [BedAndBreakfast, Refundable, 120],
        [HalfBoard, Refundable, 145],
      ],
    }),
    accommodation(tr, 'vlcCabanyal', {
      name: 'Apartamentos Cabanyal Mar',
      description: tr(
        'Apartamentos en una casa modernista del barrio marinero del Cabanyal.',
        'Apartments in a modernist house in the Cabanyal fishermen’s quarter.',
      ),
      address: tr('Calle de la Reina, 101', 'Calle de la Reina 101'),
      city: 'Valencia',
      postalCode: '46011',
      country: spain,
      type: Apartment,
      category: 3,
      lat: 39.469,
      lng: -0.329,
      maxPerRoom: 5,
      rates: [
        [RoomOnly, NonRefundable, 55],
        [RoomOnly, Refundable, 62],
      ],
    }),
    accommodation(tr, 'vlcCentro', {
      name: 'Hostal Centro Histórico',
      description: tr(
        'Hostal sencillo junto a la plaza del Ayuntamiento.',
        'Simple guesthouse next to the town hall square.',
      ),
      address: tr('Calle de San Vicente Mártir, 7', 'Calle de San Vicente Mártir 7'),
      city: 'Valencia',
      postalCode: '46002',
      country: spain,
      type: Hostel,
      category: 1,
      lat: 39.4745,
      lng: -0.3765,
      maxPerRoom: 3,
      rates: [
        [RoomOnly, Refundable, 30],
        [BedAndBreakfast, Refundable, 36],
      ],
    }),
    accommodation(tr, 'vlcSagunto', {
      name: 'Hotel Puerto de Sagunto',
      description: tr(
        'Hotel de playa en el puerto de Sagunto, a 25 km de Valencia.',
        'Beach hotel in Puerto de Sagunto, 25 km from Valencia.',
      ),
      address: tr('Avenida Mediterráneo, 150', 'Avenida Mediterráneo 150'),
      city: 'Sagunto',
      postalCode: '46520',
      country: spain,
      type: Hotel,
      category: 3,
      lat: 39.657,
      lng: -0.226,
      rates: [[BedAndBreakfast, Refundable, 58]],
    }),
    accommodation(tr, 'rbConvento', {
      name: 'Hotel Convento de Peñafiel',
      description: tr(
        'Antiguo convento del siglo XVII con spa de vinoterapia.',
        'Former 17th-century convent with a wine-therapy spa.',
      ),
      address: tr('Calle Derecha al Coso, 31', 'Calle Derecha al Coso 31'),
      city: 'Peñafiel',
      postalCode: '47300',
      country: spain,
      type: Hotel,
      category: 4,
      lat: 41.5965,
      lng: -4.1135,
      rates: [
        [BedAndBreakfast, Refundable, 85],
        [HalfBoard, Refundable, 105],
      ],
    }),
    accommodation(tr, 'rbQuintanilla', {
      name: 'Casona Rural de Quintanilla',
      description: tr(
        'Casona de piedra entre viñedos, a orillas del Duero.',
        'Stone manor house among vineyards, on the banks of the Duero.',
      ),
      address: tr('Calle Mayor, 14', 'Calle Mayor 14'),
      city: 'Quintanilla de Onésimo',
      postalCode: '47350',
      country: spain,
      type: Unclassified,
      category: 0,
      lat: 41.624,
      lng: -4.36,
      rates: [[BedAndBreakfast, NonRefundable, 60]],
    }),
    accommodation(tr, 'rbHostal', {
      name: 'Hostal Peñafiel Centro',
      description: tr(
        'Hostal en la plaza del Coso, a los pies del castillo.',
        'Guesthouse on the Coso square, below the castle.',
      ),
      address: tr('Plaza del Coso, 2', 'Plaza del Coso 2'),
      city: 'Peñafiel',
      postalCode: '47300',
      country: spain,
      type: Hostel,
      category: 2,
      lat: 41.599,
      lng: -4.119,
      rates: [[RoomOnly, Refundable, 32]],
    }),
  ];
}

function prepackages(tr: Tr, today: IsoDate): SeedPrepackage[] {
  const G = packageDemoIds.groupings;
  const lastDay = addDays(today, DEMO_DAYS - 1);
  return [
    {
      id: packageDemoIds.prepackages.granCanaria,
      order: 1,
      image: 'https://example.com/sandbox/prepackages/gran-canaria.jpg',
      name: tr('Gran Canaria: parque acuático y hotel', 'Gran Canaria: water park and hotel'),
      commercialName: tr('Escapada Atlántico', 'Atlantic getaway'),
      description: tr(
        'Un día en el Parque Acuático Atlántico con alojamiento en el sur de Gran Canaria.',
        'A day at the Atlantic Water Park with accommodation in the south of Gran Canaria.',
      ),
      availableFrom: today,
      availableTo: lastDay,
      adultsOnly: false,
      priceMode: 2,
      commission: { type: 2, value: 0 },
      groupings: [
        {
          id: G.gcPark,
          name: tr('Entrada al parque acuático', 'Water park admission'),
          providerId: demoIds.providers.waterpark,
          datePolicyKey: 1,
          products: { adult: P.parkHotel },
        },
      ],
    },
    {
      id: packageDemoIds.prepackages.valencia,
      order: 2,
      image: 'https://example.com/sandbox/prepackages/valencia.jpg',
      name: tr('Valencia: museo del mar y hotel', 'Valencia: sea museum and hotel'),
      commercialName: tr('Valencia marinera', 'Seaside Valencia'),
      description: tr(
        'Entrada al Museo del Mar y alimentación de medusas el mismo día, con hotel cerca del puerto.',
        'Sea Museum admission and jellyfish feeding on the same day, with a hotel near the harbour.',
      ),
      availableFrom: today,
      availableTo: lastDay,
      adultsOnly: false,
      maxDistanceMeters: 15_000,
      priceMode: 1,
      commission: { type: 1, value: 10 },
      groupings: [
        {
          id: G.vlcMuseum,
          name: tr('Entrada general al museo', 'Museum general admission'),
          providerId: demoIds.providers.museum,
          datePolicyKey: 1,
          products: { adult: P.museumAdult, child: P.museumChild, senior: P.museumSenior },
          childMaxAge: 12,
        },
        {
          id: G.vlcJellyfish,
          name: tr('Alimentación de medusas', 'Jellyfish feeding'),
          providerId: demoIds.providers.museum,
          datePolicyKey: 1,
          products: { adult: P.museumJellyfish },
        },
      ],
    },
    {
      id: packageDemoIds.prepackages.ribera,
      order: 3,
      image: 'https://example.com/sandbox/prepackages/ribera.jpg',
      name: tr('Ribera del Duero: cata y hotel', 'Ribera del Duero: tasting and hotel'),
      commercialName: tr('Enoescapada', 'Wine getaway'),
      description: tr(
        'Visita a Bodegas Ribera Alta con cata de tres vinos y alojamiento en Peñafiel. Solo adultos.',
        'A tour of Ribera Alta Winery with a tasting of three wines and a stay in Peñafiel. Adults only.',
      ),
      availableFrom: addDays(today, 7),
      availableTo: lastDay,
      adultsOnly: true,
      accommodationIds: [A.rbConvento, A.rbQuintanilla],
      priceMode: 1,
      commission: { type: 1, value: 8 },
      groupings: [
        {
          id: G.rbTasting,
          name: tr('Visita y cata', 'Tour and tasting'),
          providerId: demoIds.providers.winery,
          datePolicyKey: 1,
          products: { adult: P.wineTasting },
        },
      ],
    },
  ];
}

export function packageSeed(options: { today: IsoDate; language: SeedLanguage }): PackageSeed {
  const tr = translator(options.language);
  return {
    prepackages: prepackages(tr, options.today),
    accommodations: accommodations(tr),
  };
}
