/**
 * Starts the sandbox: in-process (for `npm start` with no PARTNER_API_URL, and for
 * tests) or alone (`npm run sandbox`). Listens on loopback only.
 */
import type { AddressInfo } from 'node:net';
import type { IsoDate } from '#src/api/schema.js';
import { localNow } from '#src/domain/time.js';
import { silentLogger, type Logger } from '#src/log.js';
import { handlePaymentRoute } from './cart/payment-page.js';
import { createClock, type Clock } from './clock.js';
import { defaultSandboxOptions, type SandboxContext, type SandboxOptions } from './context.js';
import { loadSandboxData } from './data.js';
import { createExtras } from './extras.js';
import { createFaults, type Faults } from './faults.js';
import { handlers } from './handlers/index.js';
import { createLatency, seededRandom, type LatencyProfile } from './latency.js';
import { createSandboxServer } from './server.js';
import { createState } from './state.js';

export interface StartSandboxOptions extends Partial<SandboxOptions> {
  /** 0 or absent: a free port. */
  port?: number;
  host?: string;
  logger?: Logger;
  /**
   * The instant the sandbox's clock starts at, and goes back to on reset (tests pin
   * "now" with it); absent: the real time.
   */
  clockStart?: Date;
  /** Each call answered after a delay drawn from this profile (latency.ts); absent: at once. */
  latency?: LatencyProfile;
  /** Seeds the delays' draws: the same seed, the same delays (absent: Math.random). */
  latencySeed?: number;
  /** Awaited as each call arrives, before it is worked on (tests that hold calls). */
  arriving?: (operation: string) => Promise<void>;
}

export interface Sandbox {
  /** Base URL of the partner API, e.g. http://127.0.0.1:8787 */
  readonly url: string;
  readonly clock: Clock;
  readonly faults: Faults;
  context(): SandboxContext;
  close(): Promise<void>;
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<Sandbox> {
  const {
    port = 0,
    host = '127.0.0.1',
    logger = silentLogger,
    clockStart,
    latency,
    latencySeed,
    arriving,
    ...overrides
  } = options;
  const clock = createClock(clockStart);
  const faults = createFaults();
  const stats = new Map<string, number>();
  const base: SandboxOptions = { ...defaultSandboxOptions, ...overrides };
  let baseUrl = '';
  let context: SandboxContext;

  const build = (sandboxOptions: SandboxOptions): SandboxContext => {
    const today = localNow('Europe/Madrid', clock.now()).slice(0, 10) as IsoDate;
    const data = loadSandboxData({
      today,
      defaultLanguage: sandboxOptions.language,
      generatedProducts: sandboxOptions.generatedProducts,
    });
    return { options: sandboxOptions, clock, data, state: createState(data, clock), baseUrl };
  };
  context = build(base);

  const server = createSandboxServer({
    context: () => context,
    handlers,
    faults,
    stats,
    logger,
    ...(latency
      ? {
          latency: createLatency(
            latency,
            latencySeed === undefined ? undefined : seededRandom(latencySeed),
          ),
        }
      : {}),
    ...(arriving ? { arriving } : {}),
    extras: createExtras({
      clock,
      faults,
      stats,
      context: () => context,
      reset(changes) {
        faults.clear();
        stats.clear();
        clock.reset();
        context = build({ ...context.options, ...changes });
      },
      payment: handlePaymentRoute,
    }),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${host}:${address.port}`;
  context = { ...context, baseUrl };

  return {
    url: baseUrl,
    clock,
    faults,
    context: () => context,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
