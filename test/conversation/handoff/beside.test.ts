/**
 * The handoff beside the machine, on the engine with the real booking machine, the
 * memory store and scheduler and an in-memory desk (no channel): asking for a person
 * outside SUPPORT_HOURS, a desk that cannot be reached or has not started, a second
 * request while handed off, and the machine's own answer where nobody can be reached;
 * a desk's failures in the logs; and two instances on one store (or one restarted) with
 * staff's side through the SupportLine: the customer's /bot racing "Return to bot", and a
 * timeout job after the handoff ended.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMachine } from '#flows/booking/machine.js';
import { createPartnerClient } from '#src/api/client.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { createEngine, type Engine } from '#src/conversation/engine.js';
import { createHandoffBeside, type HandoffBeside } from '#src/conversation/handoff/beside.js';
import { parseHours } from '#src/conversation/handoff/hours.js';
import { createLogger, silentLogger, type Logger } from '#src/log.js';
import type { Job, Scheduler } from '#src/scheduler/scheduler.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import type { Store } from '#src/store/store.js';
import { createSupportLine } from '#src/conversation/handoff/line.js';
import { createPush } from '#src/conversation/outbox.js';
import type { Reply, View } from '#flows/view.js';
import { supportThreadKey } from '#src/store/keys.js';
import { createMemoryDesk } from '#test/support/memory-desk.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

/** A scheduler that only records: the jobs a handoff schedules and cancels. */
function recordingScheduler(): Scheduler & { jobs: Map<string, Job> } {
  const jobs = new Map<string, Job>();
  return {
    jobs,
    async schedule(job) {
      jobs.set(job.id, job);
    },
    async cancel(id) {
      jobs.delete(id);
    },
    start() {},
    async close() {},
  };
}

/** A logger whose lines the test reads. */
function capturingLogger(): { logger: Logger; lines: string[] } {
  const sink = new PassThrough();
  const lines: string[] = [];
  sink.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
  return { logger: createLogger({ level: 'debug', destination: sink }), lines };
}

function setUp(options: {
  hours?: string;
  now: Date;
  beside?: boolean;
  logger?: Logger;
  /** Another instance's (or the same, restarted): what they share. */
  shared?: { store: Store; scheduler: ReturnType<typeof recordingScheduler> };
  /** The store's clock (expiry), when the test moves it. */
  storeNow?: () => number;
}) {
  const store = options.shared?.store ?? createMemoryStore(options.storeNow);
  const scheduler = options.shared?.scheduler ?? recordingScheduler();
  const beside: HandoffBeside = createHandoffBeside({
    store,
    scheduler,
    hours: parseHours(options.hours ?? 'always'),
    timeoutMinutes: 15,
    ttlSeconds: 3600,
    now: () => options.now,
    logger: options.logger ?? silentLogger,
  });
  const client = createPartnerClient({ baseUrl: sandbox.sandbox.url, apiKey: 'sandbox-key' });
  let carts = 0;
  const engine: Engine = createEngine({
    machine: bookingMachine,
    store,
    catalog: createCatalogService(client),
    defaultLanguage: 'en',
    now: () => options.now,
    newCartId: () => `cart${String((carts += 1)).padStart(9, '0')}`,
    ...(options.beside === false ? {} : { beside }),
  });
  return { store, scheduler, beside, engine };
}

const texts = (reply: { notices: { text: string }[] }) =>
  reply.notices.map((notice) => notice.text);

