/** One journey run end to end: its legs in one chat, counted. */
import type { Chat } from '#test/support/chat.js';
import { runLeg, type LegResult, type Trace } from './journey.js';
import type { JourneyPlan } from './journeys.js';
import { RepeatCounter } from './meaning.js';

export interface JourneyResult {
  name: string;
  legs: (LegResult & {
    label: string;
    counted: boolean;
    target?: number;
    repeatedQuestions: string[];
  })[];
}

export async function runJourney(
  plan: JourneyPlan,
  open: (language: 'es' | 'en', debit: boolean) => Promise<Chat>,
  trace?: Trace,
): Promise<JourneyResult> {
  const chat = await open(plan.language, plan.debit ?? false);
  const legs: JourneyResult['legs'] = [];
  try {
    let counter = new RepeatCounter();
    for (const [index, leg] of plan.legs.entries()) {
      if (!leg.continues) counter = new RepeatCounter();
      let sent = 0;
      if (leg.message !== undefined) {
        await chat.say(leg.message);
        sent = 1;
      }
      if (leg.first !== undefined) {
        await chat.send(leg.first(chat.last()));
        sent += 1;
      }
      const result = await runLeg(chat, leg, counter, trace);
      const counted = leg.counted ?? true;
      legs.push({
        ...result,
        turns: result.turns + sent,
        label: leg.label,
        counted,
        target: index === plan.legs.length - 1 || counted ? plan.target : undefined,
        repeatedQuestions: result.repeated,
      });
      if (leg.buy && result.reached) {
        await chat.choose('pay');
        // A customer who will come back says yes to keeping their details.
        if (chat.last().options.some((option) => option.id === 'remember')) {
          await chat.choose('remember');
        }
        if (leg.afterBuy !== 'receipt') await chat.say('menu');
      }
    }
  } finally {
    await chat.close();
  }
  return { name: plan.name, legs };
}
