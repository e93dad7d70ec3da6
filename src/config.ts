/**
 * The process configuration: every variable of design.md, read from the environment
 * (and `.env` when present), validated once at start. A bad value stops the process
 * with one line naming the variable and what it expects.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { distance } from '#src/domain/edit-distance.js';
import { HoursError, parseHours, type SupportHours } from './conversation/handoff/hours.js';
import type { RedisTarget } from './store/redis-target.js';

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );

const port = z.coerce
  .number({ error: 'a port number from 1 to 65535' })
  .int('a port number from 1 to 65535')
  .min(1, 'a port number from 1 to 65535')
  .max(65535, 'a port number from 1 to 65535');

const url = z.url({ error: 'an absolute http(s) URL' });
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));
const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value))
  .pipe(url.optional());

const schema = z.object({
  PARTNER_API_URL: optionalUrl,
  PARTNER_API_KEY: optionalText,
  PARTNER_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2}$/, 'a two-letter ISO 639-1 code such as es or en')
    .default('es'),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(rediss?|unix):\/\//, 'a redis://, rediss:// or unix:// URL')
      .optional(),
  ),
  REDIS_CLUSTER_NODES: commaList.pipe(
    z.array(
      z
        .string()
        .regex(
          /^[^\s:]+:\d{1,5}$/,
          'a comma list of host:port, such as 10.0.0.1:7000,10.0.0.2:7000',
        ),
    ),
  ),
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_API_ROOT: url.default('https://api.telegram.org'),
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, '1 to 256 characters of A-Z, a-z, 0-9, _ and -')
      .optional(),
  ),
  /** Polling mode deletes a webhook found set (another instance's) instead of refusing to start. */
  TELEGRAM_DELETE_WEBHOOK: optionalText.pipe(z.enum(['1'], { error: '1, or unset' }).optional()),
  /** `off`: outgoing calls are not held to Telegram's limits (a local Bot API, the bench). */
  TELEGRAM_THROTTLE: optionalText.pipe(z.enum(['off'], { error: 'off, or unset' }).optional()),
  // Unset and empty differ: empty (with PAYMENT_CURRENCY=XTR) means Telegram Stars.
  TELEGRAM_PAYMENT_PROVIDER_TOKEN: z.string().optional(),
  PAYMENT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR, or XTR for Telegram Stars')
    .default('EUR'),
  PAYMENT_MODE: optionalText.pipe(
    z.enum(['on-account'], { error: 'on-account, or unset' }).optional(),
  ),
  PAYMENT_STARS_PER_EUR: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'a positive number of stars per euro' })
      .positive('a positive number of stars per euro')
      .optional(),
  ),
  // Signs the debit partners' return-URL tokens; unset: one is generated and kept in the store.
  PAYMENT_RETURN_SECRET: optionalText.pipe(
    z.string().min(32, 'at least 32 characters (or unset to have one generated)').optional(),
  ),
  // The key before the current one, while rotating: its tokens still verify, none is made.
  PAYMENT_RETURN_SECRET_PREVIOUS: optionalText.pipe(
    z.string().min(32, 'at least 32 characters (or unset)').optional(),
  ),
  SLACK_BOT_TOKEN: optionalText,
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_APP_TOKEN: optionalText,
  SLACK_API_URL: url.default('https://slack.com/api/'),
  SLACK_STAFF_USERS: commaList,
  SLACK_STAFF_CHANNELS: commaList,
  /** The workspaces whose requests are answered; empty: the bot token's own. */
  SLACK_TEAM_ID: commaList.pipe(
    z.array(z.string().regex(/^[TE][A-Z0-9]{2,}$/, 'Slack workspace ids such as T012ABCDEF')),
  ),
  SLACK_ALERTS_CHANNEL: optionalText,
  SLACK_SALES_CHANNEL: optionalText,
  SLACK_SUPPORT_CHANNEL: optionalText,
  /** The hour (0-23, the service's time) of the day's summary; unset: none. */
  SLACK_DAILY_SUMMARY_HOUR: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'an hour from 0 to 23 (or unset)' })
      .int('an hour from 0 to 23 (or unset)')
      .min(0, 'an hour from 0 to 23 (or unset)')
      .max(23, 'an hour from 0 to 23 (or unset)')
      .optional(),
  ),
  SUPPORT_HOURS: z.string().default('always'),
  SUPPORT_TIMEOUT_MINUTES: z.coerce
    .number({ error: 'a whole number of minutes from 1 to 1440' })
    .int('a whole number of minutes from 1 to 1440')
    .min(1, 'a whole number of minutes from 1 to 1440')
    .max(1440, 'a whole number of minutes from 1 to 1440')
    .default(15),
  PUBLIC_URL: optionalUrl,
  PORT: port.default(3000),
  /** 0: any free port (tests running several bots side by side). */
  METRICS_PORT: z.coerce
    .number({ error: 'a port number from 0 to 65535' })
    .int('a port number from 0 to 65535')
    .min(0, 'a port number from 0 to 65535')
    .max(65535, 'a port number from 0 to 65535')
    .default(9464),
  METRICS_HOST: z.string().trim().min(1, 'a host name or address').default('127.0.0.1'),
  SANDBOX_PORT: port.default(8787),
  SANDBOX_API_KEY: z.string().min(1, 'a non-empty key').default('sandbox-key'),
  /** The sandbox's delay per call (src/sandbox/latency.ts reads it); off: answered at once. */
  SANDBOX_LATENCY: z
    .string()
    .trim()
    .regex(
      /^(|off|realistic|(reads|writes)=\d+\/\d+(,(reads|writes)=\d+\/\d+)?)$/i,
      'off, realistic, or p50/p95 in ms such as reads=150/600,writes=400/1200',
    )
    .default('off'),
  CLOCK_START: optionalText.pipe(
    z.iso
      .datetime({ offset: true, error: 'an ISO instant such as 2026-11-24T22:30:00Z' })
      .optional(),
  ),
  DATA_TTL_HOURS: z.coerce
    .number({ error: 'a number of hours from 1 to 720' })
    .min(1, 'a number of hours from 1 to 720')
    .max(720, 'a number of hours from 1 to 720')
    .default(72),
  LIVE_CONVERSATIONS: z.coerce
    .number({ error: 'a whole number of conversations from 0 to 100000' })
    .int('a whole number of conversations from 0 to 100000')
    .min(0, 'a whole number of conversations from 0 to 100000')
    .max(100_000, 'a whole number of conversations from 0 to 100000')
    .default(1_000),
  RATE_LIMIT_CHAT_MESSAGES: z.coerce
    .number({ error: 'a whole number of messages from 1 to 1000' })
    .int('a whole number of messages from 1 to 1000')
    .min(1, 'a whole number of messages from 1 to 1000')
    .max(1000, 'a whole number of messages from 1 to 1000')
    .default(20),
  RATE_LIMIT_CHAT_SECONDS: z.coerce
    .number({ error: 'a whole number of seconds from 1 to 3600' })
    .int('a whole number of seconds from 1 to 3600')
    .min(1, 'a whole number of seconds from 1 to 3600')
    .max(3600, 'a whole number of seconds from 1 to 3600')
    .default(10),
  RATE_LIMIT_ADDRESS_REQUESTS: z.coerce
    .number({ error: 'a whole number of requests from 1 to 100000' })
    .int('a whole number of requests from 1 to 100000')
    .min(1, 'a whole number of requests from 1 to 100000')
    .max(100_000, 'a whole number of requests from 1 to 100000')
    .default(60),
  RATE_LIMIT_ADDRESS_SECONDS: z.coerce
    .number({ error: 'a whole number of seconds from 1 to 3600' })
    .int('a whole number of seconds from 1 to 3600')
    .min(1, 'a whole number of seconds from 1 to 3600')
    .max(3600, 'a whole number of seconds from 1 to 3600')
    .default(60),
  TRUSTED_PROXY_HOPS: z.coerce
    .number({ error: 'a whole number of proxies from 0 to 10' })
    .int('a whole number of proxies from 0 to 10')
    .min(0, 'a whole number of proxies from 0 to 10')
    .max(10, 'a whole number of proxies from 0 to 10')
    .default(0),
  LOG_LEVEL: optionalText.pipe(
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
  ),
  // Read where every log line is made (log.ts, processFields); named here so that the
  // configuration lists every variable the process reads.
  INSTANCE_ID: optionalText,
  GIT_SHA: optionalText,
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'a whole number of seconds from 1 to 600' })
    .int('a whole number of seconds from 1 to 600')
    .min(1, 'a whole number of seconds from 1 to 600')
    .max(600, 'a whole number of seconds from 1 to 600')
    .default(10),
  CUSTOMER_TTL_DAYS: z.coerce
    .number({ error: 'a whole number of days from 1 to 3650' })
    .int('a whole number of days from 1 to 3650')
    .min(1, 'a whole number of days from 1 to 3650')
    .max(3650, 'a whole number of days from 1 to 3650')
    .default(365),
});

