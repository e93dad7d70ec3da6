/**
 * Every operation of the partner service, by the names of fixtures/vendor/README.md.
 * The sandbox serves this table and `npm run api` calls from it.
 */
import { catalogOperation } from './catalog.js';
import type { Operation } from './operation.js';
import { checkTicketsQuestionsOperation } from './questions.js';

export const operations = {
  catalog: catalogOperation,
  checkticketsquestions: checkTicketsQuestionsOperation,
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof operations;

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(operations, name);
}
