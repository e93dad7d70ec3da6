/**
 * Where partner calls go: PARTNER_API_URL when set; otherwise the sandbox, started
 * in-process on a free loopback port (the embedded default).
 */
import type { Config } from '../config.js';

export interface PartnerTarget {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startPartnerTarget(config: Config): Promise<PartnerTarget> {
  if (config.partner.baseUrl) return { baseUrl: config.partner.baseUrl, close: async () => {} };
  throw new Error('PARTNER_API_URL is not set and the sandbox is not built yet');
}