/**
 * Every variable whose value must never reach a log line: the logger masks each value
 * wherever it appears. A new secret variable is one more name here. Names read from the
 * raw environment, so a listed variable is masked even before the schema knows it.
 */
export const SECRET_VARIABLES = [
  'PARTNER_API_KEY',
  'SANDBOX_API_KEY',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_WEBHOOK_SECRET',
  'TELEGRAM_PAYMENT_PROVIDER_TOKEN',
  'SLACK_BOT_TOKEN',
  'SLACK_SIGNING_SECRET',
  'SLACK_APP_TOKEN',
  'PAYMENT_RETURN_SECRET',
  'PAYMENT_RETURN_SECRET_PREVIOUS',
] as const;

/** Every variable the configuration reads. */
export const KNOWN_VARIABLES: readonly string[] = Object.keys(schema.shape);

/** Prefixes of the configuration's families: a name with one of them is meant for us. */
const OUR_PREFIXES = ['TELEGRAM_', 'SLACK_', 'PARTNER_', 'PAYMENT_', 'REDIS_'];

export interface UnknownVariable {
  name: string;
  /** The known variable of the same family whose name is the fewest edits away. */
  nearest: string;
}

/**
 * Variables set with one of our prefixes that the configuration does not read: a typo
 * such as TELEGRAM_TOKEN would otherwise be ignored without a word.
 */
