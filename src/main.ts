/**
 * `npm start`: runs every configured channel. With no channel configured, a terminal chat
 * against the in-process sandbox; `npm start -- --jsonl` speaks JSON lines instead.
 */
import { parseArgs } from 'node:util';
import { createApp } from './app.js';
import { runJsonl } from './channels/console/jsonl.js';
import { runTerminal } from './channels/console/terminal.js';
import { loadConfig } from './config.js';
import { BusyError } from './conversation/engine.js';
import { createLogger } from './log.js';

const { values } = parseArgs({
  options: {
    jsonl: { type: 'boolean', default: false },
    conversation: { type: 'string', default: 'console:local' },
  },
});

const config = loadConfig();
const logger = createLogger({ level: process.env.LOG_LEVEL ?? (values.jsonl ? 'warn' : 'error') });
const app = await createApp(config, logger);

const onError = (error: unknown): string => {
  if (error instanceof BusyError) return error.message;
  logger.error({ err: error }, 'turn failed');
  return 'Something went wrong on our side; nothing was lost. Please try again.';
};

const shutdown = async (): Promise<void> => {
  await app.close();
};
process.once('SIGTERM', () => void shutdown().then(() => process.exit(0)));

const io = {
  engine: app.engine,
  conversationId: values.conversation,
  input: process.stdin,
  output: process.stdout,
  onError,
};
if (values.jsonl) await runJsonl(io);
else await runTerminal(io);
await shutdown();
