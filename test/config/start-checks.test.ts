/**
 * The start's checks, one module at a time: which listener errors become one line naming
 * their variable, and the unknown-variable warning at every level a mode may choose.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#src/log.js';
import { listenFailure, warnUnknownVariables } from '#src/start-checks.js';

const failed = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

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