export function unknownVariables(env: Record<string, string | undefined>): UnknownVariable[] {
  const unknown: UnknownVariable[] = [];
  for (const name of Object.keys(env).sort()) {
    const prefix = OUR_PREFIXES.find((candidate) => name.startsWith(candidate));
    if (prefix === undefined || KNOWN_VARIABLES.includes(name)) continue;
    let nearest = '';
    let best = Infinity;
    for (const known of KNOWN_VARIABLES.filter((candidate) => candidate.startsWith(prefix))) {
      const edits = distance(name, known, Math.max(name.length, known.length));
      if (edits < best) [nearest, best] = [known, edits];
    }
    unknown.push({ name, nearest });
  }
  return unknown;
}

/** The values of the secret variables set in an environment. */
export function secretValues(env: Record<string, string | undefined>): string[] {
  return SECRET_VARIABLES.map((name) => env[name]?.trim() ?? '').filter((value) => value !== '');
}

export type Config = ReturnType<typeof toConfig> & {
  /** Values the logger must mask (`secretValues`). */
  secrets: string[];
  /** Set with our prefixes but not read: reported at start (`unknownVariables`). */
  unknownVariables: UnknownVariable[];
};

/** A cluster's nodes, when set, instead of REDIS_URL's one server. */
function redisTarget(env: z.output<typeof schema>): RedisTarget | undefined {
  return env.REDIS_CLUSTER_NODES.length > 0 ? { cluster: env.REDIS_CLUSTER_NODES } : env.REDIS_URL;
}

