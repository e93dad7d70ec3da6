import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  partnerDownAlert,
  partnerUpAlert,
  reservationFailedAlert,
  saleConfirmedAlert,
} from '#src/channels/slack/blocks/alerts.js';
import { createOutageTracker } from '#src/channels/slack/outage.js';
import { subscribeAlerts, type Alerts } from '#src/channels/slack/listeners/alerts.js';
import { parseConfig } from '#src/config.js';
import { createStaffLookups } from '#src/conversation/staff/lookups.js';
import { createEventBus, type BotEventBus } from '#src/events.js';
import { createTextMasker, silentLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { startFakeSlack, type FakeSlack } from '#test/support/fake-slack.js';

const textOf = (value: unknown): string => JSON.stringify(value);

describe('outage tracker', () => {
  const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 1, 10, minute, second));

  it('opens at the third failure in a row, names the first, and closes on the first answer', () => {
    const tracker = createOutageTracker<string>();
    expect(tracker.answered(at(0))).toBeUndefined();
    expect(tracker.failed(at(1), 'sales')).toBeUndefined();
    expect(tracker.failed(at(1, 5), 'catalog')).toBeUndefined();
    expect(tracker.failed(at(1, 10), 'giftcard')).toEqual({ first: 'sales' });
    expect(tracker.failed(at(2), 'sales')).toBeUndefined();
    expect(tracker.answered(at(6))).toBe(5 * 60_000);
    expect(tracker.answered(at(7))).toBeUndefined();
  });

  it('is no outage when single failures are each followed by an answer', () => {
    const tracker = createOutageTracker();
    for (let minute = 0; minute < 10; minute += 1) {
      expect(tracker.failed(at(minute))).toBeUndefined();
      expect(tracker.answered(at(minute, 1))).toBeUndefined();
    }
  });

  it('opens at a second failure 30 s after the first with no answer between (the clock set)', () => {
    const tracker = createOutageTracker();
    expect(tracker.failed(at(0, 0))).toBeUndefined();
    expect(tracker.failed(at(0, 29))).toBeUndefined();
    expect(tracker.answered(at(0, 30))).toBeUndefined();
    expect(tracker.failed(at(1, 0))).toBeUndefined();
    expect(tracker.failed(at(1, 30))).toEqual({ first: undefined });
  });
});

describe('alert messages', () => {
  it('give a confirmed sale its id, amount and products', () => {
    const message = saleConfirmedAlert({
      partnerSaleId: 'P1',
      saleIds: ['S1', 'S2'],
      total: { cents: 12345, currency: 'EUR' },
      products: ['Museum'],
    });
    expect(message.text).toBe('Sale confirmed: P1, €123.45');
    expect(textOf(message.blocks)).toContain('SaleId S1, S2');
  });

  it('mask personal data in failure reasons', () => {
    const message = reservationFailedAlert(
      {
        shoppingCartId: 'C1',
        reason: 'client bob@example.org refused',
      },
      createTextMasker([]),
    );
    expect(textOf(message.blocks)).toContain('client [e-mail] refused');
  });

  it('say how long an outage lasted', () => {
    expect(textOf(partnerDownAlert({ operation: 'sales', kind: 'timeout' }).blocks)).toContain(
      '`sales` (timeout)',
    );
    expect(textOf(partnerUpAlert({ operation: 'catalog' }, 30_000).blocks)).toContain(
      'after less than a minute',
    );
    expect(textOf(partnerUpAlert({ operation: 'catalog' }, 7 * 60_000).blocks)).toContain(
      'after 7 min',
    );
    expect(textOf(partnerUpAlert({ operation: 'catalog' }, 3 * 3_600_000).blocks)).toContain(
      'after 3 h',
    );
  });
});

