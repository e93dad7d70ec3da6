/**
 * A recorded sale as the sale list shows it (the `Sale` of src/api/sales.ts), names in
 * the given language: its activities with their tickets, access codes, sessions and
 * answers; its stays and combined products (CombinedProductDiscriminator is the
 * position of the combined product in the sale's list); totals and insurance.
 */
import type { Sale, SaleActivity } from '#src/api/sales.js';
import type { IsoDate } from '#src/api/schema.js';
import type { TimeOfDay } from '#src/api/sessions.js';
import { toCents } from '#src/domain/index.js';
import type { SandboxContext } from '../context.js';
import type { SandboxLanguage } from '../data.js';
import { toTicketAnswer } from './activity-rules.js';
import {
  activityRatios,
  INSURANCE_TAX_PERCENT,
  round2,
  saleTotals,
  withoutTax,
  type SaleRecord,
  type SoldActivity,
} from './sale-records.js';

function formatDate(date: IsoDate): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** The access date message a sales document shows, from AccessDateCriteria. */
function suggestedMessage(
  criteria: number,
  openDocument: number | undefined,
  from: IsoDate,
  to: IsoDate,
  language: SandboxLanguage,
): string {
  const es = language === 'es';
  if (criteria === 3)
    return es
      ? `Válida durante la estancia, del ${formatDate(from)} al ${formatDate(to)}`
      : `Valid during the stay, from ${formatDate(from)} to ${formatDate(to)}`;
  if (criteria !== 1) return es ? `Válida el ${formatDate(from)}` : `Valid on ${formatDate(from)}`;
  switch (openDocument) {
    case 1:
      return es ? 'Fecha abierta' : 'Open date';
    case 3:
      return es ? 'Consulte las condiciones de uso' : 'See the conditions of use';
    case 4:
      return es
        ? `Válida del ${formatDate(from)} al ${formatDate(to)}`
        : `Valid from ${formatDate(from)} to ${formatDate(to)}`;
    default:
      return es
        ? `Válida cualquier día de la temporada, hasta el ${formatDate(to)}`
        : `Valid any day of the season, until ${formatDate(to)}`;
  }
}

function activityView(
  context: SandboxContext,
  activity: SoldActivity,
  discriminator: number | undefined,
  language: SandboxLanguage,
): SaleActivity {
  const index = context.data.index(language);
  const entry = index.product(activity.productId);
  const provider = entry?.provider;
  const product = entry?.product;
  const discount = round2(activity.referencePrice - activity.price);
  return {
    productId: activity.productId,
    combinedProductId: activity.combinedProductId,
    combinedProductDiscriminator: discriminator,
    accessCode: activity.giftCardIdentifier,
    accessDateTime: activity.accessDate,
    quantity: activity.quantity,
    productName: product?.productName ?? '',
    providerId: activity.providerId,
    providerName: provider?.providerName,
    price: activity.price,
    priceWithoutVat: withoutTax(activity.price, activity.taxPercentage),
    priceMode: activity.priceMode,
    status: activity.status,
    discount: activity.coupons.length > 0 ? discount : undefined,
    discountCoupons: activity.coupons,
    financialRatios: activityRatios(activity),
    tickets: activity.tickets.map((ticket) => {
      const catalogTicket = product?.tickets.find((t) => t.ticketId === ticket.ticketId);
      const enclosure = provider?.ticketEnclosures.find(
        (e) => e.ticketEnclosureId === catalogTicket?.ticketEnclosureId,
      );
      const session = ticket.sessionId ? context.data.session(ticket.sessionId) : undefined;
      return {
        ticketId: ticket.ticketId,
        ticketName: catalogTicket?.ticketName,
        sessionId: ticket.sessionId,
        sessionTime: session ? (session.sessionTime.slice(11, 16) as TimeOfDay) : undefined,
        accessDateTime: ticket.accessDate,
        accessEndDateTime: ticket.accessEndDate,
        suggestedAccessDateMessage: suggestedMessage(
          product?.accessDateCriteria ?? 0,
          product?.accessDateCriteriaOpenDateSalesDocument,
          ticket.accessDate,
          ticket.accessEndDate,
          language,
        ),
        accessCode: ticket.accessCode,
        ticketEnclosureId: catalogTicket?.ticketEnclosureId,
        ticketEnclosureName: enclosure?.ticketEnclosureName,
        questions: ticket.questions.map(toTicketAnswer),
      };
    }),
    cancellationConditions: activity.cancellationPolicy,
    purchaseFlowType: provider?.purchaseFlowType,
    accessDateCriteria: product?.accessDateCriteria,
    salesDocumentSettings: product?.salesDocumentSettings,
    providerType: provider?.type,
  };
}

/** A recorded sale as the sale list shows it. */
export function saleView(
  context: SandboxContext,
  record: SaleRecord,
  language: SandboxLanguage,
): Sale {
  const combinedIds = [
    ...new Set(
      record.activities
        .map((a) => a.combinedProductId)
        .filter((id): id is string => id !== undefined),
    ),
  ];
  const totals = saleTotals(record);
  const insurance = record.insurance?.amount;
  return {
    partnerSaleId: record.partnerSaleId,
    saleId: record.saleId,
    activities: record.activities.map((activity) =>
      activityView(
        context,
        activity,
        activity.combinedProductId === undefined
          ? undefined
          : combinedIds.indexOf(activity.combinedProductId),
        language,
      ),
    ),
    accommodations: record.stays.map((stay) => ({
      productId: stay.rateId,
      productConditions: stay.conditions,
      accessDateTime: stay.checkIn,
      accessEndDateTime: stay.checkOut,
      quantity: 1,
      price: stay.price,
      priceMode: stay.priceMode,
    })),
    combinedProducts: combinedIds.map((combinedProductId, discriminator) => {
      const parts = record.activities.filter((a) => a.combinedProductId === combinedProductId);
      const price = parts.reduce((cents, a) => cents + toCents(a.price), 0) / 100;
      const withoutVat =
        parts.reduce((cents, a) => cents + toCents(withoutTax(a.price, a.taxPercentage)), 0) / 100;
      return {
        combinedProductId,
        combinedProductDiscriminator: discriminator,
        price,
        priceWithoutVat: withoutVat,
        cancellationConditions: parts[0]?.cancellationPolicy,
      };
    }),
    client: record.client,
    totalPrice: totals.total,
    totalPriceWithoutVat: totals.totalWithoutVat,
    totalDiscount: record.activities.some((a) => a.coupons.length > 0)
      ? totals.discount
      : undefined,
    insurancePolicyAmount: insurance,
    insurancePolicyAmountWithoutTaxes:
      insurance === undefined ? undefined : withoutTax(insurance, INSURANCE_TAX_PERCENT),
    pointOfSaleCustomCodes: [],
    economicMovementAmount: round2(totals.total + (insurance ?? 0)),
    economicMovementAmountWithoutTax: round2(
      totals.totalWithoutVat +
        (insurance === undefined ? 0 : withoutTax(insurance, INSURANCE_TAX_PERCENT)),
    ),
  };
}
