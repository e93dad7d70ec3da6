/**
 * `npm run bench`: runs the benchmark (see bench/config.ts for the sizes, and
 * docs/bench.md for what is measured and how), prints the tables on stdout and writes
 * every figure to bench/results.json. Progress goes to stderr.
 */
import { writeFileSync } from 'node:fs';
import { benchConfig } from './config.js';
import { LOG_DIR } from './processes.js';
import { renderReport } from './report.js';
import { roundAll } from './stats.js';
import { runBench } from './suite.js';

const config = benchConfig();
const started = Date.now();
const progress = (line: string) =>
  console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

try {
  const results = await runBench(config, progress);
  writeFileSync(config.results, `${JSON.stringify(roundAll(results), null, 2)}\n`);
  console.log(renderReport(results));
  progress(`done; figures in ${config.results}`);
} catch (error) {
  console.error(error);
  console.error(`The bench failed; the processes' logs are in ${LOG_DIR}.`);
  process.exitCode = 1;
}
