/**
 * The sales the partner made before the sandbox started, so that the sale list, the
 * cancellation request list and the gift card check have something to show out of the
 * box. Dates are relative to the data's "today". Two PartnerSaleIds and the gift card
 * code are those of the vendor's examples, so those examples find records.
 *
 * - stf9gy7i3xawa: museum, 2 adults, 20 days ago; two cancellation requests (rejected,
 *   then accepted).
 * - iyh143uykd3qc: water park, 2 adults and a child, 12 days ago; one request in process.
 * - hist3…: museum family pack, 8 days ago; one request just created (None).
 * - hist4…: winery tasting, 10 days ago; one request failed/rejected.
 * - hist5…: mountain group route (in process by the provider), 25 days ago; two requests
 *   (accepted, in process).
 * - hist6…: a museum gift card, 5 days ago, code 3167250411491835499, not redeemed; no
 *   cancellation request.
 * Seven requests in all: the list of all six sales has two pages.
 */
import { CancellationReason, CancellationRequestStatus } from '#src/api/cancellations.js';
import { ActivityStatus, type ClientRecord } from '#src/api/sales.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { addDays, priceSetOf } from '#src/domain/index.js';
import type { SandboxData } from '../data.js';
import { demoIds } from '../seed/demo-ids.js';
import { seedId } from '../seed/ids.js';
import type { CancellationRequestRecord } from './cancellation-requests.js';
import { GIFT_CARD_EXCHANGE_HOURS, type GiftCard } from './gift-cards.js';
import type { IdSource } from './ids.js';
import {
  accessEndDate,
  issueAccessCodes,
  lineCommission,
  round2,
  saleRatios,
  type SaleRecord,
  type SoldActivity,
} from './sale-records.js';

/** The PartnerSaleIds of the seeded sales, in the order above. */
export const HISTORIC_PARTNER_SALE_IDS = [
  'stf9gy7i3xawa',
  'iyh143uykd3qc',
  seedId('partnersale:hist3'),
  seedId('partnersale:hist4'),
  seedId('partnersale:hist5'),
  seedId('partnersale:hist6'),
] as const;

/** The seeded gift card (the vendor example's code). */
export const HISTORIC_GIFT_CARD = '3167250411491835499';

type ProductKey = keyof typeof demoIds.products;

interface LineSpec {
  product: ProductKey;
  quantity: number;
  /** Days before today of the visit. */
  visit: number;
}

interface SaleSpec {
  saleId: string;
  created: number;
  time: string;
  client: ClientRecord;
  lines: LineSpec[];
  giftCard?: string;
  requests: {
    created: number;
    updated: number;
    status: number;
    statusComments?: string;
    reason: number;
    reasonComments?: string;
  }[];
}

const client = (
  fullName: string,
  surname: string,
  email: string,
  phoneNumber: string,
  documentIdentifier: string,
): ClientRecord => ({
  id: seedId(`client:${email}`),
  fullName,
  surname,
  email,
  phoneNumber,
  documentIdentifier,
  countryCode: 'ES',
  languageCode: 'es',
});

const S = CancellationRequestStatus;
const R = CancellationReason;

const SPECS: SaleSpec[] = [
  {
    saleId: '5049250640429850462',
    created: 35,
    time: '10:12:05',
    client: client('Ana', 'García López', 'ana.garcia@example.com', '+34 600 111 222', '12345678Z'),
    lines: [{ product: 'museumAdult', quantity: 2, visit: 20 }],
    requests: [
      {
        created: 22,
        updated: 21,
        status: S.RejectedOrFailed,
        statusComments: 'Fuera de plazo para cambiar la fecha.',
        reason: R.ChangeOfAccessDates,
        reasonComments: 'Queremos ir otro día.',
      },
      {
        created: 21,
        updated: 20,
        status: S.Accepted,
        statusComments: 'Reembolso aprobado con justificante médico.',
        reason: R.CommonIllness,
        reasonComments: 'Gripe de uno de los visitantes.',
      },
    ],
  },
  {
    saleId: '5049250640429850463',
    created: 30,
    time: '18:40:31',
    client: client(
      'Luis',
      'Martín Ruiz',
      'luis.martin@example.com',
      '+34 611 333 444',
      'X1234567L',
    ),
    lines: [
      { product: 'parkAdult', quantity: 2, visit: 12 },
      { product: 'parkChild', quantity: 1, visit: 12 },
    ],
    requests: [
      {
        created: 13,
        updated: 11,
        status: S.InProcess,
        reason: R.ChangeOfNumberOfAttendees,
        reasonComments: 'Un adulto no podrá venir.',
      },
    ],
  },
  {
    saleId: '5049250640429850464',
    created: 15,
    time: '09:05:00',
    client: client('Marta', 'Sanz Gil', 'marta.sanz@example.com', '+34 622 555 666', '87654321X'),
    lines: [{ product: 'museumFamily', quantity: 1, visit: 8 }],
    requests: [
      {
        created: 9,
        updated: 9,
        status: S.None,
        reason: R.ChangeOfProducts,
        reasonComments: 'Preferimos el planetario.',
      },
    ],
  },
  {
    saleId: '5049250640429850465',
    created: 10,
    time: '12:30:45',
    client: client(
      'Jorge',
      'Pérez Díaz',
      'jorge.perez@example.com',
      '+34 633 777 888',
      '11223344B',
    ),
    lines: [{ product: 'wineTasting', quantity: 2, visit: 10 }],
    requests: [
      {
        created: 10,
        updated: 9,
        status: S.RejectedOrFailed,
        statusComments: 'El cobro no pudo devolverse.',
        reason: R.Payment,
      },
    ],
  },
  {
    saleId: '5049250640429850466',
    created: 40,
    time: '16:00:00',
    client: client(
      'Colegio',
      'San Miguel',
      'secretaria@colegio-sanmiguel.example.com',
      '+34 958 000 111',
      'Q1800000A',
    ),
    lines: [{ product: 'mountainHike', quantity: 22, visit: 25 }],
    requests: [
      {
        created: 30,
        updated: 28,
        status: S.Accepted,
        reason: R.ImproperHandlingOfTicketSale,
        reasonComments: 'Se vendieron 22 plazas en lugar de 20.',
      },
      {
        created: 27,
        updated: 26,
        status: S.InProcess,
        reason: R.IntegrationProblems,
        reasonComments: 'Los bonos no llegaron al centro.',
      },
    ],
  },
  {
    saleId: '5049250640429850467',
    created: 5,
    time: '20:15:10',
    client: client(
      'Elena',
      'Navarro Vidal',
      'elena.navarro@example.com',
      '+34 644 999 000',
      '55667788C',
    ),
    lines: [{ product: 'museumGiftCard', quantity: 1, visit: -30 }],
    giftCard: HISTORIC_GIFT_CARD,
    requests: [],
  },
];

