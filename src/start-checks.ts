/**
 * What is checked as the process starts. Failures an operator can fix are each said in
 * one line naming the cause (the variable to look at), never a stack trace: Redis out of
 * reach, a port in use or not ours to take (a bad value is config.ts's). Anything else at
 * start is a fault of ours and keeps its stack. Variables that look meant for us but are
 * not read are said too.
 */
import { Cluster, Redis } from 'ioredis';
import type { UnknownVariable } from './config.js';
import type { Logger } from './log.js';
import { isCluster, clusterNode, type RedisTarget } from './store/redis-target.js';

export class StartFailure extends Error {
  override name = 'StartFailure';
}

/** How long the first connection to Redis may take before the start gives up. */
const REDIS_CONNECT_TIMEOUT_MS = 10_000;

/** Where a target points, without the password a URL may hold. */
function redisWhere(target: RedisTarget): string {
  if (isCluster(target)) return `the cluster nodes ${target.cluster.join(', ')}`;
  const url = new URL(target);
  return url.protocol === 'unix:' ? url.pathname : `${url.hostname}:${url.port || '6379'}`;
}

/**
 * Connects to Redis once and pings it, without retrying: the store's own clients retry
 * for ever, which at start would hide a wrong REDIS_URL behind endless error output.
 */
export async function checkRedis(target: RedisTarget): Promise<void> {
  const variable = isCluster(target) ? 'REDIS_CLUSTER_NODES' : 'REDIS_URL';
  const options = {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  };
  const client = isCluster(target)
    ? new Cluster(target.cluster.map(clusterNode), {
        lazyConnect: true,
        clusterRetryStrategy: () => null,
        redisOptions: options,
      })
    : new Redis(target, options);
  let cause: unknown;
  // Without a listener ioredis prints each error, stack and all.
  client.on('error', (error: unknown) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const reason = reasonOf(cause ?? error);
    throw new StartFailure(
      `${variable}: Redis at ${redisWhere(target)} is unreachable (${reason})`,
    );
  } finally {
    client.disconnect();
  }
}

/** An error's code, or its message's first line. */
function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ?? error.message.split('\n')[0]!;
  }
  return String(error);
}

/**
 * The one line for a listener that could not open: which variable names the port (or the
 * host), and why. Undefined for any other error.
 */
export function listenFailure(
  variable: 'PORT' | 'METRICS_PORT',
  port: number,
  error: unknown,
): StartFailure | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return new StartFailure(`${variable}: port ${port} is in use by another process`);
  if (code === 'EACCES')
    return new StartFailure(`${variable}: port ${port} needs privileges this process lacks`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    const host = variable === 'METRICS_PORT' ? 'METRICS_HOST' : variable;
    return new StartFailure(`${host}: no address of this machine to listen on (${code})`);
  }
  return undefined;
}

/**
 * For a start step's `.catch`: a StartFailure (or an error `explain` turns into one) is
 * logged as one fatal line and ends the process with status 1 (nothing is serving yet,
 * so nothing is lost). Any other error is thrown on as it was.
 */
export function startFailed(
  logger: Logger,
  explain: (error: unknown) => StartFailure | undefined = () => undefined,
): (error: unknown) => never {
  return (error) => {
    const failure = error instanceof StartFailure ? error : explain(error);
    if (!failure) throw error;
    logger.fatal(failure.message);
    process.exit(1);
  };
}

/** `startFailed` for a listener on the port that `variable` names. */
export const listenFailed = (logger: Logger, variable: 'PORT' | 'METRICS_PORT', port: number) =>
  startFailed(logger, (error) => listenFailure(variable, port, error));

/**
 * One warning per variable set with our prefixes that nothing reads, naming the nearest
 * known one. Said even where the mode's default level is quieter (the terminal chat):
 * such a typo is why the bot runs without the channel it was given.
 */
export function warnUnknownVariables(
  unknown: readonly UnknownVariable[],
  logger: Logger,
  levelChosen: boolean,
): void {
  const out =
    levelChosen || logger.isLevelEnabled('warn') ? logger : logger.child({}, { level: 'warn' });
  for (const { name, nearest } of unknown)
    out.warn(
      { variable: name, nearest },
      `${name} is not a variable the bot reads, so it is ignored; the nearest known name is ${nearest}`,
    );
}
