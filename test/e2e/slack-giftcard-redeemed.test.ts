/**
 * A gift card redeemed through the bot, then checked by staff with /giftcard: the
 * service's check says only that it was redeemed; the bot's record of the sale it made
 * says when and by which sale. The real bot (createApp, the sandbox) redeems the card in
 * a chat; the real bolt app (the staff app's listeners, its Web API at the fake Slack)
 * answers the command, listening to the bot's events and sharing its store.
 */
import { randomUUID } from 'node:crypto';
import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boltLogger } from '#src/channels/slack/bolt-logger.js';
import { registerStaffApp } from '#src/channels/slack/index.js';
import { parseConfig } from '#src/config.js';
import { createStaffLookups } from '#src/conversation/staff/lookups.js';
import type { BotEvents } from '#src/events.js';
import { silentLogger } from '#src/log.js';
import { HISTORIC_GIFT_CARD } from '#src/sandbox/cart/history.js';
import { startChat, type Chat } from '#test/support/chat.js';
import { FAKE_TEAM_ID, startFakeSlack, type FakeSlack } from '#test/support/fake-slack.js';

class FakeReceiver implements Receiver {
  private app?: App;
  init(app: App): void {
    this.app = app;
  }
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
  async deliver(body: Record<string, unknown>): Promise<void> {
    const event: ReceiverEvent = { body, ack: async () => undefined };
    await this.app!.processEvent(event);
  }
}

const STAFF = 'U0GIFTSTAFF';
let chat: Chat;
let slack: FakeSlack;
let receiver: FakeReceiver;
const confirmed: BotEvents['sale.confirmed'][0][] = [];

beforeAll(async () => {
  [chat, slack] = await Promise.all([startChat(), startFakeSlack()]);
  chat.app.events.on('sale.confirmed', (event) => confirmed.push(event));
  const config = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-gift',
    SLACK_SIGNING_SECRET: 'gift-secret',
    SLACK_API_URL: slack.apiUrl,
    SLACK_STAFF_USERS: STAFF,
    SLACK_TEAM_ID: FAKE_TEAM_ID,
  });
  receiver = new FakeReceiver();
  const app = new App({
    token: 'xoxb-gift',
    receiver,
    tokenVerificationEnabled: false,
    logger: boltLogger(silentLogger),
    clientOptions: { slackApiUrl: slack.apiUrl },
    convoStore: false,
  });
  registerStaffApp(app, {
    config: config.slack!,
    lookups: createStaffLookups({ client: chat.sandbox.client, logger: silentLogger }),
    store: chat.app.store,
    events: chat.app.events,
    logger: silentLogger,
    // The staff app's clock, set: the instant it records the redemption at.
    now: () => new Date('2026-06-10T22:30:41Z'),
  });
}, 60_000);

afterAll(async () => {
  await chat?.close();
  await slack?.close();
});

let commands = 0;
/** `/giftcard <code>` as Slack posts it; the ephemeral answer's blocks, as text. */
async function giftcard(code: string): Promise<string> {
  commands += 1;
  const id = `gift${commands}`;
  await receiver.deliver({
    token: 'x',
    team_id: FAKE_TEAM_ID,
    channel_id: 'C0ANY',
    user_id: STAFF,
    command: '/giftcard',
    text: code,
    response_url: slack.responseUrl(id),
    trigger_id: `t.gift.${commands}.${randomUUID()}`,
  });
  const answer = await slack.waitForResponse((post) => post.id === id);
  return JSON.stringify(answer.body.blocks);
}

describe('/giftcard of a card the bot redeemed', () => {
  it('says when and by which sale it was redeemed', { timeout: 60_000 }, async () => {
    await chat.start();
    await chat.say('/giftcard');
    const card = (await chat.say(HISTORIC_GIFT_CARD)).at(-1)!;
    await chat.choose(card.options[0]!.id);
    await chat.pick('Continue');
    await chat.pick('Check out');
    await chat.say('Ana García, 12345678Z, +34600111222, ana@example.com');
    await chat.pick('Reserve');
    const done = await chat.pick('Confirm and pay');
    expect(done.at(-1)!.text).toMatch(/Purchase confirmed/);

    expect(confirmed).toHaveLength(1);
    const [sale] = confirmed;
    expect(sale!.giftCards).toEqual([HISTORIC_GIFT_CARD]);

    // Typed with spaces around, as staff paste it: the same card.
    const text = await giftcard(` ${HISTORIC_GIFT_CARD} `);
    expect(text).toContain(
      `*Redeemed on 2026-06-10 22:30 UTC* (sale \`${sale!.partnerSaleId}\` · order ${sale!.saleIds.join(', ')}): it cannot be used again.`,
    );
    expect(text).not.toContain('Valid');
    expect(text).not.toContain('does not say when');
  });
});