describe('asking for a person', () => {
  it('outside SUPPORT_HOURS opens the thread all the same, and says when staff answer', async () => {
    // Friday 2026-01-16, 20:00 in Madrid.
    const now = new Date('2026-01-16T19:00:00Z');
    const { beside, engine, scheduler, store } = setUp({
      hours: 'mon-fri 09:00-18:00 Europe/Madrid',
      now,
    });
    const desk = createMemoryDesk();
    beside.useDesk(desk);
    const id = `tg:${randomUUID()}`;
    await engine.handle(id, { kind: 'text', text: '/start' });
    const reply = await engine.handle(id, { kind: 'text', text: 'hablar con una persona' });
    expect(texts(reply)).toEqual([
      "I've passed your conversation to our team. Nobody is answering right now: they will answer from Monday 19 January at 09:00 (Europe/Madrid). Write here what you need; /bot to go back to the bot.",
    ]);
    const [thread] = desk.threads;
    expect(thread?.summary.answersFrom).toBe('2026-01-19T08:00:00.000Z');
    expect(thread?.summary.step).toBe('at the start menu');
    expect(thread?.summary.transcript.map((line) => [line.from, line.text.slice(0, 7)])).toEqual([
      ['customer', '/start'],
      ['bot', expect.any(String)],
    ]);
    // The thread names its conversation; the timeout counts from Monday's opening.
    expect((await store.get(supportThreadKey(thread!.threadId)))?.value).toBe(id);
    expect([...scheduler.jobs.values()]).toEqual([
      {
        id: `support-timeout:${id}:${thread!.threadId}`,
        kind: 'support.timeout',
        conversationId: id,
        at: new Date('2026-01-19T08:15:00Z'),
      },
    ]);
    // Asked again: already with a person, no second thread.
    const again = await engine.handle(id, { kind: 'text', text: '/human' });
    expect(texts(again)).toEqual([
      "You're already talking to a person. Write here; /bot to go back to the bot.",
    ]);
    expect(again.keepView).toBe(true);
    expect(desk.threads).toHaveLength(1);
    // The way back's label typed (a phone step's keyboard sends labels): back to the bot.
    const back = await engine.handle(id, { kind: 'text', text: '🤖 Back to the bot' });
    expect(texts(back)).toEqual(["You're back with the bot. We carry on where we left off:"]);
    expect(back.view.options.map((option) => option.id)).not.toContain('support:bot');
    expect(thread!.fromCustomer).toEqual([]);
    expect(thread!.notes).toEqual(['The customer went back to the bot.']);
    expect(scheduler.jobs.size).toBe(0);
  });

  it('with no desk yet, or one that fails, says nobody could be reached and changes nothing', async () => {
    const { beside, engine, scheduler } = setUp({ now: new Date('2026-06-10T08:00:00Z') });
    const id = `tg:${randomUUID()}`;
    const home = await engine.handle(id, { kind: 'text', text: '/start' });
    const unreachable =
      "I couldn't reach our team right now. I'll keep helping you; please try again in a while.";
    expect(texts(await engine.handle(id, { kind: 'text', text: 'agent' }))).toEqual([unreachable]);
    beside.useDesk({
      ...createMemoryDesk(),
      openThread: () => Promise.reject(new Error('slack down')),
    });
    expect(texts(await engine.handle(id, { kind: 'choose', id: 'support:ask' }))).toEqual([
      unreachable,
    ]);
    expect(scheduler.jobs.size).toBe(0);
    // Not handed off: the step's buttons work.
    const after = await engine.current(id);
    expect(after.view.text).toBe(home.view.text);
    expect(after.view.options.map((option) => option.id)).not.toContain('support:bot');
  });

  it('where nobody can be reached (no SLACK_SUPPORT_CHANNEL), the machine says so and the step goes on', async () => {
    const { engine } = setUp({ now: new Date('2026-06-10T08:00:00Z'), beside: false });
    const id = `tg:${randomUUID()}`;
    const home = await engine.handle(id, { kind: 'text', text: '/start' });
    for (const text of ['/human', 'talk to someone', 'humano']) {
      const reply = await engine.handle(id, { kind: 'text', text });
      expect(texts(reply)).toEqual([
        "Sorry: nobody can be reached from here. I'll keep helping you; type /help to see what I can do.",
      ]);
      expect(reply.view.text).toBe(home.view.text);
      expect(reply.view.options.map((option) => option.id)).toEqual(
        home.view.options.map((option) => option.id),
      );
    }
    const help = await engine.handle(id, { kind: 'text', text: '/help' });
    expect(help.view.options.map((option) => option.id)).not.toContain('support:ask');
    expect(texts(await engine.handle(id, { kind: 'text', text: '/bot' }))).toEqual([
      "You're already talking to the bot. We carry on where we left off.",
    ]);
  });
});

