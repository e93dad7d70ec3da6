/** A customer's cancellation request posted to the alerts channel: who masked, what, the policy, what to do. */
import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeAlerts, type Alerts } from '#src/channels/slack/listeners/alerts.js';
import { parseConfig } from '#src/config.js';
import { createStaffLookups } from '#src/conversation/staff/lookups.js';
import { createEventBus, type BotEventBus } from '#src/events.js';
import { silentLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { startFakeSlack, type FakeSlack } from '#test/support/fake-slack.js';

describe('a cancellation request in the alerts channel', () => {
  const ALERTS = 'C0ALERTS';
  const env = { SLACK_BOT_TOKEN: 'xoxb-alerts-unit', SLACK_SIGNING_SECRET: 'alerts-secret' };
  let fake: FakeSlack;
  let events: BotEventBus;
  let alerts: Alerts;

  beforeAll(async () => {
    fake = await startFakeSlack();
    events = createEventBus();
    const config = parseConfig({ ...env, PARTNER_API_KEY: 'k', SLACK_API_URL: fake.apiUrl });
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

  it('says who (masked), what, the policy and to make the request at the service', async () => {
    events.emit('cancellation.requested', {
      partnerSaleId: 'PS-cancel-01',
      saleIds: ['S-77'],
      date: '2026-06-13',
      policy: 'Free cancellation at any time.',
      appliesNow: 'Cancelling it now is free of charge.',
      order: {
        products: [{ name: 'Museo del Mar', date: '2026-06-13', quantity: 1 }],
        total: { cents: 1500, currency: 'EUR' },
        customer: { name: 'Luciana Quiroga', email: 'luciana.q@example.org', phone: '612987654' },
      },
    });
    const posted = () =>
      fake.calls
        .filter((call) => call.method === 'chat.postMessage' && call.args.channel === ALERTS)
        .map((call) => JSON.stringify(call.args));
    await expect.poll(() => posted()).toHaveLength(1);
    const [text] = posted();
    expect(text).toContain('*Cancellation requested* by the customer');
    expect(text).toContain('*Who:* Luciana Q., lu•••@example.org, •••654');
    expect(text).toContain('*What:* Museo del Mar · Sat 13 Jun 2026 · 1 ticket — *€15.00*');
    expect(text).toContain('*Policy:* Free cancellation at any time.');
    expect(text).toContain('make the cancellation request at the service');
    expect(text).toContain('PartnerSaleId `PS-cancel-01`');
    for (const item of ['luciana.q@example.org', '612987654', 'Quiroga'])
      expect(text).not.toContain(item);
  });
});
