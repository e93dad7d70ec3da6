/**
 * Where partner calls go: PARTNER_API_URL when set; otherwise the sandbox, started
 * in-process on a free loopback port (the embedded default). For the bot (`npm start`
 * with nothing configured) the embedded sandbox plays a partner with a debit contract,
 * so that a newcomer sees the whole path, the payment page included (a partner without
 * one needs a payment configured for the channel: see README, Configuration).
 */
import type { Config } from '#src/config.js';
import { silentLogger, type Logger } from '#src/log.js';
import { startSandbox } from '#src/sandbox/index.js';
import { parseLatency } from '#src/sandbox/latency.js';

export interface PartnerTarget {
  baseUrl: string;
  /** The built-in sandbox's clock, which the bot then shares (tests move it). */
  now?: () => Date;
  close(): Promise<void>;
}

export async function startPartnerTarget(
  config: Config,
  logger: Logger = silentLogger,
  embedded: { debitPartner?: boolean } = {},
): Promise<PartnerTarget> {
  if (config.partner.baseUrl) return { baseUrl: config.partner.baseUrl, close: async () => {} };
  const sandbox = await startSandbox({
    apiKey: config.partner.apiKey,
    language: config.partner.language === 'en' ? 'en' : 'es',
    debitPartner: embedded.debitPartner ?? false,
    logger,
    clockStart: config.clockStart,
    latency: parseLatency(config.sandbox.latency),
  });
  logger.info({ url: sandbox.url }, 'no PARTNER_API_URL: using the built-in sandbox');
  return { baseUrl: sandbox.url, now: () => sandbox.clock.now(), close: () => sandbox.close() };
}
