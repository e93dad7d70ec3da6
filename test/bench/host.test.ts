import { describe, expect, it } from 'vitest';
import { parseProcStat } from '#bench/host.js';

describe('parseProcStat', () => {
  it('counts every field but idle and iowait as busy', () => {
    const text = [
      'cpu  100 5 50 800 20 3 2 0 0 0',
      'cpu0 50 2 25 400 10 1 1 0 0 0',
      'intr 12345',
    ].join('\n');
    expect(parseProcStat(text)).toEqual({ busy: 160, total: 980 });
  });

  it('reads nothing from a file without the aggregate line', () => {
    expect(parseProcStat('cpu0 1 2 3 4 5\nintr 1')).toBeUndefined();
    expect(parseProcStat('cpu  a b c d e')).toBeUndefined();
  });
});