function toConfig(env: z.output<typeof schema>, hours: SupportHours) {
  return {
    partner: {
      /** Unset: the bot starts the sandbox in-process and talks to it. */
      baseUrl: env.PARTNER_API_URL,
      apiKey: env.PARTNER_API_KEY ?? env.SANDBOX_API_KEY,
      language: env.PARTNER_LANGUAGE,
    },
    /** Unset: the in-memory store and scheduler (one process only). */
    redis: redisTarget(env),
    telegram: env.TELEGRAM_BOT_TOKEN
      ? {
          token: env.TELEGRAM_BOT_TOKEN,
          apiRoot: env.TELEGRAM_API_ROOT,
          webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
          /** Polling mode: delete a webhook found set rather than refuse to start. */
          ...(env.TELEGRAM_DELETE_WEBHOOK === '1' ? { deleteWebhook: true } : {}),
          /** Outgoing calls not held to Telegram's limits (a local Bot API that has none). */
          ...(env.TELEGRAM_THROTTLE === 'off' ? { unthrottled: true } : {}),
          /** Messages and taps a chat may send per window; more are skipped, said once. */
          chatLimit: { points: env.RATE_LIMIT_CHAT_MESSAGES, seconds: env.RATE_LIMIT_CHAT_SECONDS },
          /** Telegram Payments: the provider token ('' for Stars); unset: no payments. */
          ...(env.TELEGRAM_PAYMENT_PROVIDER_TOKEN !== undefined
            ? { paymentProviderToken: env.TELEGRAM_PAYMENT_PROVIDER_TOKEN }
            : {}),
        }
      : undefined,
    slack:
      env.SLACK_BOT_TOKEN && env.SLACK_SIGNING_SECRET
        ? {
            botToken: env.SLACK_BOT_TOKEN,
            signingSecret: env.SLACK_SIGNING_SECRET,
            appToken: env.SLACK_APP_TOKEN,
            apiUrl: env.SLACK_API_URL,
            staffUsers: env.SLACK_STAFF_USERS,
            staffChannels: env.SLACK_STAFF_CHANNELS,
            /** Requests from other workspaces are refused; empty: the token's workspace. */
            teamIds: env.SLACK_TEAM_ID,
            alertsChannel: env.SLACK_ALERTS_CHANNEL,
            /** The confirmed sales' feed, apart from the failures; unset: the alerts channel. */
            salesChannel: env.SLACK_SALES_CHANNEL,
            /** The day's figures, in the sales channel at this hour (Madrid); unset: none. */
            dailySummaryHour: env.SLACK_DAILY_SUMMARY_HOUR,
          }
        : undefined,
    /**
     * Handing a conversation to a person: the Slack channel its threads open in,
     * when staff answer, and how long before the customer is offered the bot back. Unset
     * without SLACK_SUPPORT_CHANNEL (or without Slack): asking for a person is answered
     * that nobody can be reached here.
     */
    support:
      env.SLACK_SUPPORT_CHANNEL && env.SLACK_BOT_TOKEN && env.SLACK_SIGNING_SECRET
        ? {
            channel: env.SLACK_SUPPORT_CHANNEL,
            hours,
            timeoutMinutes: env.SUPPORT_TIMEOUT_MINUTES,
          }
        : undefined,
    payments: {
      /** Invoices' currency; XTR is Telegram Stars (converted at starsPerEur). */
      currency: env.PAYMENT_CURRENCY,
      starsPerEur: env.PAYMENT_STARS_PER_EUR,
      /** Sell without taking payment, on purpose (partners who bill their customers elsewhere). */
      onAccount: env.PAYMENT_MODE === 'on-account',
      /** Signs the payment page's return tokens (return-token.ts); unset: kept in the store. */
      returnSecret: env.PAYMENT_RETURN_SECRET,
      /** The key before it: tokens it signed (payments in flight) still verify. */
      previousReturnSecret: env.PAYMENT_RETURN_SECRET_PREVIOUS,
    },
    publicUrl: env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`,
    port: env.PORT,
    /**
     * The public server's limit per client address: refused requests and payment returns
     * count (server.ts, AddressLimit); webhooks that passed their check never do.
     */
    addressLimit: {
      points: env.RATE_LIMIT_ADDRESS_REQUESTS,
      seconds: env.RATE_LIMIT_ADDRESS_SECONDS,
      proxyHops: env.TRUSTED_PROXY_HOPS,
    },
    /** /metrics and the detailed health: a listener of their own, never on PORT. */
    metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST },
    sandbox: { port: env.SANDBOX_PORT, apiKey: env.SANDBOX_API_KEY, latency: env.SANDBOX_LATENCY },
    /**
     * For tests and demos only: the bot's clock (and the built-in sandbox's) starts at
     * this instant and runs on from there. Unset: the real time.
     */
    clockStart: env.CLOCK_START === undefined ? undefined : new Date(env.CLOCK_START),
    /** How long an idle conversation (and the personal data in it) is kept. */
    dataTtlSeconds: Math.round(env.DATA_TTL_HOURS * 3600),
    /** Conversations whose running actor a process keeps between turns (0: none). */
    liveConversations: env.LIVE_CONVERSATIONS,
    /** How long a stop waits for turns in flight before the process exits anyway. */
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    /** How long a customer's details are remembered, with their consent. */
    customerTtlSeconds: env.CUSTOMER_TTL_DAYS * 86_400,
    /** The logs' level; unset: main.ts picks one for the mode it runs in. */
    logLevel: env.LOG_LEVEL,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment; throws a ConfigError whose message is one line. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue?.path[0] ?? 'configuration';
    throw new ConfigError(`${String(variable)}: expected ${issue?.message ?? 'a valid value'}`);
  }
  const { SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET } = result.data;
  if (Boolean(SLACK_BOT_TOKEN) !== Boolean(SLACK_SIGNING_SECRET)) {
    const missing = SLACK_BOT_TOKEN ? 'SLACK_SIGNING_SECRET' : 'SLACK_BOT_TOKEN';
    throw new ConfigError(`${missing}: expected a value, since the other Slack variable is set`);
  }
  const {
    TELEGRAM_PAYMENT_PROVIDER_TOKEN: token,
    PAYMENT_CURRENCY,
    PAYMENT_STARS_PER_EUR,
  } = result.data;
  const stars = PAYMENT_CURRENCY === 'XTR';
  if (token !== undefined && token.trim() === '' && !stars) {
    throw new ConfigError(
      'TELEGRAM_PAYMENT_PROVIDER_TOKEN: expected the payment provider token from BotFather (empty only with PAYMENT_CURRENCY=XTR, Telegram Stars)',
    );
  }
  if (token !== undefined && token.trim() !== '' && stars) {
    throw new ConfigError(
      'TELEGRAM_PAYMENT_PROVIDER_TOKEN: expected an empty value with PAYMENT_CURRENCY=XTR (Stars take no provider token)',
    );
  }
  if (stars && PAYMENT_STARS_PER_EUR === undefined) {
    throw new ConfigError(
      'PAYMENT_STARS_PER_EUR: expected how many stars one euro is, since PAYMENT_CURRENCY is XTR',
    );
  }
  if (result.data.METRICS_PORT === result.data.PORT)
    throw new ConfigError(
      'METRICS_PORT: expected a port other than PORT (metrics are never on PORT)',
    );
  let hours: SupportHours;
  try {
    hours = parseHours(result.data.SUPPORT_HOURS);
  } catch (error) {
    if (!(error instanceof HoursError)) throw error;
    throw new ConfigError(`SUPPORT_HOURS: expected ${error.message}`);
  }
  return {
    ...toConfig(result.data, hours),
    secrets: secretValues(env),
    unknownVariables: unknownVariables(env),
  };
}

/**
 * Reads `.env` (when present, without overriding the environment) and the process
 * environment. On a bad value prints one line and exits with status 2.
 */
export function loadConfig(envFile = '.env'): Config {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}
