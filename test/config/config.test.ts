import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  KNOWN_VARIABLES,
  parseConfig,
  SECRET_VARIABLES,
  unknownVariables,
} from '#src/config.js';

describe('configuration', () => {
  it('runs with nothing configured: sandbox, memory store, no channels', () => {
    const config = parseConfig({});
    expect(config.partner).toEqual({ baseUrl: undefined, apiKey: 'sandbox-key', language: 'es' });
    expect(config.redis).toBeUndefined();
    expect(config.telegram).toBeUndefined();
    expect(config.slack).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.dataTtlSeconds).toBe(72 * 3600);
  });

  it('hands conversations to a person only with Slack and SLACK_SUPPORT_CHANNEL', () => {
    const slack = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'sig' };
    expect(parseConfig({}).support).toBeUndefined();
    expect(parseConfig({ SLACK_SUPPORT_CHANNEL: 'C1' }).support).toBeUndefined();
    expect(parseConfig({ ...slack, SLACK_SUPPORT_CHANNEL: 'C1' }).support).toEqual({
      channel: 'C1',
      hours: { always: true },
      timeoutMinutes: 15,
    });
    const madrid = parseConfig({
      ...slack,
      SLACK_SUPPORT_CHANNEL: 'C1',
      SUPPORT_HOURS: 'mon-fri 09:00-18:00 Europe/Madrid',
      SUPPORT_TIMEOUT_MINUTES: '30',
    }).support;
    expect(madrid?.hours).toMatchObject({ always: false, zone: 'Europe/Madrid' });
    expect(madrid?.timeoutMinutes).toBe(30);
    // A bad value stops the start with one line, whether or not a channel is set.
    expect(() => parseConfig({ SUPPORT_HOURS: 'weekdays 9 to 6' })).toThrow(
      /^SUPPORT_HOURS: expected 'always', or days and times in a time zone such as 'mon-fri 09:00-18:00 Europe\/Madrid' \(no known time zone at the end\)$/,
    );
    expect(() => parseConfig({ SUPPORT_TIMEOUT_MINUTES: '0' })).toThrow(
      'SUPPORT_TIMEOUT_MINUTES: expected a whole number of minutes from 1 to 1440',
    );
  });

  it('pins the clock at CLOCK_START, an instant (the tests use it; real time when unset)', () => {
    expect(parseConfig({}).clockStart).toBeUndefined();
    expect(parseConfig({ CLOCK_START: '2026-10-25T02:30:00+02:00' }).clockStart).toEqual(
      new Date('2026-10-25T00:30:00Z'),
    );
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PARTNER_API_URL: 'https://partner.example/api',
      PARTNER_API_KEY: 'k',
      PARTNER_LANGUAGE: 'en',
      REDIS_URL: 'redis://127.0.0.1:6380',
      TELEGRAM_BOT_TOKEN: '1:abc',
      TELEGRAM_WEBHOOK_SECRET: 's3cret',
      SLACK_BOT_TOKEN: 'xoxb-1',
      SLACK_SIGNING_SECRET: 'sig',
      SLACK_STAFF_USERS: 'U1, U2',
      PORT: '8080',
    });
    expect(config.partner.baseUrl).toBe('https://partner.example/api');
    expect(config.redis).toBe('redis://127.0.0.1:6380');
    expect(config.telegram?.webhookSecret).toBe('s3cret');
    expect(config.slack?.staffUsers).toEqual(['U1', 'U2']);
    expect(config.slack?.staffChannels).toEqual([]);
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('takes a Redis Cluster (its nodes) instead of REDIS_URL', () => {
    const config = parseConfig({
      REDIS_URL: 'redis://127.0.0.1:6380',
      REDIS_CLUSTER_NODES: '10.0.0.1:7000, 10.0.0.2:7001',
    });
    expect(config.redis).toEqual({ cluster: ['10.0.0.1:7000', '10.0.0.2:7001'] });
  });

  it.each([
    [{ PORT: 'eighty' }, /^PORT: expected a port number/],
    [{ PORT: '70000' }, /^PORT: expected a port number/],
    [{ PARTNER_API_URL: 'not a url' }, /^PARTNER_API_URL: expected an absolute http\(s\) URL/],
    [{ PARTNER_LANGUAGE: 'spanish' }, /^PARTNER_LANGUAGE: expected a two-letter/],
    [{ CLOCK_START: 'tomorrow' }, /^CLOCK_START: expected an ISO instant/],
    [{ REDIS_URL: 'localhost:6379' }, /^REDIS_URL: expected a redis:\/\//],
    [{ REDIS_CLUSTER_NODES: 'redis://10.0.0.1' }, /^REDIS_CLUSTER_NODES: expected a comma list/],
    [{ TELEGRAM_WEBHOOK_SECRET: 'has spaces' }, /^TELEGRAM_WEBHOOK_SECRET: expected 1 to 256/],
    [{ SLACK_BOT_TOKEN: 'xoxb-1' }, /^SLACK_SIGNING_SECRET: expected a value/],
    [{ DATA_TTL_HOURS: '0' }, /^DATA_TTL_HOURS: expected a number of hours/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  describe('payments', () => {
    const telegram = { TELEGRAM_BOT_TOKEN: '1:abc' };

    it('takes no payment unless configured: no provider token, EUR, not on account', () => {
      const config = parseConfig(telegram);
      expect(config.telegram?.paymentProviderToken).toBeUndefined();
      expect(config.payments).toEqual({
        currency: 'EUR',
        starsPerEur: undefined,
        onAccount: false,
      });
    });

    it('reads a provider token, a currency and on-account mode', () => {
      const config = parseConfig({
        ...telegram,
        TELEGRAM_PAYMENT_PROVIDER_TOKEN: '284685063:TEST:abc',
        PAYMENT_CURRENCY: 'USD',
        PAYMENT_MODE: 'on-account',
      });
      expect(config.telegram?.paymentProviderToken).toBe('284685063:TEST:abc');
      expect(config.payments).toMatchObject({ currency: 'USD', onAccount: true });
    });

    it('takes Stars with an empty token, XTR and a rate', () => {
      const config = parseConfig({
        ...telegram,
        TELEGRAM_PAYMENT_PROVIDER_TOKEN: '',
        PAYMENT_CURRENCY: 'XTR',
        PAYMENT_STARS_PER_EUR: '50',
      });
      expect(config.telegram?.paymentProviderToken).toBe('');
      expect(config.payments).toMatchObject({ currency: 'XTR', starsPerEur: 50 });
    });

    it.each([
      [{ TELEGRAM_PAYMENT_PROVIDER_TOKEN: '' }, /^TELEGRAM_PAYMENT_PROVIDER_TOKEN: .*XTR/],
      [
        {
          TELEGRAM_PAYMENT_PROVIDER_TOKEN: 'tok',
          PAYMENT_CURRENCY: 'XTR',
          PAYMENT_STARS_PER_EUR: '50',
        },
        /^TELEGRAM_PAYMENT_PROVIDER_TOKEN: expected an empty value/,
      ],
      [{ TELEGRAM_PAYMENT_PROVIDER_TOKEN: '', PAYMENT_CURRENCY: 'XTR' }, /^PAYMENT_STARS_PER_EUR:/],
      [{ PAYMENT_CURRENCY: 'euro' }, /^PAYMENT_CURRENCY: expected an ISO 4217 code/],
      [{ PAYMENT_MODE: 'free' }, /^PAYMENT_MODE: expected on-account, or unset/],
      [{ PAYMENT_STARS_PER_EUR: '-1' }, /^PAYMENT_STARS_PER_EUR: expected a positive number/],
    ])('refuses %j with one line naming the variable', (env, message) => {
      expect(() => parseConfig({ ...telegram, ...env })).toThrow(ConfigError);
      expect(() => parseConfig({ ...telegram, ...env })).toThrow(message);
    });
  });
});

describe('the metrics listener', () => {
  it('is on 127.0.0.1:9464 by default, never PORT, and takes 0 for any free port', () => {
    expect(parseConfig({}).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(() => parseConfig({ PORT: '9464' })).toThrow(
      new ConfigError('METRICS_PORT: expected a port other than PORT (metrics are never on PORT)'),
    );
    expect(parseConfig({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 0,
      host: '0.0.0.0',
    });
    expect(() => parseConfig({ METRICS_PORT: 'x' })).toThrow(
      new ConfigError('METRICS_PORT: expected a port number from 0 to 65535'),
    );
  });
});

describe('the limit per client address', () => {
  it('counts 60 a minute by the connection address by default, and reads its variables', () => {
    expect(parseConfig({}).addressLimit).toEqual({ points: 60, seconds: 60, proxyHops: 0 });
    expect(
      parseConfig({
        RATE_LIMIT_ADDRESS_REQUESTS: '200',
        RATE_LIMIT_ADDRESS_SECONDS: '10',
        TRUSTED_PROXY_HOPS: '1',
      }).addressLimit,
    ).toEqual({ points: 200, seconds: 10, proxyHops: 1 });
    expect(() => parseConfig({ RATE_LIMIT_ADDRESS_REQUESTS: '0' })).toThrow(
      /^RATE_LIMIT_ADDRESS_REQUESTS: expected a whole number of requests/,
    );
    expect(() => parseConfig({ TRUSTED_PROXY_HOPS: 'all' })).toThrow(
      /^TRUSTED_PROXY_HOPS: expected a whole number of proxies/,
    );
  });
});

describe('variables nobody reads', () => {
  it('are those with our prefixes the configuration does not know, each with the nearest', () => {
    expect(
      unknownVariables({
        TELEGRAM_TOKEN: '1:abc',
        SLACK_SIGNING_SECRT: 'x',
        PARTNER_API_URI: 'https://partner.example',
        PAYMENT_RETURN_SECRET_OLD: 'x',
        REDIS_HOST: 'localhost',
        TELEGRAM_BOT_TOKEN: '1:abc',
        // Other families are not ours to judge.
        HOME: '/root',
        NODE_ENV: 'production',
      }),
    ).toEqual([
      { name: 'PARTNER_API_URI', nearest: 'PARTNER_API_URL' },
      { name: 'PAYMENT_RETURN_SECRET_OLD', nearest: 'PAYMENT_RETURN_SECRET' },
      { name: 'REDIS_HOST', nearest: 'REDIS_URL' },
      { name: 'SLACK_SIGNING_SECRT', nearest: 'SLACK_SIGNING_SECRET' },
      { name: 'TELEGRAM_TOKEN', nearest: 'TELEGRAM_BOT_TOKEN' },
    ]);
    expect(parseConfig({ TELEGRAM_TOKEN: '1:abc' }).unknownVariables).toEqual([
      { name: 'TELEGRAM_TOKEN', nearest: 'TELEGRAM_BOT_TOKEN' },
    ]);
    expect(parseConfig({}).unknownVariables).toEqual([]);
  });
});

describe('LOG_LEVEL', () => {
  it('is a pino level, or unset for the mode to choose', () => {
    expect(parseConfig({}).logLevel).toBeUndefined();
    expect(parseConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => parseConfig({ LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent',
    );
  });
});

describe('PAYMENT_RETURN_SECRET_PREVIOUS', () => {
  it('is the key before the current one, a secret of 32 characters or more', () => {
    const config = parseConfig({
      PAYMENT_RETURN_SECRET: 'the-new-key-of-at-least-32-characters!',
      PAYMENT_RETURN_SECRET_PREVIOUS: 'the-old-key-of-at-least-32-characters!',
    });
    expect(config.payments.returnSecret).toBe('the-new-key-of-at-least-32-characters!');
    expect(config.payments.previousReturnSecret).toBe('the-old-key-of-at-least-32-characters!');
    expect(config.secrets).toContain('the-old-key-of-at-least-32-characters!');
    expect(SECRET_VARIABLES).toContain('PAYMENT_RETURN_SECRET_PREVIOUS');
    expect(() => parseConfig({ PAYMENT_RETURN_SECRET_PREVIOUS: 'short' })).toThrow(
      'PAYMENT_RETURN_SECRET_PREVIOUS: expected at least 32 characters (or unset)',
    );
  });
});

describe("README's configuration table", () => {
  it('names every variable the configuration reads, and no other', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const section = readme.split(/^## Configuration$/m)[1]!.split(/^## /m)[0]!;
    const named = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
        .map((match) => match[1]!),
    );
    expect([...named].sort()).toEqual([...KNOWN_VARIABLES].sort());
  });
});
