/**
 * The sale list (GET /Sale: every filter, paging) and the cancellation request list
 * (GET /salecancellationrequest: PartnerSaleIds, date filters, paging), over the seeded
 * historic sales and a sale made in the test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saleCancellationRequestsOperation } from '#src/api/cancellations.js';
import { salesOperation } from '#src/api/sales.js';
import { addDays } from '#src/domain/index.js';
import { HISTORIC_PARTNER_SALE_IDS } from '#src/sandbox/cart/history.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { buy, museumAdult, refusal, saleDate } from './cart-support.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.extra('reset', {});
});

const today = () => t.sandbox.context().data.today;
const ids = (sales: { partnerSaleId?: string }[]) => sales.map((s) => s.partnerSaleId);

describe('GET /Sale', () => {
  it('lists every sale, newest first, ten to a page by default', async () => {
    await buy(t, 'new', [museumAdult(saleDate(t.sandbox.context(), 'museumAdult'))], {
      partnerSaleId: 'PS-new',
    });
    const list = await t.client.call(salesOperation, {});
    expect(list).toMatchObject({
      pageNumber: 1,
      pageSize: 10,
      hasPreviousPage: false,
      hasNextPage: false,
      isFirstPage: true,
    });
    expect(ids(list.sales)[0]).toBe('PS-new');
    expect(list.sales).toHaveLength(HISTORIC_PARTNER_SALE_IDS.length + 1);
  });

  it('pages with PageSize, and serves at most 100', async () => {
    const first = await t.client.call(salesOperation, { pageSize: 4 });
    expect(first.sales).toHaveLength(4);
    expect(first).toMatchObject({ hasNextPage: true, hasPreviousPage: false, isFirstPage: true });
    const second = await t.client.call(salesOperation, { pageSize: 4, page: 2 });
    expect(second.sales).toHaveLength(HISTORIC_PARTNER_SALE_IDS.length - 4);
    expect(second).toMatchObject({
      pageNumber: 2,
      hasNextPage: false,
      hasPreviousPage: true,
      isFirstPage: false,
    });
    expect(new Set([...ids(first.sales), ...ids(second.sales)]).size).toBe(
      HISTORIC_PARTNER_SALE_IDS.length,
    );
    const past = await t.client.call(salesOperation, { pageSize: 4, page: 9 });
    expect(past.sales).toEqual([]);
    const big = await t.client.call(salesOperation, { pageSize: 500 });
    expect(big.pageSize).toBe(100);
  });

  it('filters by PartnerSaleId and by client', async () => {
    const [ana] = HISTORIC_PARTNER_SALE_IDS;
    expect(ids((await t.client.call(salesOperation, { partnerSaleId: ana })).sales)).toEqual([ana]);
    expect(ids((await t.client.call(salesOperation, { clientName: 'ana garcia' })).sales)).toEqual([
      ana,
    ]);
    expect(
      ids((await t.client.call(salesOperation, { clientEmail: 'ANA.GARCIA@' })).sales),
    ).toEqual([ana]);
    expect(ids((await t.client.call(salesOperation, { clientPhone: '600111222' })).sales)).toEqual([
      ana,
    ]);
    expect(
      ids((await t.client.call(salesOperation, { clientDocumentIdentifier: '12345678-z' })).sales),
    ).toEqual([ana]);
    expect((await t.client.call(salesOperation, { clientName: 'nobody here' })).sales).toEqual([]);
  });

  it('filters by transaction and access dates, both ends included', async () => {
    const byTransaction = await t.client.call(salesOperation, {
      fromTransactionDateTime: addDays(today(), -10),
      toTransactionDateTime: today(),
    });
    expect(ids(byTransaction.sales).sort()).toEqual(
      [HISTORIC_PARTNER_SALE_IDS[3], HISTORIC_PARTNER_SALE_IDS[5]].sort(),
    );
    const byAccess = await t.client.call(salesOperation, {
      fromAccessDateTime: addDays(today(), -12),
      toAccessDateTime: addDays(today(), -10),
    });
    expect(ids(byAccess.sales).sort()).toEqual(
      [HISTORIC_PARTNER_SALE_IDS[1], HISTORIC_PARTNER_SALE_IDS[3]].sort(),
    );
    await refusal(
      t.client.call(salesOperation, {
        fromAccessDateTime: today(),
        toAccessDateTime: addDays(today(), -1),
      }),
      SandboxCode.InvalidRequest,
    );
  });

  it('shows the historic sales as the service records them', async () => {
    const [, park, , , mountain] = HISTORIC_PARTNER_SALE_IDS;
    const parkSale = (await t.client.call(salesOperation, { partnerSaleId: park })).sales[0]!;
    expect(parkSale.activities).toHaveLength(2);
    expect(parkSale.activities.every((a) => a.status === 2)).toBe(true);
    const group = (await t.client.call(salesOperation, { partnerSaleId: mountain })).sales[0]!;
    expect(group.activities[0]!.status).toBe(7);
    expect(group.activities[0]!.tickets.every((x) => x.accessCode === undefined)).toBe(true);
  });
});

describe('GET /salecancellationrequest', () => {
  it('lists the requests of the given sales, five to a page', async () => {
    const first = await t.client.call(saleCancellationRequestsOperation, {
      partnerSaleIds: [...HISTORIC_PARTNER_SALE_IDS],
    });
    expect(first.cancellationRequests).toHaveLength(5);
    expect(first).toMatchObject({
      pageNumber: 1,
      pageSize: 5,
      hasNextPage: true,
      isFirstPage: true,
    });
    const second = await t.client.call(saleCancellationRequestsOperation, {
      partnerSaleIds: [...HISTORIC_PARTNER_SALE_IDS],
      page: 2,
    });
    expect(second.cancellationRequests).toHaveLength(2);
    expect(second).toMatchObject({ hasNextPage: false, hasPreviousPage: true, isFirstPage: false });
    const all = [...first.cancellationRequests, ...second.cancellationRequests];
    expect(new Set(all.map((r) => r.cancellationRequestId)).size).toBe(7);
    for (const request of all) {
      expect(HISTORIC_PARTNER_SALE_IDS).toContain(request.partnerSaleId);
      expect(request.saleId).toMatch(/^\d{19}$/);
      expect(request.reason).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps to the given sales and date filters', async () => {
    const vendor = await t.client.call(saleCancellationRequestsOperation, {
      partnerSaleIds: ['stf9gy7i3xawa', 'iyh143uykd3qc'],
    });
    expect(vendor.cancellationRequests.map((r) => r.partnerSaleId).sort()).toEqual([
      'iyh143uykd3qc',
      'stf9gy7i3xawa',
      'stf9gy7i3xawa',
    ]);
    const recent = await t.client.call(saleCancellationRequestsOperation, {
      partnerSaleIds: [...HISTORIC_PARTNER_SALE_IDS],
      fromCreatedDateTime: addDays(today(), -10),
    });
    expect(recent.cancellationRequests.map((r) => r.partnerSaleId).sort()).toEqual(
      [HISTORIC_PARTNER_SALE_IDS[2], HISTORIC_PARTNER_SALE_IDS[3]].sort(),
    );
    const updated = await t.client.call(saleCancellationRequestsOperation, {
      partnerSaleIds: [...HISTORIC_PARTNER_SALE_IDS],
      toUpdatedDateTime: addDays(today(), -26),
    });
    expect(updated.cancellationRequests.map((r) => r.partnerSaleId)).toEqual([
      HISTORIC_PARTNER_SALE_IDS[4],
      HISTORIC_PARTNER_SALE_IDS[4],
    ]);
    const none = await t.client.call(saleCancellationRequestsOperation, {
      partnerSaleIds: ['PS-unknown'],
    });
    expect(none.cancellationRequests).toEqual([]);
  });

  it('requires PartnerSaleIds', async () => {
    await refusal(
      t.client.call(saleCancellationRequestsOperation, { partnerSaleIds: [] }),
      SandboxCode.InvalidRequest,
    );
  });
});