describe('a tap on a view the chat has moved past', () => {
  it("while handed off is answered paused, in the customer's language; otherwise the channel's own", async () => {
    const { beside, engine } = setUp({ now: new Date('2026-06-10T08:00:00Z') });
    const desk = createMemoryDesk();
    beside.useDesk(desk);
    const id = `tg:${randomUUID()}`;
    expect(await engine.earlierTap!(id)).toEqual({});
    await engine.handle(id, { kind: 'text', text: '/start' });
    await engine.handle(id, { kind: 'choose', id: 'language' });
    expect(await engine.earlierTap!(id)).toEqual({ language: 'es' });
    await engine.handle(id, { kind: 'text', text: '/human' });
    expect(desk.threads).toHaveLength(1);
    expect(await engine.earlierTap!(id)).toEqual({
      language: 'es',
      answer:
        'Los botones del bot están en pausa mientras hablas con una persona. Escribe aquí, o /bot para volver al bot.',
    });
    // Only read: nothing reached the desk.
    expect(desk.threads[0]!.fromCustomer).toEqual([]);
    await engine.handle(id, { kind: 'text', text: '/bot' });
    expect(await engine.earlierTap!(id)).toEqual({ language: 'es' });
  });
});

describe('the 🙋 offer', () => {
  it('follows the help, typed or tapped', async () => {
    const { beside, engine } = setUp({ now: new Date('2026-06-10T08:00:00Z') });
    beside.useDesk(createMemoryDesk());
    const id = `tg:${randomUUID()}`;
    const home = await engine.handle(id, { kind: 'text', text: '/start' });
    expect(home.view.options.map((option) => option.id)).not.toContain('support:ask');
    const help = home.view.options.find((option) => option.label.includes('Help'))!;
    const tapped = await engine.handle(id, { kind: 'choose', id: help.id });
    expect(tapped.view.options.map((option) => option.id)).toContain('support:ask');
    const typed = await engine.handle(id, { kind: 'text', text: '/help' });
    expect(typed.view.options.map((option) => option.id)).toContain('support:ask');
  });

  it('ends the views of trouble, with a retry or without one, and no other', () => {
    const { beside } = setUp({ now: new Date('2026-06-10T08:00:00Z') });
    const home = { id: 'home', label: 'Home', event: { type: 'nav.home' } };
    const offered = (view: Omit<View, 'text' | 'expects'>) =>
      beside
        .present(undefined, { text: 'x', expects: 'choice', ...view }, { language: 'en' })
        .options.map((option) => option.id);
    expect(offered({ options: [home] })).toEqual(['home']);
    expect(offered({ options: [home], trouble: true })).toEqual(['home', 'support:ask']);
    const retry = { id: 'retry', label: 'Again', event: { type: 'payment.retry' } };
    expect(offered({ options: [retry, home] })).toEqual(['retry', 'home', 'support:ask']);
  });

  it("makes a step's own 'talk to a person' the handoff's button, and ends a refund's answer with one", () => {
    const { beside } = setUp({ now: new Date('2026-06-10T08:00:00Z') });
    const home = { id: 'home', label: 'Home', event: { type: 'nav.home' } };
    const person = { id: 'person', label: '🙋 Talk to a person', event: { type: 'command.human' } };
    const nothingBack = beside.present(
      undefined,
      { text: 'Non-refundable', expects: 'choice', options: [person, home] },
      { language: 'en' },
    );
    expect(nothingBack.options.map((option) => [option.id, option.label])).toEqual([
      ['support:ask', '🙋 Talk to a person'],
      ['home', 'Home'],
    ]);
    const answered = (text: string) =>
      beside
        .present(
          undefined,
          { text: 'x', expects: 'choice', options: [home] },
          { language: 'en', input: { kind: 'text', text } },
        )
        .options.map((option) => option.id);
    for (const text of [
      'I need to cancel my booking and get a refund',
      'I want a refund',
      'can I have my money back?',
      'quiero que me devuelvan el dinero, devolver el dinero',
      'quiero un reembolso',
      'cancelar mi reserva',
    ])
      expect(answered(text), text).toEqual(['home', 'support:ask']);
    for (const text of ['2 tickets for the museum', 'cancelar', 'back', 'add the refund insurance'])
      expect(answered(text), text).toEqual(['home']);
  });
});