const VISITOR_NAME = seedId('question:visitor.name');

export interface History {
  sales: SaleRecord[];
  cancellationRequests: CancellationRequestRecord[];
  giftCards: GiftCard[];
}

/** The seeded sales; products the data lacks (a generated catalog) are left out. */
export function seedHistory(data: SandboxData, ids: IdSource): History {
  const index = data.index();
  const today = data.today;
  const at = (daysAgo: number, time: string) =>
    `${addDays(today, -daysAgo)}T${time}` as IsoDateTime;
  const history: History = { sales: [], cancellationRequests: [], giftCards: [] };
  SPECS.forEach((spec, position) => {
    const partnerSaleId = HISTORIC_PARTNER_SALE_IDS[position]!;
    const createdAt = at(spec.created, spec.time);
    const activities: SoldActivity[] = [];
    for (const line of spec.lines) {
      const entry = index.product(demoIds.products[line.product]);
      if (entry === undefined) continue;
      const { provider, product } = entry;
      const set = product.pricesAndDates[0];
      if (set === undefined) continue;
      const accessDate = addDays(today, -line.visit) as IsoDate;
      const price = round2(set.price * line.quantity);
      const commission = lineCommission(product, line.quantity, price);
      const isMuseum = provider.providerId === demoIds.providers.museum;
      activities.push({
        productId: product.productId,
        providerId: provider.providerId,
        accessDate,
        quantity: line.quantity,
        referencePrice: price,
        price,
        priceMode: product.priceMode,
        currency: set.currency,
        taxPercentage: (priceSetOf(product, accessDate) ?? set).taxBreakdown[0]?.taxPercentage ?? 0,
        coupons: [],
        commission: commission.amount,
        commissionPercent: commission.percent,
        status:
          provider.purchaseFlowType === 2 ? ActivityStatus.InProcess : ActivityStatus.Confirmed,
        tickets:
          spec.giftCard !== undefined
            ? []
            : product.tickets.flatMap((ticket) =>
                Array.from({ length: line.quantity }, (_, unit) => ({
                  ticketId: ticket.ticketId,
                  unit,
                  accessDate,
                  accessEndDate: accessEndDate(data, product.productId, accessDate),
                  questions:
                    isMuseum && ticket.ticketsQuestionsProfileId !== undefined
                      ? [
                          {
                            questionId: VISITOR_NAME,
                            stringValue: `${spec.client.fullName} ${spec.client.surname} (${unit + 1})`,
                          },
                        ]
                      : [],
                })),
              ),
        cancellationPolicy: product.cancellationPolicy ?? provider.cancellationPolicy,
        giftCardItemId: spec.giftCard !== undefined ? `history-${position}` : undefined,
        giftCardIdentifier: spec.giftCard,
      });
    }
    if (activities.length === 0) return;
    const record: SaleRecord = {
      saleId: spec.saleId,
      partnerSaleId,
      createdAt,
      client: { ...spec.client, createdDate: createdAt },
      activities,
      stays: [],
      answers: [],
      response: { serviceSales: [] },
    };
    issueAccessCodes(data, record, ids);
    record.response = { serviceSales: [{ id: spec.saleId, financialRatios: saleRatios(record) }] };
    history.sales.push(record);
    if (spec.giftCard !== undefined)
      history.giftCards.push({
        identifier: spec.giftCard,
        saleId: spec.saleId,
        partnerSaleId,
        productIds: activities.map((a) => a.productId),
        message: '¡Feliz cumpleaños! Disfruta del museo.',
        client: { ...spec.client, createdDate: createdAt },
        hoursInAdvanceOfGiftCardExchange: GIFT_CARD_EXCHANGE_HOURS,
      });
    const serviceName = index.product(activities[0]!.productId)?.product.productName;
    spec.requests.forEach((request, n) => {
      history.cancellationRequests.push({
        cancellationRequestId: seedId(`cancellation:${partnerSaleId}:${n}`),
        saleId: spec.saleId,
        partnerSaleId,
        createdDateTime: at(request.created, '11:20:00'),
        updatedDateTime: at(request.updated, '17:45:00'),
        status: request.status,
        statusComments: request.statusComments,
        reason: request.reason,
        reasonComments: request.reasonComments,
        serviceName,
      });
    });
  });
  return history;
}
