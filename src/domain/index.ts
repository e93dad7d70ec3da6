/** The spec's rules as pure functions: no I/O, no clock ("now" is always a parameter). */
export * from './lang.js';
export * from './time.js';
export * from './sale-window.js';
export * from './groups.js';
export * from './capacity.js';
export * from './quantity.js';
export * from './price-sets.js';
export * from './cancellation.js';
export * from './insurance.js';
export * from './pricing.js';
export * from './answers.js';
export * from './people.js';
