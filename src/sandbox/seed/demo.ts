/**
 * The demo catalog: four fictional providers whose products, between them, exercise every
 * rule of the spec the bot and the sandbox have to honour. Dates are relative to `today`
 * (about 90 days on sale), so the demo never goes stale; texts come in Spanish and
 * English and nothing else differs between the two.
 *
 * Gift cards: a product that may be sold as a gift card (the GiftCards list of
 * ShoppingCart/Add) carries the product tag `giftcard` (GIFT_CARD_TAG). The spec does not
 * say how the catalog marks them. Gift card products are open-dated, since the access date
 * given when buying a gift card is only statistical.
 *
 * ProductInternalConsiderations texts start with "[interno]" / "[internal]" so tests can
 * prove they never reach a customer.
 */
import type { Catalog, PricesAndDates, Product, Provider, Ticket } from '#src/api/catalog.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import {
  makeBase,
  makeEnclosure,
  makeProduct,
  makeProvider,
  makeSessions,
  makeTicket,
  nonRefundable,
  refundable,
  weekPrices,
  type ProductFields,
} from './build.js';
import { addDays, assertIsoDate, at, dateRange, weekday } from './dates.js';
import { demoIds, demoTicketId } from './demo-ids.js';
import { seedId } from './ids.js';
import { translator, type SeedLanguage, type Tr } from './language.js';

export const GIFT_CARD_TAG = 'giftcard';

/** How many days, from today, the demo products are on sale. */
export const DEMO_DAYS = 90;

export interface DemoOptions {
  today: IsoDate;
  language: SeedLanguage;
}

/** What a provider or product of the demo is there to show (English, for the README). */
export interface DemoGuideEntry {
  id: string;
  name: string;
  demonstrates: string[];
}
export interface DemoGuide extends DemoGuideEntry {
  products: DemoGuideEntry[];
}

const E = demoIds.enclosures;
const B = demoIds.productBases;
const I = demoIds.products;
const Q = demoIds.profiles;
type ProductKey = keyof typeof I;

interface Ctx {
  today: IsoDate;
  tr: Tr;
  /** All dates on sale: today and the next DEMO_DAYS - 1 days. */
  days: IsoDate[];
  guide: DemoGuide[];
}

/** Limited-capacity days: the first three dates on sale, and every Saturday. */
function limitedDays(dates: IsoDate[]): IsoDate[] {
  return dates.filter((date, index) => index < 3 || weekday(date) === 6);
}

function session(
  enclosure: keyof typeof E,
  date: IsoDate,
  time: string,
  content: keyof typeof demoIds.sessionContents,
  hasLimitedCapacity: boolean,
) {
  return {
    sessionId: seedId(`session:${enclosure}:${date}T${time}`),
    sessionContentId: demoIds.sessionContents[content],
    sessionTime: at(date, time),
    hasLimitedCapacity,
  };
}

const startOfDay = (date: IsoDate): IsoDateTime => at(date, '00:00');
const endOfDay = (date: IsoDate): IsoDateTime => `${date}T23:59:59` as IsoDateTime;

/** Declares a product with what it demonstrates; its guide entry goes under the provider. */
function product(
  ctx: Ctx,
  key: ProductKey,
  demonstrates: string[],
  fields: Omit<ProductFields, 'productId'>,
): Product {
  const built = makeProduct({ productId: I[key], ...fields });
  ctx.guide.at(-1)!.products.push({ id: built.productId, name: built.productName, demonstrates });
  return built;
}

function ticket(
  product: ProductKey,
  name: string,
  ticketName: string,
  enclosure: keyof typeof E,
  fields: Partial<Ticket> = {},
): Ticket {
  return makeTicket({
    ticketId: demoTicketId(product, name),
    ticketName,
    ticketEnclosureId: E[enclosure],
    ...fields,
  });
}

function openProvider(ctx: Ctx, id: string, name: string, demonstrates: string[]) {
  ctx.guide.push({ id, name, demonstrates, products: [] });
}

