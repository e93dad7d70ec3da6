/**
 * The partner service (the sandbox) in a process of its own, so that its CPU does not
 * count as the bot's. argv[2]: how many generated products (0: the demo catalog);
 * argv[3]: its latency (SANDBOX_LATENCY's values; absent: none, whatever the
 * environment says). Tells the parent its URL once listening.
 */
import { startSandbox } from '#src/sandbox/index.js';
import { parseLatency } from '#src/sandbox/latency.js';

const products = Number(process.argv[2] ?? '0');
const latency = parseLatency(process.argv[3]);
const clockStart = process.env.CLOCK_START;
const sandbox = await startSandbox({
  language: 'en',
  // The tests pin "now" (CLOCK_START, as for the bot); the bench runs on real time.
  ...(clockStart ? { clockStart: new Date(clockStart) } : {}),
  ...(products > 0 ? { generatedProducts: products } : {}),
  // Seeded: two runs draw the same delays in the same order.
  ...(latency ? { latency, latencySeed: 1 } : {}),
});
// The catalog in English is built on its first request: build it now, off the clock.
sandbox.context().data.catalog('en');
process.send?.({ type: 'ready', url: sandbox.url });
process.on('message', (message: { type?: string }) => {
  if (message.type === 'stop') void sandbox.close().then(() => process.exit(0));
});
