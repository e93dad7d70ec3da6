/**
 * The start's checks, one module at a time: which listener errors become one line naming
 * their variable, and the unknown-variable warning at every level a mode may choose.
 */
import { Writable } from 'node:stream';
import { createServer } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { createLogger } from '#src/log.js';
import {
  checkRedis,
  listenFailure,
  StartFailure,
  warnUnknownVariables,
} from '#src/start-checks.js';

const failed = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe('Redis at start', () => {
  it('passes when the server or the cluster answers', async () => {
    await expect(checkRedis(inject('redisUrl'))).resolves.toBeUndefined();
    await expect(checkRedis({ cluster: inject('redisCluster') })).resolves.toBeUndefined();
  });

  it('fails with one line naming the variable when nothing answers as Redis', async () => {
    // A listener that hangs up on every connection.
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as { port: number };
    try {
      const single = checkRedis(`redis://:secret@127.0.0.1:${port}`);
      await expect(single).rejects.toBeInstanceOf(StartFailure);
      await expect(single).rejects.toThrow(
        new RegExp(`^REDIS_URL: Redis at 127\\.0\\.0\\.1:${port} is unreachable \\([^\\n]+\\)$`),
      );
      await expect(checkRedis({ cluster: [`127.0.0.1:${port}`] })).rejects.toThrow(
        /^REDIS_CLUSTER_NODES: Redis at the cluster nodes 127\.0\.0\.1:\d+ is unreachable/,
      );
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});

describe('a listener that cannot open', () => {
  it('names the variable to change, and why', () => {
    expect(listenFailure('PORT', 3000, failed('EADDRINUSE'))?.message).toBe(
      'PORT: port 3000 is in use by another process',
    );
    expect(listenFailure('PORT', 80, failed('EACCES'))?.message).toBe(
      'PORT: port 80 needs privileges this process lacks',
    );
    expect(listenFailure('METRICS_PORT', 9464, failed('EADDRNOTAVAIL'))?.message).toBe(
      'METRICS_HOST: no address of this machine to listen on (EADDRNOTAVAIL)',
    );
  });

  it('leaves any other error as it is', () => {
    expect(listenFailure('PORT', 3000, new TypeError('a bug'))).toBeUndefined();
    expect(listenFailure('PORT', 3000, undefined)).toBeUndefined();
  });
});

describe('the unknown-variable warning', () => {
  const unknown = [{ name: 'TELEGRAM_TOKEN', nearest: 'TELEGRAM_BOT_TOKEN' }];
  const written = (level: string, levelChosen: boolean): Record<string, unknown>[] => {
    const lines: Record<string, unknown>[] = [];
    // Written as pino writes: synchronously, so the lines are here when the call returns.
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    warnUnknownVariables(unknown, createLogger({ level, destination }), levelChosen);
    return lines;
  };

  it("is said under a mode's quieter default level (the terminal chat's error)", () => {
    expect(written('error', false)).toEqual([
      expect.objectContaining({
        level: 40,
        variable: 'TELEGRAM_TOKEN',
        nearest: 'TELEGRAM_BOT_TOKEN',
        msg: 'TELEGRAM_TOKEN is not a variable the bot reads, so it is ignored; the nearest known name is TELEGRAM_BOT_TOKEN',
      }),
    ]);
    expect(written('info', false)).toHaveLength(1);
  });

  it('is not said when LOG_LEVEL itself asks for less than warnings', () => {
    expect(written('error', true)).toEqual([]);
  });
});
