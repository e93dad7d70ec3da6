/** The sandbox's seeded data: the demo catalog, its questions and capacities, and a generated catalog. */
export { demoCatalog, buildDemo, DEMO_DAYS, GIFT_CARD_TAG } from './demo.js';
export type { DemoGuide, DemoGuideEntry, DemoOptions } from './demo.js';
export { demoIds, demoTicketId } from './demo-ids.js';
export { questionProfiles, dynamicQuestions, patterns } from './questions.js';
export {
  sessionCapacity,
  sessionContentNames,
  initialCapacity,
  GROUP_SESSION_TIMES,
} from './sessions.js';
export type { CapacitySeed, ProductDayCapacity, SeedSession } from './sessions.js';
export { generatedCatalog } from './generated.js';
export type { GeneratedOptions } from './generated.js';
export { describeDemoCatalog } from './describe.js';
export { catalogToWire } from './wire.js';
export { seedId, SEED_ID } from './ids.js';
export type { SeedLanguage } from './language.js';
