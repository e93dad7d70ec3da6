/** `npm run sandbox`: the partner-service simulator alone, on SANDBOX_PORT. */
import { loadConfig } from '#src/config.js';
import { createLogger } from '#src/log.js';
import { startSandbox } from './index.js';
import { parseLatency } from './latency.js';

const config = loadConfig();
const logger = createLogger({ secrets: config.secrets });
const sandbox = await startSandbox({
  port: config.sandbox.port,
  apiKey: config.sandbox.apiKey,
  language: config.partner.language === 'en' ? 'en' : 'es',
  logger,
  clockStart: config.clockStart,
  latency: parseLatency(config.sandbox.latency),
});
logger.info(
  { url: sandbox.url },
  `sandbox listening at ${sandbox.url} (Authorization: ApiKey <SANDBOX_API_KEY>)`,
);
const stop = (): void => {
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
