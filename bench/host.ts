/**
 * The whole machine's CPU over a level, from /proc/stat (Linux): every process's share,
 * the bench's own (customers and the fake Bot API), the sandbox's and Redis's included.
 * It says whether a throughput figure is the bot's limit or the host's: with the host's
 * cores all busy, turns per second measure the machine, not the bot. Elsewhere than
 * Linux the reading is absent and the figures are left out.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

export interface HostReading {
  /** Jiffies busy (all but idle and iowait), summed over cores. */
  busy: number;
  /** All jiffies, summed over cores. */
  total: number;
  /** This process's CPU (user + system), in µs. */
  benchMicros: number;
}

export interface HostFigures {
  /** Share of all cores busy over the level (1: every core busy throughout). */
  busy: number;
  cores: number;
  /** The bench process's CPU ms per turn (its customers and the fake Bot API). */
  benchCpuMsPerTurn: number;
}

/** The aggregate `cpu` line's fields: user nice system idle iowait irq softirq steal. */
export function parseProcStat(text: string): { busy: number; total: number } | undefined {
  const line = text.split('\n').find((item) => item.startsWith('cpu '));
  if (!line) return undefined;
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 5 || fields.some((value) => !Number.isFinite(value))) return undefined;
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3]! + fields[4]!;
  return { busy: total - idle, total };
}

export function readHost(): HostReading | undefined {
  let stat: { busy: number; total: number } | undefined;
  try {
    stat = parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
  if (!stat) return undefined;
  const { user, system } = process.cpuUsage();
  return { ...stat, benchMicros: user + system };
}

export function hostSince(before: HostReading | undefined, turns: number): HostFigures | undefined {
  const after = readHost();
  if (!before || !after || after.total <= before.total) return undefined;
  return {
    busy: (after.busy - before.busy) / (after.total - before.total),
    cores: cpus().length,
    benchCpuMsPerTurn: turns > 0 ? (after.benchMicros - before.benchMicros) / 1000 / turns : NaN,
  };
}