describe('alerts posted to Slack', () => {
  const ALERTS = 'C0ALERTS';
  const env = {
    SLACK_BOT_TOKEN: 'xoxb-alerts-unit',
    SLACK_SIGNING_SECRET: 'alerts-signing-secret',
    PARTNER_API_KEY: 'partner-key-0f3a9c77e1',
  };
  const customer = {
    email: 'luciana.q@example.org',
    phone: '+34 612 987 654',
    document: '48213765T',
  };
  let fake: FakeSlack;
  let events: BotEventBus;
  let alerts: Alerts;
  let secrets: string[];

  beforeAll(async () => {
    fake = await startFakeSlack();
    events = createEventBus();
    const config = parseConfig({ ...env, SLACK_API_URL: fake.apiUrl });
    secrets = config.secrets;
    const client = new webApi.WebClient(env.SLACK_BOT_TOKEN, { slackApiUrl: fake.apiUrl });
    alerts = subscribeAlerts(client, ALERTS, {
      config: config.slack!,
      lookups: createStaffLookups({
        client: { call: () => Promise.reject(new Error('no partner call expected')) },
        logger: silentLogger,
      }),
      store: createMemoryStore(),
      events,
      logger: silentLogger,
      secrets: config.secrets,
    });
  });
  afterAll(async () => {
    await alerts?.stop();
    await fake?.close();
  });

  const postedToAlerts = () =>
    fake.calls
      .filter((call) => call.method === 'chat.postMessage' && call.args.channel === ALERTS)
      .map((call) => JSON.stringify(call.args));

  it('tell staff a refreshed catalog was refused, the one in service kept', async () => {
    events.emit('catalog.rejected', { language: 'es', products: 3, inService: 30 });
    await expect
      .poll(() => postedToAlerts().filter((text) => text.includes('Catalog not updated')))
      .toHaveLength(1);
    const [posted] = postedToAlerts().filter((text) => text.includes('Catalog not updated'));
    expect(posted).toContain('3 products read, 30 in service');
    expect(posted).toContain('The catalog in service is kept');
  });

  it('say who (masked), what, what happened and what to do for a failed reservation', async () => {
    events.emit('reservation.failed', {
      shoppingCartId: 'cart-who-01',
      reason: 'No capacity left',
      order: {
        products: [{ name: 'Jellyfish aquarium', date: '2026-06-12', quantity: 2 }],
        total: { cents: 1200, currency: 'EUR' },
        customer: { name: 'Luciana Quiroga Ruiz', email: customer.email, phone: customer.phone },
      },
    });
    await expect
      .poll(() => postedToAlerts().filter((text) => text.includes('cart-who-01')))
      .toHaveLength(1);
    const [posted] = postedToAlerts().filter((text) => text.includes('cart-who-01'));
    expect(posted).toContain('*Reservation failed*: the partner did not hold the places');
    expect(posted).toContain('*Who:* Luciana Q., lu•••@example.org, •••654');
    expect(posted).toContain('*What:* Jellyfish aquarium · Fri 12 Jun 2026 · 2 tickets — *€12.00*');
    expect(posted).toContain('*What happened:* No capacity left');
    expect(posted).toContain('*What to do:* nothing was sold or charged');
    for (const item of [customer.email, customer.phone, 'Quiroga'])
      expect(posted).not.toContain(item);
  });

  it('post a failed payment once per sale, with a button that opens the case', async () => {
    const failed = {
      partnerSaleId: 'PSALE-PAY-1',
      order: {
        products: [{ name: 'Sea museum', date: '2026-06-14', quantity: 1 }],
        total: { cents: 850, currency: 'EUR' },
      },
    };
    events.emit('payment.failed', failed);
    events.emit('payment.failed', failed);
    events.emit('catalog.rejected', { language: 'en', products: 1, inService: 9 });
    await expect
      .poll(() => postedToAlerts().filter((text) => text.includes('1 products read, 9')))
      .toHaveLength(1);
    const posted = postedToAlerts().filter((text) => text.includes('PSALE-PAY-1'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toContain('*Payment failed*');
    expect(posted[0]).toContain('nothing was taken');
    expect(posted[0]).toContain('"action_id":"alert_open_case"');
    expect(posted[0]).toContain('"value":"PSALE-PAY-1"');
  });

  it("mask a partner refusal holding the key and a customer's details as the logs would", async () => {
    const reason =
      `Unauthorized ApiKey ${env.PARTNER_API_KEY}: client ${customer.email}, ` +
      `${customer.phone}, document ${customer.document} [4011]`;
    events.emit('sale.failed', { partnerSaleId: 'PSALE-MASK', reason });
    events.emit('reservation.failed', { shoppingCartId: 'cart-mask-01', reason });
    events.emit('payment.refund-needed', {
      chargeId: 'tg-mask',
      amount: 1200,
      currency: 'EUR',
      reason,
    });
    await alerts.stop();
    const posted = postedToAlerts().filter((text) =>
      ['PSALE-MASK', 'cart-mask-01', 'tg-mask'].some((id) => text.includes(id)),
    );
    expect(posted).toHaveLength(3);
    for (const text of posted) {
      for (const secret of [env.PARTNER_API_KEY, customer.email, customer.phone, customer.document])
        expect(text).not.toContain(secret);
      // What staff need stays: the code, and what was masked.
      expect(text).toContain('[4011]');
      expect(text).toContain('ApiKey [redacted]');
      expect(text).toContain('client [e-mail], [phone], document [document]');
    }
    // The same text as a log line masks alike: one masking for both.
    expect(createTextMasker(secrets)(reason)).toBe(
      'Unauthorized ApiKey [redacted]: client [e-mail], [phone], document [document] [4011]',
    );
  });
});