function museum(ctx: Ctx): Provider {
  const { tr, days, today } = ctx;
  const name = tr('Museo del Mar de Valencia', 'Valencia Sea Museum');
  openProvider(ctx, demoIds.providers.museum, name, [
    'IVA (TaxType 0); closed on Mondays (no prices on Mondays)',
    'provider-level IsInsurable; refundable default CancellationPolicy',
    'group limit 19 (sales of 20 or more people are refused); provider question profile',
    'enclosure age thresholds (child up to 12, senior from 65)',
  ]);
  const open = days.filter((date) => weekday(date) !== 1);
  const tax = 21;
  const visitor = { ticketsQuestionsProfileId: Q.ticketVisitor };
  const cancellation = tr(
    'Cancelación gratuita hasta el día anterior a la visita.',
    'Free cancellation up to the day before the visit.',
  );
  const saleWindow = {
    startIsActiveDate: startOfDay(addDays(today, -30)),
    endIsActiveDate: endOfDay(addDays(today, DEMO_DAYS - 1)),
  };
  const museumPrices = (weekdayPrice: number, weekendPrice: number): PricesAndDates[] =>
    weekPrices(open, {
      weekday: weekdayPrice,
      weekend: weekendPrice,
      tax,
      promo: { from: addDays(today, 60), price: weekdayPrice - 2 },
    });
  const retail = { priceMode: 1 as const, commission: [{ type: 1 as const, value: 12 }] };
  const general = {
    ...retail,
    ...saleWindow,
    hoursInAdvanceOfPurchase: 6,
    productCancellationConditions: cancellation,
    tags: ['museum'],
  };

  const planetariumSessions = open.flatMap((date) => [
    session('planetarium', date, '11:00', 'stars', true),
    session('planetarium', date, '13:00', 'solarSystem', true),
    session('planetarium', date, '17:00', 'stars', true),
  ]);

  return makeProvider({
    providerId: demoIds.providers.museum,
    providerName: name,
    providerDescription: tr(
      'Museo marítimo junto al puerto, con planetario, acuario de medusas y paseos en barco.',
      'Maritime museum by the harbour, with a planetarium, a jellyfish aquarium and boat trips.',
    ),
    providerCommercialConditions: tr(
      'Precios con IVA incluido. Descuento de fin de temporada en días laborables.',
      'Prices include VAT. End-of-season discount on weekdays.',
    ),
    providerAccessConditions: tr(
      'Presenta la entrada en el móvil o impresa. Cerrado los lunes.',
      'Show your ticket on your phone or printed. Closed on Mondays.',
    ),
    exchangeVoucherPoint: tr('Taquillas del vestíbulo principal', 'Ticket desks in the main hall'),
    advancedDateSelectorMethodName: 'None',
    cancellationPolicy: refundable(),
    taxType: 0,
    isInsurable: true,
    limitOfNumberOfPeopleToBeGroup: 19,
    logo: 'https://example.com/sandbox/logos/museo-del-mar.png',
    providerQuestionsProfileIds: [Q.providerMuseum],
    tags: ['museum', 'family', 'valencia'],
    location: {
      countryCode: 'ES',
      city: 'Valencia',
      address: tr('Muelle de la Aduana, 1', 'Muelle de la Aduana 1'),
      zipCode: '46024',
      lat: 39.4587,
      lng: -0.3306,
      region: tr('Comunidad Valenciana', 'Valencian Community'),
    },
    ticketEnclosures: [
      makeEnclosure({
        ticketEnclosureId: E.museumHalls,
        ticketEnclosureName: tr('Salas del museo', 'Museum halls'),
        ticketEnclosureConditions: tr(
          'Niños: hasta 12 años. Senior: desde 65 años, con documento acreditativo.',
          'Children: up to 12 years old. Seniors: from 65, with proof of age.',
        ),
        typeOfPersonDefinitionTypeChild: 1,
        typeOfPersonDefinitionValueChild: 12,
        typeOfPersonDefinitionTypeAdult: 1,
        typeOfPersonDefinitionValueAdult: 13,
        typeOfPersonDefinitionTypeSenior: 1,
        typeOfPersonDefinitionValueSenior: 65,
      }),
      makeEnclosure({
        ticketEnclosureId: E.planetarium,
        ticketEnclosureName: tr('Planetario', 'Planetarium'),
        ticketEnclosureConditions: tr(
          'Butaca numerada. Acceso cerrado al comenzar la proyección.',
          'Numbered seat. No entry once the show has started.',
        ),
        sessions: makeSessions({
          sessionContentProfileId: demoIds.sessionProfiles.planetarium,
          hasSeating: true,
          sessionSessionContents: planetariumSessions,
          ticketEnclosureAutoAssignSessionType: 0,
        }),
      }),
      makeEnclosure({
        ticketEnclosureId: E.jellyfish,
        ticketEnclosureName: tr('Acuario de medusas', 'Jellyfish aquarium'),
        sessions: makeSessions({
          sessionGroupProfileId: demoIds.sessionProfiles.jellyfish,
          sessionsGroupSessionContents: {
            sessionsGroupId: demoIds.sessionGroups.jellyfishFeeding,
            sessionContentId: demoIds.sessionContents.jellyfishFeeding,
          },
          ticketEnclosureAutoAssignSessionType: 1,
        }),
      }),
      makeEnclosure({
        ticketEnclosureId: E.harbourBoat,
        ticketEnclosureName: tr('Barco del puerto', 'Harbour boat'),
        ticketEnclosureConditions: tr('Embarque 10 minutos antes.', 'Boarding 10 minutes before.'),
      }),
    ],
    productBases: [
      makeBase({
        productBaseId: B.museumTickets,
        productBaseName: tr('Entradas', 'Tickets'),
        productBaseDescription: tr('Entradas de día al museo.', 'Day tickets to the museum.'),
        tags: ['tickets'],
        products: [
          product(
            ctx,
            'museumAdult',
            [
              'closed date (AccessDateCriteria 0); weekday, weekend and discounted price sets (OriginalPrice)',
              'retail PriceMode 1 with a 12 % Commission; sale window (StartIsActiveDate/EndIsActiveDate)',
              'a quota ticket and a non-quota audio guide ticket; ticket questions (Text with regex, Boolean, Date, Integer)',
              'HoursInAdvanceOfPurchase 6; ProductInternalConsiderations',
            ],
            {
              ...general,
              productName: tr('Entrada general adulto', 'General admission, adult'),
              suggestedSalesProductName: tr('Museo del Mar: adulto', 'Sea Museum: adult'),
              productDescription: tr(
                'Acceso a todas las salas permanentes y audioguía.',
                'Access to every permanent hall, with an audio guide.',
              ),
              productInternalConsiderations: tr(
                '[interno] Comisión revisada cada trimestre; no comunicar al cliente.',
                '[internal] Commission reviewed every quarter; do not tell the customer.',
              ),
              numberOfAdults: 1,
              pricesAndDates: museumPrices(12, 15),
              tickets: [
                ticket(
                  'museumAdult',
                  'entry',
                  tr('Entrada adulto', 'Adult entry'),
                  'museumHalls',
                  visitor,
                ),
                ticket('museumAdult', 'audio', tr('Audioguía', 'Audio guide'), 'museumHalls', {
                  isQuotaTicket: false,
                  ticketConditions: tr(
                    'Se recoge en el mostrador de audioguías.',
                    'Collect it at the audio guide desk.',
                  ),
                }),
              ],
            },
          ),
          product(
            ctx,
            'museumChild',
            ['child ticket type of the category (NumberOfChildren 1, age threshold 12)'],
            {
              ...general,
              productName: tr('Entrada general infantil', 'General admission, child'),
              productDescription: tr(
                'Para niños y niñas de hasta 12 años.',
                'For children up to 12 years old.',
              ),
              numberOfChildren: 1,
              pricesAndDates: museumPrices(7, 9),
              tickets: [
                ticket(
                  'museumChild',
                  'entry',
                  tr('Entrada infantil', 'Child entry'),
                  'museumHalls',
                  visitor,
                ),
              ],
            },
          ),
          product(
            ctx,
            'museumSenior',
            ['senior ticket type of the category (NumberOfSenior 1, age threshold 65)'],
            {
              ...general,
              productName: tr('Entrada general senior', 'General admission, senior'),
              productDescription: tr('Para mayores de 65 años.', 'For visitors aged 65 and over.'),
              numberOfSenior: 1,
              pricesAndDates: museumPrices(8, 10),
              tickets: [
                ticket(
                  'museumSenior',
                  'entry',
                  tr('Entrada senior', 'Senior entry'),
                  'museumHalls',
                  visitor,
                ),
              ],
            },
          ),
          product(
            ctx,
            'museumPlanetarium',
            [
              'sessions per content (SessionSessionContents), all HasLimitedCapacity; auto-assign No: the session must be chosen',
              'HasSeating with SeatingAssignType 1; museum ticket non-quota, dome ticket quota',
              'ticket questions (select one from Values, list of integers)',
            ],
            {
              ...general,
              productName: tr('Museo + Planetario', 'Museum + Planetarium'),
              productDescription: tr(
                'Entrada al museo y una proyección del planetario a elegir.',
                'Museum admission and a planetarium show of your choice.',
              ),
              numberOfAdults: 1,
              pricesAndDates: museumPrices(16, 19),
              tickets: [
                ticket(
                  'museumPlanetarium',
                  'halls',
                  tr('Entrada museo', 'Museum entry'),
                  'museumHalls',
                  {
                    isQuotaTicket: false,
                  },
                ),
                ticket(
                  'museumPlanetarium',
                  'dome',
                  tr('Proyección del planetario', 'Planetarium show'),
                  'planetarium',
                  {
                    seatingAssignType: 1,
                    ticketsQuestionsProfileId: Q.ticketPlanetarium,
                  },
                ),
              ],
            },
          ),
          product(
            ctx,
            'museumJellyfish',
            [
              'session group (SessionsGroupSessionContents); auto-assign IfNotSet: a session is given when none is chosen',
            ],
            {
              ...general,
              productName: tr(
                'Acuario de medusas: alimentación',
                'Jellyfish aquarium: feeding time',
              ),
              productDescription: tr(
                'Visita guiada a la alimentación de las medusas.',
                'Guided visit to the feeding of the jellyfish.',
              ),
              numberOfGeneric: 1,
              pricesAndDates: weekPrices(open, { weekday: 6, tax }),
              tickets: [
                ticket(
                  'museumJellyfish',
                  'feeding',
                  tr('Alimentación de medusas', 'Jellyfish feeding'),
                  'jellyfish',
                ),
              ],
            },
          ),
          product(
            ctx,
            'museumFamily',
            [
              'several ticket types in one product: 2 adult + 2 child tickets (NumberOfPeople 4)',
              'DaysWithLimitedCapacity: capacity counts 4 quota tickets per pack',
              'BarcodeAssignment 2 (one barcode per person)',
            ],
            {
              ...general,
              productName: tr(
                'Pack familiar (2 adultos + 2 niños)',
                'Family pack (2 adults + 2 children)',
              ),
              productDescription: tr(
                'Dos adultos y dos niños de hasta 12 años.',
                'Two adults and two children up to 12 years old.',
              ),
              numberOfPeople: 4,
              numberOfAdults: 2,
              numberOfChildren: 2,
              barcodeAssignment: 2,
              daysWithLimitedCapacity: limitedDays(open),
              pricesAndDates: museumPrices(38, 45),
              tickets: [
                ticket('museumFamily', 'adult1', tr('Adulto', 'Adult'), 'museumHalls', visitor),
                ticket('museumFamily', 'adult2', tr('Adulto', 'Adult'), 'museumHalls', visitor),
                ticket('museumFamily', 'child1', tr('Niño', 'Child'), 'museumHalls', visitor),
                ticket('museumFamily', 'child2', tr('Niño', 'Child'), 'museumHalls', visitor),
              ],
            },
          ),
        ],
      }),
      makeBase({
        productBaseId: B.museumGuided,
        productBaseName: tr('Visitas guiadas', 'Guided tours'),
        productBaseDescription: tr(
          'Grupos reducidos de hasta 9 personas.',
          'Small groups of up to 9 people.',
        ),
        limitOfNumberOfPeopleToBeGroup: 9,
        tags: ['guided'],
        products: [
          product(
            ctx,
            'museumGuided',
            [
              "product base group limit 9, stricter than the provider's 19",
              'MinimumNumberByTransaction 2; net PriceMode 2; Release 2',
              "product CancellationPolicy overriding the provider's: not refundable, penalties from 48 h",
              'DaysWithLimitedCapacity; ProductInternalConsiderations',
            ],
            {
              ...saleWindow,
              productName: tr(
                'Visita guiada "Rutas del Mediterráneo"',
                'Guided tour "Mediterranean routes"',
              ),
              productDescription: tr(
                'Recorrido de 90 minutos con un guía del museo. Mínimo 2 personas.',
                'A 90-minute tour with a museum guide. Minimum 2 people.',
              ),
              productInternalConsiderations: tr(
                '[interno] El guía confirma el idioma por teléfono el día anterior.',
                '[internal] The guide confirms the language by phone the day before.',
              ),
              productCancellationConditions: tr(
                'No reembolsable: 50 % de gastos desde 48 horas antes y 100 % desde 24 horas antes.',
                'Non-refundable: 50 % fee from 48 hours before, 100 % from 24 hours before.',
              ),
              cancellationPolicy: nonRefundable([
                [48, 50],
                [24, 100],
              ]),
              hoursInAdvanceOfPurchase: 24,
              minimumNumberByTransaction: 2,
              numberOfAdults: 1,
              priceMode: 2,
              release: 2,
              daysWithLimitedCapacity: limitedDays(
                open.filter((date) => [0, 3, 6].includes(weekday(date))),
              ),
              pricesAndDates: weekPrices(
                open.filter((date) => [0, 3, 6].includes(weekday(date))),
                { weekday: 14, weekend: 16, tax },
              ),
              tickets: [
                ticket('museumGuided', 'tour', tr('Visita guiada', 'Guided tour'), 'museumHalls'),
              ],
            },
          ),
        ],
      }),
      makeBase({
        productBaseId: B.museumGifts,
        productBaseName: tr('Regalos', 'Gifts'),
        tags: ['gifts'],
        products: [
          product(
            ctx,
            'museumGiftCard',
            [
              'gift card product (tag giftcard); open date (AccessDateCriteria 1, sales document 2 "valid on season")',
              'SalesDocumentSettings ShowPrice false',
            ],
            {
              productName: tr('Tarjeta regalo: Museo del Mar', 'Gift card: Sea Museum'),
              productDescription: tr(
                'Una entrada de adulto para usar cualquier día de la temporada.',
                'One adult admission to use any day of the season.',
              ),
              productCancellationConditions: cancellation,
              tags: [GIFT_CARD_TAG],
              numberOfAdults: 1,
              accessDateCriteria: 1,
              accessDateCriteriaOpenDateSalesDocument: 2,
              validDays: 1,
              validDaysType: 0,
              salesDocumentSettings: { disable: false, showPrice: false },
              ...retail,
              pricesAndDates: weekPrices(open, { weekday: 14, tax }),
              tickets: [
                ticket(
                  'museumGiftCard',
                  'entry',
                  tr('Entrada adulto', 'Adult entry'),
                  'museumHalls',
                ),
              ],
            },
          ),
        ],
      }),
      makeBase({
        productBaseId: B.museumCombined,
        productBaseName: tr('Combinados', 'Combined'),
        products: [
          product(
            ctx,
            'comboMuseum',
            ['CanOnlyBeSoldAsPartOfCombinedProduct (museum part of "Maritime Valencia")'],
            {
              ...retail,
              productName: tr(
                'Museo (parte del combinado)',
                'Museum (part of the combined ticket)',
              ),
              productCancellationConditions: cancellation,
              canOnlyBeSoldAsPartOfCombinedProduct: true,
              numberOfAdults: 1,
              pricesAndDates: weekPrices(open, { weekday: 10, weekend: 12, tax }),
              tickets: [
                ticket('comboMuseum', 'entry', tr('Entrada museo', 'Museum entry'), 'museumHalls'),
              ],
            },
          ),
          product(
            ctx,
            'comboBoat',
            ['CanOnlyBeSoldAsPartOfCombinedProduct (boat part of "Maritime Valencia")'],
            {
              ...retail,
              productName: tr(
                'Paseo en barco (parte del combinado)',
                'Boat trip (part of the combined ticket)',
              ),
              productCancellationConditions: cancellation,
              canOnlyBeSoldAsPartOfCombinedProduct: true,
              numberOfAdults: 1,
              pricesAndDates: weekPrices(open, { weekday: 9, weekend: 11, tax }),
              tickets: [
                ticket('comboBoat', 'trip', tr('Paseo en barco', 'Boat trip'), 'harbourBoat'),
              ],
            },
          ),
        ],
      }),
      makeBase({
        productBaseId: B.museumExhibitions,
        productBaseName: tr('Exposiciones temporales', 'Temporary exhibitions'),
        products: [
          product(
            ctx,
            'museumShipwrecks',
            ['sale window starting in 30 days: listed only with ShowProductsOutOfActiveDateRange'],
            {
              ...retail,
              productName: tr('Exposición "Naufragios"', 'Exhibition "Shipwrecks"'),
              productDescription: tr('Próximamente.', 'Coming soon.'),
              productCancellationConditions: cancellation,
              startIsActiveDate: startOfDay(addDays(today, 30)),
              endIsActiveDate: endOfDay(addDays(today, 120)),
              numberOfAdults: 1,
              pricesAndDates: weekPrices(
                open.filter((date) => date >= addDays(today, 30)),
                { weekday: 8, weekend: 10, tax },
              ),
              tickets: [
                ticket(
                  'museumShipwrecks',
                  'entry',
                  tr('Entrada exposición', 'Exhibition entry'),
                  'museumHalls',
                ),
              ],
            },
          ),
        ],
      }),
    ],
  });
}

