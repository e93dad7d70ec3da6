/**
 * The read operations of the sandbox: catalog, question profiles, available capacity,
 * real-time prices, auto-assigned sessions and the insurance quote. Each reads the seeded
 * data and, for capacity, the cart state's live view; none changes state.
 */
import type { Handlers } from '../context.js';
import { autoAssignSessionsHandler } from './auto-assign.js';
import { availableCapacityHandler } from './capacity.js';
import { catalogHandler } from './catalog.js';
import { insurancePolicyCheckHandler } from './insurance.js';
import { realTimePricesHandler } from './prices.js';
import { checkTicketsQuestionsHandler } from './questions.js';

export const readHandlers: Handlers = {
  catalog: catalogHandler,
  checkticketsquestions: checkTicketsQuestionsHandler,
  availablecapacity: availableCapacityHandler,
  realtimeprices: realTimePricesHandler,
  autoassignsessions: autoAssignSessionsHandler,
  insurancepolicycheck: insurancePolicyCheckHandler,
};