describe('staff on an instance whose customer channel has not started', () => {
  it('hear it was not passed on, not that the conversation is back with the bot', async () => {
    const { beside, engine, store } = setUp({ now: new Date('2026-06-10T08:00:00Z') });
    const desk = createMemoryDesk();
    beside.useDesk(desk);
    const id = `tg:${randomUUID()}`;
    await engineTurns(engine, id, ['/start', 'human']);
    // No channel registered for `tg:` on this push.
    const line = createSupportLine(store, createPush(engine));
    const marta = { id: 'U0MARTA', name: 'Marta' };
    await expect(line.staffSaid(desk.threads[0]!.threadId, marta, 'Hi')).rejects.toThrow(
      /no channel delivers here/,
    );
    await expect(line.returnToBot(desk.threads[0]!.threadId, marta)).rejects.toThrow();
    // Still handed off.
    const current = await engine.current(id);
    expect(current.view.options.map((option) => option.id)).toContain('support:bot');
  });
});

describe('the thread → conversation link', () => {
  it('lives DATA_TTL_HOURS from the last message either way, not from the opening', async () => {
    let clock = Date.parse('2026-06-10T08:00:00Z');
    const { beside, engine, store } = setUp({
      now: new Date(clock),
      storeNow: () => clock,
    });
    const desk = createMemoryDesk();
    beside.useDesk(desk);
    const id = `tg:${randomUUID()}`;
    await engineTurns(engine, id, ['/start', 'human']);
    const key = supportThreadKey(desk.threads[0]!.threadId);
    // The link's TTL is 3600 s here: the customer writes at 50 min, staff answer at 100.
    clock += 50 * 60_000;
    await engine.handle(id, { kind: 'text', text: 'Hello?' });
    clock += 50 * 60_000;
    expect((await store.get(key))?.value).toBe(id);
    const push = createPush(engine);
    push.register('tg', { deliver: async () => undefined });
    const line = createSupportLine(store, push);
    expect(await line.staffSaid(desk.threads[0]!.threadId, { id: 'U1', name: 'Marta' }, 'Hi')).toBe(
      'delivered',
    );
    clock += 50 * 60_000;
    expect((await store.get(key))?.value).toBe(id);
    clock += 11 * 60_000;
    expect(await store.get(key)).toBeUndefined();
  });
});

describe('a desk that fails', () => {
  it('is logged by its kind and code, never with what the customer wrote', async () => {
    const { logger, lines } = capturingLogger();
    const { beside, engine } = setUp({ now: new Date('2026-06-10T08:00:00Z'), logger });
    const id = `tg:${randomUUID()}`;
    const desk = createMemoryDesk();
    beside.useDesk(desk);
    await engine.handle(id, { kind: 'text', text: '/start' });
    await engine.handle(id, { kind: 'text', text: 'talk to someone' });
    // Slack's Web API errors keep their request: the text sent, the customer's words.
    const slackError = () =>
      Object.assign(new Error('A request error occurred'), {
        code: 'slack_webapi_request_error',
        original: { config: { data: 'text=Customer: my DNI is 12345678Z' } },
      });
    desk.postFromCustomer = () => Promise.reject(slackError());
    desk.postNote = () => Promise.reject(slackError());
    const reply = await engine.handle(id, { kind: 'text', text: 'my DNI is 12345678Z' });
    expect(texts(reply)).toEqual([
      "I couldn't pass your message to the team. Please try again in a moment.",
    ]);
    await engine.handle(id, { kind: 'text', text: '/bot' });
    desk.openThread = () => Promise.reject(slackError());
    await engine.handle(id, { kind: 'text', text: '/human' });
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'handoff: not forwarded',
        'handoff: note not posted',
        'handoff: no thread',
      ]),
    );
    for (const line of logged.filter((entry) => String(entry.msg).startsWith('handoff: n'))) {
      expect(line).toMatchObject({ error: 'Error', code: 'slack_webapi_request_error' });
    }
    expect(lines.join('\n')).not.toContain('12345678Z');
  });
});