function waterpark(ctx: Ctx): Provider {
  const { tr, days } = ctx;
  const name = tr('Parque Acuático Atlántico', 'Atlantic Water Park');
  openProvider(ctx, demoIds.providers.waterpark, name, [
    'Canary Islands: IGIC (TaxType 1, 7 %)',
    'AdvancedDateSelectorMethodName DatePerTicketEnclosure: each ticket may have its own date',
    'non-refundable default CancellationPolicy; product base IsInsurable; no provider questions',
    'height threshold on an enclosure (children under 120 cm)',
  ]);
  const tax = 7;
  const net = { priceMode: 2 as const, commission: [] };
  const noRefund = tr('No reembolsable.', 'Non-refundable.');
  const window = {
    hoursInAdvanceOfPurchase: 4,
    maxHoursInAdvanceOfPurchase: { kind: 'hours' as const, hours: 720 },
  };
  const showSessions = days.flatMap((date) => [
    session('sealShow', date, '12:00', 'sealShow', false),
    session('sealShow', date, '16:30', 'sealShow', true),
  ]);
  const slides = (key: ProductKey, fields: Partial<Ticket> = {}) =>
    ticket(key, 'slides', tr('Zona de toboganes', 'Slides area'), 'slides', fields);
  const pool = (key: ProductKey) =>
    ticket(key, 'pool', tr('Piscina de olas', 'Wave pool'), 'wavePool');
  const show = (key: ProductKey) =>
    ticket(key, 'show', tr('Show de leones marinos', 'Sea lion show'), 'sealShow', {
      seatingAssignType: 3,
      ticketsQuestionsProfileId: Q.ticketShowDynamic,
    });

  return makeProvider({
    providerId: demoIds.providers.waterpark,
    providerName: name,
    providerDescription: tr(
      'Toboganes, piscina de olas y show de leones marinos en el sur de Gran Canaria.',
      'Slides, a wave pool and a sea lion show in the south of Gran Canaria.',
    ),
    providerAccessConditions: tr(
      'Obligatorio el uso de calzado de agua en los toboganes.',
      'Water shoes are required on the slides.',
    ),
    exchangeVoucherPoint: tr('Puerta principal, taquilla 3', 'Main gate, desk 3'),
    advancedDateSelectorMethodName: 'DatePerTicketEnclosure',
    cancellationPolicy: nonRefundable(),
    taxType: 1,
    demandAccessDateOnOpenDate: true,
    limitOfNumberOfPeopleToBeGroup: 19,
    logo: 'https://example.com/sandbox/logos/parque-atlantico.png',
    tags: ['waterpark', 'family', 'canarias'],
    location: {
      countryCode: 'ES',
      city: 'San Bartolomé de Tirajana',
      address: tr('Carretera de Palmitos, km 3', 'Carretera de Palmitos, km 3'),
      zipCode: '35100',
      lat: 27.7871,
      lng: -15.6081,
      region: tr('Canarias', 'Canary Islands'),
    },
    ticketEnclosures: [
      makeEnclosure({
        ticketEnclosureId: E.slides,
        ticketEnclosureName: tr('Zona de toboganes', 'Slides area'),
        ticketEnclosureConditions: tr(
          'Tarifa infantil para menores de 120 cm de altura.',
          'Child rate for children under 120 cm tall.',
        ),
        typeOfPersonDefinitionTypeChild: 2,
        typeOfPersonDefinitionValueChild: 120,
        typeOfPersonDefinitionTypeAdult: 2,
        typeOfPersonDefinitionValueAdult: 120,
      }),
      makeEnclosure({
        ticketEnclosureId: E.wavePool,
        ticketEnclosureName: tr('Piscina de olas', 'Wave pool'),
        typeOfPersonDefinitionTypeChild: 1,
        typeOfPersonDefinitionValueChild: 11,
      }),
      makeEnclosure({
        ticketEnclosureId: E.sealShow,
        ticketEnclosureName: tr('Anfiteatro de leones marinos', 'Sea lion amphitheatre'),
        sessions: makeSessions({
          sessionContentProfileId: demoIds.sessionProfiles.sealShow,
          hasSeating: true,
          sessionSessionContents: showSessions,
          ticketEnclosureAutoAssignSessionType: 2,
        }),
      }),
    ],
    productBases: [
      makeBase({
        productBaseId: B.parkTickets,
        productBaseName: tr('Entradas al parque', 'Park tickets'),
        isInsurable: true,
        tags: ['tickets'],
        products: [
          product(
            ctx,
            'parkAdult',
            [
              'RequiresRealTimePrice; net PriceMode 2; IGIC tax breakdown',
              'HoursInAdvanceOfPurchase 4 and MaxHoursInAdvanceOfPurchase 720 (not sold more than 30 days ahead)',
              "product CancellationPolicy overriding the provider's: refundable",
              'DaysWithLimitedCapacity; two tickets in different enclosures (a date per enclosure)',
            ],
            {
              ...net,
              ...window,
              productName: tr('Entrada parque adulto', 'Park admission, adult'),
              productDescription: tr(
                'Toboganes y piscina de olas todo el día.',
                'Slides and wave pool all day.',
              ),
              productInternalConsiderations: tr(
                '[interno] Precio neto sujeto a confirmación en tiempo real.',
                '[internal] Net price subject to real-time confirmation.',
              ),
              productCancellationConditions: tr(
                'Cancelación gratuita en cualquier momento.',
                'Free cancellation at any time.',
              ),
              cancellationPolicy: refundable(),
              requiresRealTimePrice: true,
              numberOfAdults: 1,
              daysWithLimitedCapacity: limitedDays(days),
              pricesAndDates: weekPrices(days, { weekday: 28, weekend: 32, tax }),
              tickets: [slides('parkAdult'), pool('parkAdult')],
            },
          ),
          product(
            ctx,
            'parkChild',
            [
              'child by height (enclosure threshold 120 cm); ticket question of type Decimal',
              'RequiresRealTimePrice; provider default (non-refundable) policy applies',
            ],
            {
              ...net,
              ...window,
              productName: tr(
                'Entrada parque infantil (menos de 120 cm)',
                'Park admission, child (under 120 cm)',
              ),
              productCancellationConditions: noRefund,
              requiresRealTimePrice: true,
              numberOfChildren: 1,
              pricesAndDates: weekPrices(days, { weekday: 20, weekend: 23, tax }),
              tickets: [
                slides('parkChild', { ticketsQuestionsProfileId: Q.ticketHeight }),
                pool('parkChild'),
              ],
            },
          ),
          product(
            ctx,
            'parkShowAdult',
            [
              'sessions auto-assigned ForceSet (a chosen session is ignored); some sessions HasLimitedCapacity',
              'dynamic ticket questions (AreDynamicQuestions): more questions with a session or on weekends',
              'SeatingAssignType 3 (seats assigned later by the provider)',
            ],
            {
              ...net,
              ...window,
              productName: tr(
                'Parque + show de leones marinos, adulto',
                'Park + sea lion show, adult',
              ),
              productCancellationConditions: noRefund,
              numberOfAdults: 1,
              pricesAndDates: weekPrices(days, { weekday: 34, weekend: 38, tax }),
              tickets: [pool('parkShowAdult'), show('parkShowAdult')],
            },
          ),
          product(
            ctx,
            'parkShowChild',
            ["dynamic questions that depend on the product (child's age)"],
            {
              ...net,
              ...window,
              productName: tr(
                'Parque + show de leones marinos, infantil',
                'Park + sea lion show, child',
              ),
              productCancellationConditions: noRefund,
              numberOfChildren: 1,
              pricesAndDates: weekPrices(days, { weekday: 25, weekend: 28, tax }),
              tickets: [pool('parkShowChild'), show('parkShowChild')],
            },
          ),
          product(
            ctx,
            'parkTwoDays',
            [
              'open date (AccessDateCriteria 1, sales document 4 "access dates range"); ValidDays 2, not consecutive',
              'gift card product (tag giftcard)',
            ],
            {
              ...net,
              productName: tr('Pase 2 días', 'Two-day pass'),
              productDescription: tr(
                'Dos días a elegir durante la temporada, no necesariamente seguidos.',
                'Two days of your choice during the season, not necessarily in a row.',
              ),
              productCancellationConditions: noRefund,
              tags: [GIFT_CARD_TAG],
              numberOfAdults: 1,
              accessDateCriteria: 1,
              accessDateCriteriaOpenDateSalesDocument: 4,
              validDays: 2,
              validDaysType: 1,
              pricesAndDates: weekPrices(days, { weekday: 45, tax }),
              tickets: [slides('parkTwoDays'), pool('parkTwoDays')],
            },
          ),
        ],
      }),
      makeBase({
        productBaseId: B.parkPackages,
        productBaseName: tr('Paquetes con alojamiento', 'Packages with accommodation'),
        products: [
          product(
            ctx,
            'parkHotel',
            [
              'IsForPackaging (sold only in a package with accommodation); AccessDateCriteria 3 (valid during the stay)',
            ],
            {
              ...net,
              productName: tr('Entrada parque para paquetes', 'Park admission for packages'),
              productCancellationConditions: noRefund,
              isForPackaging: true,
              numberOfAdults: 1,
              accessDateCriteria: 3,
              pricesAndDates: weekPrices(days, { weekday: 24, tax }),
              tickets: [slides('parkHotel'), pool('parkHotel')],
            },
          ),
        ],
      }),
    ],
  });
}

