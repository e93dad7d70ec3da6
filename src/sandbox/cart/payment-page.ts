/**
 * The debit partner's payment page (the PaymentRedirectUrl of a Sale):
 * - GET  /__sandbox/pay/<token>  a tiny HTML page with the sale and Pay / Fail buttons;
 * - POST /__sandbox/pay/<token>  with outcome=ok|ko (form, JSON or query): the sale is
 *   confirmed (ok: statuses move on, access codes and gift cards are issued) or cancelled
 *   (ko: its places and gift card redemptions are given back); then the Sale request's
 *   ReturnUrlOk or ReturnUrlKo is called with GET `?PartnerSaleId=…&SaleId=…`, and a
 *   short HTML page tells the outcome and what the call answered.
 * The notification's payload is not specified by the spec; the query parameters are the
 * sandbox's choice. Only loopback return URLs (localhost, 127.0.0.0/8, ::1) are called:
 * others are refused (the page says so) so that the sandbox never calls out. A payment
 * already settled is not settled again, nor notified twice.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.js';
import { cancelSale, completeSale } from './sale.js';
import { saleTotals, type SaleRecord } from './sale-records.js';

const ROUTE = /^\/__sandbox\/pay\/([A-Za-z0-9]+)\/?$/;
const NOTIFY_TIMEOUT_MS = 5_000;

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(response: ServerResponse, status: number, title: string, body: string): true {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
      `<body><h1>${escape(title)}</h1>${body}</body></html>`,
  );
  return true;
}

export function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

function outcomeOf(url: URL, body: string, contentType: string | undefined): string | undefined {
  const fromQuery = url.searchParams.get('outcome');
  if (fromQuery !== null) return fromQuery;
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(body) as { outcome?: unknown };
      return typeof parsed.outcome === 'string' ? parsed.outcome : undefined;
    } catch {
      return undefined;
    }
  }
  return new URLSearchParams(body).get('outcome') ?? undefined;
}

async function notify(target: string, record: SaleRecord): Promise<string> {
  if (!isLoopbackUrl(target))
    return `not called: ${target} is not a loopback address (the sandbox calls only loopback return URLs)`;
  const url = new URL(target);
  url.searchParams.set('PartnerSaleId', record.partnerSaleId);
  url.searchParams.set('SaleId', record.saleId);
  try {
    const answer = await fetch(url, {
      method: 'GET',
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    return `called ${url.toString()}: HTTP ${answer.status}`;
  } catch (error) {
    return `calling ${url.toString()} failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function summary(record: SaleRecord): string {
  const totals = saleTotals(record);
  const amount = (totals.total + (record.insurance?.amount ?? 0)).toFixed(2);
  return (
    `<p>PartnerSaleId: <b>${escape(record.partnerSaleId)}</b> · SaleId: ${escape(record.saleId)}</p>` +
    `<p>Amount: <b>${amount} EUR</b></p>`
  );
}

export async function handlePaymentRoute(
  context: SandboxContext,
  request: IncomingMessage,
  url: URL,
  body: string,
  response: ServerResponse,
): Promise<boolean> {
  const match = ROUTE.exec(url.pathname);
  if (match === null) return false;
  const record = context.state.cart.sales.byPaymentToken(match[1]!);
  const payment = record?.payment;
  if (record === undefined || payment === undefined)
    return page(response, 404, 'Unknown payment', '<p>There is no payment at this address.</p>');

  if (request.method === 'GET') {
    if (payment.outcome !== 'pending')
      return page(
        response,
        200,
        payment.outcome === 'paid' ? 'Payment accepted' : 'Payment failed',
        `${summary(record)}<p>This payment is settled. ${escape(payment.notified ?? '')}</p>`,
      );
    const action = escape(url.pathname);
    const button = (outcome: 'ok' | 'ko', label: string) =>
      `<form method="post" action="${action}" style="display:inline">` +
      `<input type="hidden" name="outcome" value="${outcome}">` +
      `<button type="submit">${label}</button></form> `;
    return page(
      response,
      200,
      'Sandbox payment',
      `${summary(record)}${button('ok', 'Pay')}${button('ko', 'Fail')}`,
    );
  }
  if (request.method !== 'POST')
    return page(response, 405, 'Method not allowed', '<p>Use GET or POST.</p>');

  const outcome = outcomeOf(url, body, request.headers['content-type']);
  if (outcome !== 'ok' && outcome !== 'ko')
    return page(response, 400, 'Bad request', '<p>Send outcome=ok or outcome=ko.</p>');
  if (payment.outcome !== 'pending')
    return page(
      response,
      200,
      payment.outcome === 'paid' ? 'Payment already accepted' : 'Payment already failed',
      `${summary(record)}<p>Nothing changed. ${escape(payment.notified ?? '')}</p>`,
    );

  const cart =
    record.cartId === undefined ? undefined : context.state.cart.carts.get(record.cartId);
  if (outcome === 'ok') {
    payment.outcome = 'paid';
    completeSale(context, record, cart);
  } else {
    payment.outcome = 'failed';
    cancelSale(context, record);
  }
  payment.notified = await notify(
    outcome === 'ok' ? payment.returnUrlOk : payment.returnUrlKo,
    record,
  );
  return page(
    response,
    200,
    outcome === 'ok' ? 'Payment accepted' : 'Payment failed',
    `${summary(record)}<p>${escape(payment.notified)}</p>`,
  );
}