describe('a handoff across instances and restarts', () => {
  it('survives a restart, runs a race of /bot and "Return to bot" once, and a late timeout does nothing', async () => {
    const now = new Date('2026-06-10T08:00:00Z');
    const desk = createMemoryDesk();
    const first = setUp({ now });
    first.beside.useDesk(desk);
    const id = `tg:${randomUUID()}`;
    await engineTurns(first.engine, id, ['/start', 'agente']);
    const [thread] = desk.threads;
    const firstDue = first.scheduler.jobs.get(`support-timeout:${id}:${thread!.threadId}`)!.at;

    // Another instance (or this one restarted): only the store and the queue are shared.
    const second = setUp({ now, shared: first });
    second.beside.useDesk(desk);
    const delivered: Reply<unknown>[] = [];
    const push = createPush(second.engine);
    push.register('tg', { deliver: async (_id, reply) => void delivered.push(reply) });
    const line = createSupportLine(second.store, push);
    const marta = { id: 'U0MARTA', name: 'Marta' };
    expect(await line.staffSaid(thread!.threadId, marta, 'Hello, tell me')).toBe('delivered');
    expect(delivered.flatMap(texts)).toEqual([
      "You're talking to Marta (staff). Write here; /bot to go back to the bot.",
      'Marta: Hello, tell me',
    ]);
    // The staff reply stopped the clock.
    expect(first.scheduler.jobs.size).toBe(0);
    await second.engine.handle(id, { kind: 'text', text: 'Can I change the date?' });
    expect(thread!.fromCustomer).toEqual([{ kind: 'text', text: 'Can I change the date?' }]);

    // The customer types /bot on one instance as staff press "Return to bot" on the other.
    delivered.length = 0;
    const [customer, staff] = await Promise.all([
      first.engine.handle(id, { kind: 'text', text: '/bot' }),
      line.returnToBot(thread!.threadId, marta),
    ]);
    const returned = "You're back with the bot. We carry on where we left off:";
    const heard = [...texts(customer), ...delivered.flatMap(texts)];
    expect(heard.filter((text) => text === returned)).toHaveLength(1);
    // Whoever came second learnt it was already done.
    expect(texts(customer)).toEqual(
      staff === 'returned'
        ? ["You're already talking to the bot. We carry on where we left off."]
        : [returned],
    );
    expect(thread!.notes.length).toBeLessThanOrEqual(1);

    // A timeout job that was already running when the handoff ended changes nothing.
    const notes = thread!.notes.length;
    const late = await second.engine.handle(id, {
      kind: 'support',
      event: { type: 'support.timeout' },
    });
    expect(late.ignored).toBe(true);
    expect(texts(late)).toEqual([]);
    expect(thread!.notes).toHaveLength(notes);
    // And staff's next reply is not sent: the thread is closed.
    expect(await line.staffSaid(thread!.threadId, marta, 'Still there?')).toBe('closed');
    // A thread that never was a handoff's is not this line's to answer.
    expect(await line.staffSaid('1700000999.000100', marta, 'lunch?')).toBe('unknown');
    expect(await line.returnToBot('1700000999.000100', marta)).toBe('closed');
    const after = await first.engine.current(id);
    expect(after.view.options.map((option) => option.id)).not.toContain('support:bot');

    // Asked again later: the first handoff's job, had it still run, is not this one's.
    now.setTime(now.getTime() + 5 * 60_000);
    await first.engine.handle(id, { kind: 'text', text: 'human' });
    const next = desk.threads[1]!.threadId;
    const due = first.scheduler.jobs.get(`support-timeout:${id}:${next}`)!.at;
    expect(due).toEqual(new Date(now.getTime() + 15 * 60_000));
    const timeout = (at: Date) =>
      second.engine.handle(id, {
        kind: 'support',
        event: { type: 'support.timeout', at: at.toISOString() },
      });
    expect((await timeout(firstDue)).ignored).toBe(true);
    expect(texts(await timeout(due))).toEqual([
      'Nobody from the team has answered in 15 minutes. You can keep waiting here, or go back to the bot.',
    ]);
  });
});

async function engineTurns(engine: Engine, id: string, lines: string[]) {
  for (const text of lines) await engine.handle(id, { kind: 'text', text });
}