function mountain(ctx: Ctx): Provider {
  const { tr, days } = ctx;
  const name = tr('Sierra Nevada Grupos', 'Sierra Nevada Groups');
  openProvider(ctx, demoIds.providers.mountain, name, [
    'groups only: IsForGroups with LimitOfNumberOfPeopleToBeGroup 19 (only sales of 20 or more people)',
    'PurchaseFlowType 2 (requires processing by the provider); no provider CancellationPolicy',
    'provider question profile with a file question',
  ]);
  const tax = 21;
  const routeDays = days.filter((date) => [2, 4, 6].includes(weekday(date)));
  const policy = () =>
    nonRefundable([
      [72, 25],
      [24, 100],
    ]);
  const conditions = tr(
    '25 % de gastos desde 72 horas antes; 100 % desde 24 horas antes.',
    '25 % fee from 72 hours before; 100 % from 24 hours before.',
  );
  const common = {
    priceMode: 1 as const,
    commission: [{ type: 1 as const, value: 8 }],
    hoursInAdvanceOfPurchase: 72,
    productCancellationConditions: conditions,
    salesDocumentSettings: { disable: true, showPrice: false },
  };
  return makeProvider({
    providerId: demoIds.providers.mountain,
    providerName: name,
    providerDescription: tr(
      'Rutas guiadas de montaña para colegios, clubes y empresas (mínimo 20 personas).',
      'Guided mountain routes for schools, clubs and companies (20 people or more).',
    ),
    providerCommercialConditions: tr(
      'Solo grupos de 20 o más personas. Los bonos se envían tras la confirmación del proveedor.',
      'Groups of 20 or more only. Vouchers are sent once the provider confirms.',
    ),
    advancedDateSelectorMethodName: 'None',
    taxType: 0,
    purchaseFlowType: 2,
    isForGroups: true,
    limitOfNumberOfPeopleToBeGroup: 19,
    logo: 'https://example.com/sandbox/logos/sierra-nevada-grupos.png',
    providerQuestionsProfileIds: [Q.providerMountain],
    tags: ['outdoor', 'groups', 'granada'],
    location: {
      countryCode: 'ES',
      city: 'Monachil',
      address: tr('Plaza de Pradollano, s/n', 'Plaza de Pradollano'),
      zipCode: '18196',
      lat: 37.0945,
      lng: -3.3964,
      region: tr('Andalucía', 'Andalusia'),
    },
    ticketEnclosures: [
      makeEnclosure({
        ticketEnclosureId: E.meetingPoint,
        ticketEnclosureName: tr('Punto de encuentro: Pradollano', 'Meeting point: Pradollano'),
        ticketEnclosureConditions: tr('Llegada 30 minutos antes.', 'Arrive 30 minutes early.'),
      }),
    ],
    productBases: [
      makeBase({
        productBaseId: B.mountainRoutes,
        productBaseName: tr('Rutas para grupos', 'Routes for groups'),
        tags: ['routes'],
        products: [
          product(
            ctx,
            'mountainHike',
            [
              'product-level IsInsurable; product CancellationPolicy (no provider default)',
              'ticket questions of list types, select several (MaxNumberOfValues 2), file and list of files',
              'HoursInAdvanceOfPurchase 72; SalesDocumentSettings Disable; ProductInternalConsiderations',
            ],
            {
              ...common,
              productName: tr(
                'Ruta guiada Los Lavaderos de la Reina',
                'Guided route to Los Lavaderos de la Reina',
              ),
              productDescription: tr(
                'Ruta de 12 km con guía titulado.',
                'A 12 km route with a qualified guide.',
              ),
              productInternalConsiderations: tr(
                '[interno] El proveedor confirma en 24-48 h; avisar al cliente si el guía cambia.',
                '[internal] The provider confirms within 24-48 h; tell the customer if the guide changes.',
              ),
              cancellationPolicy: policy(),
              isInsurable: true,
              numberOfGeneric: 1,
              pricesAndDates: weekPrices(routeDays, { weekday: 18, weekend: 22, tax }),
              tickets: [
                ticket(
                  'mountainHike',
                  'walker',
                  tr('Participante', 'Participant'),
                  'meetingPoint',
                  {
                    ticketsQuestionsProfileId: Q.ticketAdventure,
                  },
                ),
              ],
            },
          ),
          product(
            ctx,
            'mountainPack',
            [
              'a product of 10 people (NumberOfPeople 10) with MinimumNumberByTransaction 2, i.e. 20 people',
            ],
            {
              ...common,
              productName: tr('Pack grupo 10 personas', 'Group pack, 10 people'),
              productDescription: tr(
                'Diez plazas en la ruta guiada, con picnic incluido.',
                'Ten places on the guided route, picnic included.',
              ),
              cancellationPolicy: policy(),
              minimumNumberByTransaction: 2,
              numberOfPeople: 10,
              numberOfGeneric: 10,
              pricesAndDates: weekPrices(routeDays, { weekday: 170, weekend: 200, tax }),
              tickets: [
                ticket(
                  'mountainPack',
                  'group',
                  tr('Plazas de grupo', 'Group places'),
                  'meetingPoint',
                ),
              ],
            },
          ),
        ],
      }),
    ],
  });
}

