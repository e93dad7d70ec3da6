/**
 * `npm run journeys`: scripted customers through the JSON-lines chat against the built-in
 * sandbox, with the clock pinned (the tests' instant) so that every run sees the same
 * catalog and dates. Prints turns per journey and questions asked twice; writes
 * journeys/results.json. Figures, not pass/fail.
 */
import { writeFile } from 'node:fs/promises';
import { startChat, type Chat } from '#test/support/chat.js';
import type { Trace } from './journey.js';
import { runJourney, type JourneyResult } from './report.js';
import { journeys } from './journeys.js';

const args = process.argv.slice(2);
/** `--trace`: every view's first line and the customer's input, on stderr. */
const trace: Trace | undefined = args.includes('--trace')
  ? (view, input) => {
      const what =
        input.kind === 'choose'
          ? `tap ${input.id}`
          : input.kind === 'text'
            ? `say "${input.text}"`
            : input.kind;
      process.stderr.write(`  ${view.text.split('\n')[0]}\n    → ${what}\n`);
    }
  : undefined;
/** `--only <words>`: the journeys whose name contains them. */
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]?.toLowerCase() : undefined;

async function main(): Promise<void> {
  const results: JourneyResult[] = [];
  for (const plan of journeys) {
    if (only && !plan.name.toLowerCase().includes(only)) continue;
    results.push(await runJourney(plan, openChat, trace));
  }
  const table = formatTable(results);
  process.stdout.write(`${table}\n`);
  await writeFile(
    new URL('./results.json', import.meta.url),
    `${JSON.stringify({ results }, null, 2)}\n`,
  );
}

async function openChat(language: 'es' | 'en', debit: boolean): Promise<Chat> {
  // Sold on account: the journeys measure the way to the payment step, not the payment;
  // a debit partner's journey (nothing to pay) goes to the tickets.
  const chat = await startChat({ env: { PARTNER_LANGUAGE: language, PAYMENT_MODE: 'on-account' } });
  if (debit) await chat.sandbox.extra('reset', { options: { debitPartner: true } });
  await chat.start();
  return chat;
}

function formatTable(results: JourneyResult[]): string {
  const rows = results.flatMap((result) =>
    result.legs
      .filter((leg) => leg.counted)
      .map((leg) => [
        `${result.name} (${leg.label})`,
        leg.reached ? String(leg.turns) : `not reached after ${leg.turns}: ${leg.stuckAt ?? ''}`,
        leg.target === undefined ? '' : `≤ ${leg.target}`,
        String(leg.repeats),
      ]),
  );
  const header = ['Journey', 'Turns', 'Target', 'Asked twice'];
  const lines = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`);
  return lines.join('\n');
}

await main();
