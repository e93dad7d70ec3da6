/**
 * Every named guard of the booking machine, one module a sub-flow; setup.ts spreads this
 * object, and the steps name a guard (`guard: 'saleUnderWay'`, `not('cartIsEmpty')`).
 */
import { checkoutGuards } from './checkout.js';
import { combinedGuards } from './combined.js';
import { giftCardGuards } from './giftcards.js';
import { languageGuards } from './language.js';
import { orderGuards } from './order.js';
import { packageGuards } from './packages.js';
import { selectionGuards } from './selection.js';

export const guards = {
  ...orderGuards,
  ...checkoutGuards,
  ...selectionGuards,
  ...packageGuards,
  ...languageGuards,
  ...giftCardGuards,
  ...combinedGuards,
};