function winery(ctx: Ctx): Provider {
  const { tr, days } = ctx;
  const name = tr('Bodegas Ribera Alta', 'Ribera Alta Winery');
  openProvider(ctx, demoIds.providers.winery, name, [
    'DemandAccessDate false: the purchase date is the access date',
    'provider question profile (legal age); retail with an absolute Commission (Type 2)',
  ]);
  const tax = 21;
  const retail = { priceMode: 1 as const, commission: [{ type: 2 as const, value: 3 }] };
  const cancellation = tr('Cancelación gratuita.', 'Free cancellation.');
  return makeProvider({
    providerId: demoIds.providers.winery,
    providerName: name,
    providerDescription: tr(
      'Bodega familiar en la Ribera del Duero: visitas, catas y tienda.',
      'Family winery in Ribera del Duero: tours, tastings and shop.',
    ),
    providerAccessConditions: tr('Solo mayores de 18 años.', 'Adults (18+) only.'),
    exchangeVoucherPoint: tr('Tienda de la bodega', 'Winery shop'),
    advancedDateSelectorMethodName: 'None',
    cancellationPolicy: refundable(),
    demandAccessDate: false,
    taxType: 0,
    limitOfNumberOfPeopleToBeGroup: 19,
    logo: 'https://example.com/sandbox/logos/ribera-alta.png',
    providerQuestionsProfileIds: [Q.providerWinery],
    tags: ['wine', 'castilla-y-leon'],
    location: {
      countryCode: 'ES',
      city: 'Peñafiel',
      address: tr('Camino de la Bodega, 7', 'Camino de la Bodega 7'),
      zipCode: '47300',
      lat: 41.5988,
      lng: -4.1173,
      region: tr('Castilla y León', 'Castile and León'),
    },
    ticketEnclosures: [
      makeEnclosure({
        ticketEnclosureId: E.cellar,
        ticketEnclosureName: tr('Bodega y sala de catas', 'Cellar and tasting room'),
        typeOfPersonDefinitionTypeAdult: 1,
        typeOfPersonDefinitionValueAdult: 18,
      }),
    ],
    productBases: [
      makeBase({
        productBaseId: B.wineryVisits,
        productBaseName: tr('Visitas y catas', 'Tours and tastings'),
        tags: ['tastings'],
        products: [
          product(
            ctx,
            'wineTasting',
            [
              'open date (AccessDateCriteria 1, sales document 3 "view conditions"); ProductInternalConsiderations',
            ],
            {
              ...retail,
              productName: tr('Visita y cata de tres vinos', 'Tour and tasting of three wines'),
              productDescription: tr(
                'Visita a la bodega y cata guiada. Válida cualquier día de la temporada.',
                'Winery tour and guided tasting. Valid any day of the season.',
              ),
              productInternalConsiderations: tr(
                '[interno] Reservar mesa en la sala de catas si el grupo supera 6 personas.',
                '[internal] Book a table in the tasting room for groups over 6.',
              ),
              productCancellationConditions: cancellation,
              hoursInAdvanceOfPurchase: 2,
              numberOfAdults: 1,
              accessDateCriteria: 1,
              accessDateCriteriaOpenDateSalesDocument: 3,
              validDays: 1,
              validDaysType: 0,
              pricesAndDates: weekPrices(days, { weekday: 20, tax }),
              tickets: [
                ticket('wineTasting', 'tasting', tr('Visita y cata', 'Tour and tasting'), 'cellar'),
              ],
            },
          ),
          product(
            ctx,
            'wineShop',
            ['closed date sold for the purchase date only (provider DemandAccessDate false)'],
            {
              ...retail,
              productName: tr('Degustación exprés en tienda', 'Express tasting at the shop'),
              productCancellationConditions: cancellation,
              numberOfAdults: 1,
              pricesAndDates: weekPrices(days, { weekday: 8, weekend: 10, tax }),
              tickets: [ticket('wineShop', 'tasting', tr('Degustación', 'Tasting'), 'cellar')],
            },
          ),
          product(
            ctx,
            'wineGiftCard',
            ['gift card product (tag giftcard) with SalesDocumentSettings ShowPrice false'],
            {
              ...retail,
              productName: tr('Tarjeta regalo: cata para dos', 'Gift card: tasting for two'),
              productDescription: tr(
                'Visita y cata para dos personas.',
                'Tour and tasting for two people.',
              ),
              productCancellationConditions: cancellation,
              tags: [GIFT_CARD_TAG],
              numberOfPeople: 2,
              numberOfAdults: 2,
              accessDateCriteria: 1,
              accessDateCriteriaOpenDateSalesDocument: 2,
              validDays: 1,
              validDaysType: 0,
              salesDocumentSettings: { disable: false, showPrice: false },
              pricesAndDates: weekPrices(days, { weekday: 38, tax }),
              tickets: [
                ticket('wineGiftCard', 'guest1', tr('Invitado', 'Guest'), 'cellar'),
                ticket('wineGiftCard', 'guest2', tr('Invitado', 'Guest'), 'cellar'),
              ],
            },
          ),
        ],
      }),
    ],
  });
}

/** The demo catalog and, beside it, what each entry demonstrates. */
export function buildDemo(options: DemoOptions): { catalog: Catalog; guide: DemoGuide[] } {
  const today = assertIsoDate(options.today);
  const tr = translator(options.language);
  const ctx: Ctx = { today, tr, days: dateRange(today, DEMO_DAYS), guide: [] };
  const providers = [museum(ctx), waterpark(ctx), mountain(ctx), winery(ctx)];
  const catalog: Catalog = {
    lastUpdatedDateTime: at(addDays(today, -1), '06:00'),
    providers,
    partnerSettings: { isInsurancePolicyEnabled: true },
    saleQuestionProfileIds: [Q.sale],
    clientQuestionProfileIds: [Q.client],
    combinedProducts: [
      {
        combinedProductId: demoIds.combinedProducts.maritimeValencia,
        combinedProductName: tr(
          'Valencia marítima: museo + barco',
          'Maritime Valencia: museum + boat',
        ),
        productIds: [I.comboMuseum, I.comboBoat],
      },
    ],
  };
  return { catalog, guide: ctx.guide };
}

export function demoCatalog(options: DemoOptions): Catalog {
  return buildDemo(options).catalog;
}
