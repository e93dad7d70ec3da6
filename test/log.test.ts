/**
 * The logger masks the configuration's secrets and Bot API paths in every string it
 * writes, whatever the shape of what was logged: fields, messages, error messages,
 * stacks and causes.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseConfig, secretValues, SECRET_VARIABLES } from '#src/config.js';
import {
  createLogger,
  createTextMasker,
  inTurn,
  maskPersonalData,
  processFields,
} from '#src/log.js';

const SECRETS = {
  TELEGRAM_BOT_TOKEN: '123456:AAH-telegram-token-part',
  TELEGRAM_WEBHOOK_SECRET: 'webhook-secret-value',
  TELEGRAM_PAYMENT_PROVIDER_TOKEN: '284685063:TEST:provider-token',
  SLACK_BOT_TOKEN: 'xoxb-slack-bot-token',
  SLACK_SIGNING_SECRET: 'slack-signing-secret',
  SLACK_APP_TOKEN: 'xapp-slack-app-token',
  PARTNER_API_KEY: 'partner-key-value',
  PAYMENT_RETURN_SECRET: 'return-secret "quoted" \\ value, long enough to sign',
};

function capture(secrets: readonly string[]) {
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString('utf8');
      callback();
    },
  });
  const logger = createLogger({ level: 'debug', destination, secrets, base: {} });
  return { logger, text: () => text };
}

const leaks = (text: string) =>
  Object.entries(SECRETS)
    .filter(
      ([, value]) => text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1)),
    )
    .map(([name]) => name);

describe('secret masking in logs', () => {
  it('reads every secret variable from the environment, known to the schema or not', () => {
    expect(secretValues(SECRETS).sort()).toEqual(Object.values(SECRETS).sort());
    for (const name of Object.keys(SECRETS)) expect(SECRET_VARIABLES).toContain(name);
    const config = parseConfig({ ...SECRETS, PARTNER_API_URL: 'http://127.0.0.1:1' });
    expect(config.secrets).toEqual(expect.arrayContaining(Object.values(SECRETS)));
  });

  it('masks secrets in messages, nested fields, arrays, error messages, stacks and causes', () => {
    const { logger, text } = capture(secretValues(SECRETS));
    const values = Object.values(SECRETS);
    const cause = new Error(`inner failure with ${values.join(' and ')}`);
    const error = new Error(`outer failure for ${SECRETS.SLACK_BOT_TOKEN}`, { cause });
    logger.error({ err: error, deep: { list: [{ note: values.join(',') }] } }, 'failed');
    logger.warn(`in the message: ${SECRETS.PARTNER_API_KEY}`);
    logger.info({ value: SECRETS.SLACK_SIGNING_SECRET }, 'plain field');
    logger.info({ url: `https://x.test/${encodeURIComponent(SECRETS.TELEGRAM_BOT_TOKEN)}` }, 'u');
    const written = text();
    expect(written.split('\n').filter(Boolean)).toHaveLength(4);
    expect(written).toContain('[redacted]');
    expect(written).toContain('inner failure'); // the cause is still there, masked
    expect(leaks(written)).toEqual([]);
    expect(written).not.toContain(encodeURIComponent(SECRETS.TELEGRAM_BOT_TOKEN));
    // The token's secret part alone either.
    expect(written).not.toContain('AAH-telegram-token-part');
  });

  it('masks the token in a Bot API path even when it is no configured secret', () => {
    const { logger, text } = capture([]);
    const error = new Error(
      'request to https://api.telegram.org/bot999:unknown-token/sendMessage failed, reason: socket hang up',
    );
    logger.error({ err: error }, 'job failed');
    expect(text()).not.toContain('unknown-token');
    expect(text()).toContain('https://api.telegram.org/bot[redacted]/sendMessage');
  });

  it("masks the personal data a partner's refusal quotes in an error and its cause", () => {
    const { logger, text } = capture([]);
    const cause = new Error('client ana.garcia@example.com, phone +34 600 111 222 refused');
    logger.error({ err: new Error('Sale failed: DNI 12345678Z', { cause }) }, 'sale failed');
    const written = text();
    for (const data of ['ana.garcia@example.com', '600 111 222', '12345678Z'])
      expect(written).not.toContain(data);
    expect(written).toContain('[e-mail]');
    expect(written).toContain('[document]');
  });

  it('leaves lines without secrets as they were', () => {
    const { logger, text } = capture(secretValues(SECRETS));
    logger.info({ operation: 'catalog', ms: 12 }, 'partner call');
    expect(JSON.parse(text())).toEqual({
      level: 30,
      time: expect.any(Number) as number,
      operation: 'catalog',
      ms: 12,
      msg: 'partner call',
    });
  });
});

describe('masking a free text from outside (createTextMasker)', () => {
  it.each([
    ['write to ana.garcia@example.com now', 'write to [e-mail] now'],
    ['escaped ana.garcia%40example.com in it', 'escaped [e-mail] in it'],
    ['call +34 600 111 222.', 'call [phone].'],
    ['call 600111222', 'call [phone]'],
    ['DNI 12345678Z refused', 'DNI [document] refused'],
    ['NIE X1234567L refused', 'NIE [document] refused'],
    ['NIE Y-1234567-L refused', 'NIE [document] refused'],
  ])('masks personal data: %s', (input, output) => {
    expect(maskPersonalData(input)).toBe(output);
    expect(createTextMasker([])(input)).toBe(output);
  });

  it('keeps dates, times, amounts, error codes and short ids', () => {
    const text =
      'No capacity on 2026-12-01 at 10:00 for 2 people (42.50 EUR) [5001] cart abc123def4567';
    expect(createTextMasker([SECRETS.PARTNER_API_KEY])(text)).toBe(text);
  });

  it("masks the secrets as the log lines do, Slack tokens, and URLs' query strings", () => {
    const mask = createTextMasker(Object.values(SECRETS));
    const text =
      `refused key ${SECRETS.PARTNER_API_KEY} (sent as ${encodeURIComponent(SECRETS.PAYMENT_RETURN_SECRET)}), ` +
      'token xoxb-someone-elses-token, GET http://partner/Sale?ClientName=Luciana%20Q done';
    const masked = mask(text);
    expect(leaks(masked)).toEqual([]);
    expect(masked).not.toContain('xoxb-someone');
    expect(masked).not.toContain('Luciana');
    expect(masked).toBe(
      'refused key [redacted] (sent as [redacted]), token [redacted], GET http://partner/Sale?[redacted] done',
    );
  });
});

describe('what every line carries', () => {
  const lines = () => {
    let text = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text += chunk.toString('utf8');
        callback();
      },
    });
    const read = () =>
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { destination, read };
  };

  it('names the instance and the release: INSTANCE_ID, package.json version, GIT_SHA', () => {
    expect(processFields({ INSTANCE_ID: 'bot-2', GIT_SHA: '1a2b3c4' })).toEqual({
      instance: 'bot-2',
      version: '0.1.0',
      revision: '1a2b3c4',
    });
    // Without INSTANCE_ID: the host name, as a container's id.
    expect(processFields({}).instance).toMatch(/\S/);
    expect(processFields({})).not.toHaveProperty('revision');
    const { destination, read } = lines();
    createLogger({ destination, base: processFields({ INSTANCE_ID: 'bot-2' }) }).info('hello');
    expect(read()[0]).toMatchObject({ instance: 'bot-2', version: '0.1.0', msg: 'hello' });
  });

  it('carries the conversation id on every line logged within its turn, however deep', async () => {
    const { destination, read } = lines();
    const logger = createLogger({ destination, base: {} });
    const deeper = async () => {
      await new Promise((done) => setImmediate(done));
      logger.warn({ operation: 'catalog' }, 'partner call retried');
    };
    logger.info('before');
    await Promise.all([
      inTurn('tg:1', async () => {
        await deeper();
        logger.info('one');
      }),
      inTurn('tg:2', () => deeper()),
    ]);
    logger.info('after');
    const seen = read().map((line) => [line.msg, line.conversationId]);
    expect(seen[0]).toEqual(['before', undefined]);
    expect(seen.at(-1)).toEqual(['after', undefined]);
    expect(seen.slice(1, -1)).toEqual(
      expect.arrayContaining([
        ['partner call retried', 'tg:1'],
        ['partner call retried', 'tg:2'],
        ['one', 'tg:1'],
      ]),
    );
    expect(seen).toHaveLength(5);
  });

  it('writes a crash as one fatal JSON line, then exits 1', () => {
    const log = resolve(import.meta.dirname, '../src/log.ts');
    for (const [crash, message] of [
      ["throw new Error('boom')", 'uncaught exception; exiting'],
      ["Promise.reject(new Error('boom'))", 'unhandled promise rejection; exiting'],
    ] as const) {
      const script = `import { createLogger, logCrashes } from ${JSON.stringify(log)};
        logCrashes(createLogger()); setImmediate(() => { ${crash}; });`;
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { encoding: 'utf8', env: { ...process.env, INSTANCE_ID: 'crashy', LOG_LEVEL: 'info' } },
      );
      expect(run.status).toBe(1);
      const written = run.stderr.trim().split('\n');
      expect(written).toHaveLength(1);
      expect(JSON.parse(written[0]!)).toMatchObject({
        level: 60,
        instance: 'crashy',
        msg: message,
        err: { message: 'boom' },
      });
    }
  });
});
