/**
 * GET /Sale: the partner's sales, newest first, filtered and paged.
 *
 * Where the spec is silent:
 * - PageSize defaults to 10; more than 100 is served as 100 (the response says which).
 *   A page past the last is empty, with HasPreviousPage true.
 * - Transaction dates compare the sale's creation date (Europe/Madrid); access dates
 *   match a sale when any of its activities (or stays' check-in) falls in the range.
 *   Both ends are inclusive.
 * - ClientName matches a part of full name and surnames, ignoring case and accents;
 *   ClientEmail a part of the e-mail, ignoring case; ClientPhone a part of the number,
 *   digits only; ClientDocumentIdentifier the whole document, ignoring case, spaces and
 *   dashes. A sale without client never matches a client filter.
 */
import type { OperationOf } from '#src/api/operations.js';
import type { SalesRequest, SalesResponse } from '#src/api/sales.js';
import type { IsoDate } from '#src/api/schema.js';
import { dateOf } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';
import type { Handler } from '../context.js';
import type { SaleRecord } from './sale-records.js';
import { saleView } from './sale-view.js';

export const SALES_PAGE_SIZE = 10;
export const SALES_MAX_PAGE_SIZE = 100;

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
const digitsOf = (text: string): string => text.replace(/\D/g, '');
const documentOf = (text: string): string => text.replace(/[\s-]/g, '').toUpperCase();

function inRange(date: IsoDate, from: IsoDate | undefined, to: IsoDate | undefined): boolean {
  return (from === undefined || date >= from) && (to === undefined || date <= to);
}

function checkRange(name: string, from: IsoDate | undefined, to: IsoDate | undefined): void {
  if (from !== undefined && to !== undefined && to < from)
    refuse(SandboxCode.InvalidRequest, `To${name} ${to} is earlier than From${name} ${from}`);
}

function matches(record: SaleRecord, request: SalesRequest): boolean {
  if (request.partnerSaleId !== undefined && record.partnerSaleId !== request.partnerSaleId.trim())
    return false;
  if (
    !inRange(
      dateOf(record.createdAt),
      request.fromTransactionDateTime,
      request.toTransactionDateTime,
    )
  )
    return false;
  if (request.fromAccessDateTime !== undefined || request.toAccessDateTime !== undefined) {
    const dates = [
      ...record.activities.map((a) => a.accessDate),
      ...record.stays.map((s) => s.checkIn),
    ];
    if (!dates.some((date) => inRange(date, request.fromAccessDateTime, request.toAccessDateTime)))
      return false;
  }
  const { clientName, clientEmail, clientPhone, clientDocumentIdentifier } = request;
  const anyClientFilter = [clientName, clientEmail, clientPhone, clientDocumentIdentifier].some(
    (value) => value !== undefined,
  );
  if (!anyClientFilter) return true;
  const client = record.client;
  if (client === undefined) return false;
  if (clientName !== undefined) {
    const name = fold([client.fullName, client.surname, client.surname2].filter(Boolean).join(' '));
    if (!name.includes(fold(clientName))) return false;
  }
  if (clientEmail !== undefined && !fold(client.email ?? '').includes(fold(clientEmail)))
    return false;
  if (clientPhone !== undefined) {
    const wanted = digitsOf(clientPhone);
    if (wanted === '' || !digitsOf(client.phoneNumber ?? '').includes(wanted)) return false;
  }
  if (
    clientDocumentIdentifier !== undefined &&
    documentOf(client.documentIdentifier ?? '') !== documentOf(clientDocumentIdentifier)
  )
    return false;
  return true;
}

export const salesHandler: Handler<OperationOf<'sales'>> = (request, context): SalesResponse => {
  checkRange('TransactionDateTime', request.fromTransactionDateTime, request.toTransactionDateTime);
  checkRange('AccessDateTime', request.fromAccessDateTime, request.toAccessDateTime);
  const page = request.page ?? 1;
  const pageSize = Math.min(request.pageSize ?? SALES_PAGE_SIZE, SALES_MAX_PAGE_SIZE);
  const found = context.state.cart.sales
    .all()
    .map((record, order) => ({ record, order }))
    .filter(({ record }) => matches(record, request))
    .sort((a, b) => b.record.createdAt.localeCompare(a.record.createdAt) || b.order - a.order)
    .map(({ record }) => record);
  const start = (page - 1) * pageSize;
  const language = context.data.defaultLanguage;
  return {
    sales: found
      .slice(start, start + pageSize)
      .map((record) => saleView(context, record, language)),
    pageNumber: page,
    pageSize,
    hasPreviousPage: page > 1,
    hasNextPage: start + pageSize < found.length,
    isFirstPage: page === 1,
  };
};
