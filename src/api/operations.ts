/**
 * Every operation of the partner service, by the names of fixtures/vendor/README.md.
 * The sandbox serves this table and `npm run api` calls from it.
 */
import { availableCapacityOperation } from './availability.js';
import { saleCancellationRequestsOperation } from './cancellations.js';
import {
  cartAddOperation,
  cartCancelConfirmOperation,
  cartConfirmOperation,
  cartRemoveOperation,
  cartSaleOperation,
} from './cart.js';
import { catalogOperation } from './catalog.js';
import { giftCardOperation } from './giftcards.js';
import { insurancePolicyCheckOperation } from './insurance.js';
import type { Operation } from './operation.js';
import {
  packageBasicCatalogOperation,
  packagePricesOperation,
  prepackagesOperation,
} from './packages.js';
import { realTimePricesOperation } from './prices.js';
import { checkTicketsQuestionsOperation } from './questions.js';
import { salesOperation } from './sales.js';
import { autoAssignSessionsOperation } from './sessions.js';

export const operations = {
  catalog: catalogOperation,
  availablecapacity: availableCapacityOperation,
  realtimeprices: realTimePricesOperation,
  autoassignsessions: autoAssignSessionsOperation,
  checkticketsquestions: checkTicketsQuestionsOperation,
  insurancepolicycheck: insurancePolicyCheckOperation,
  giftcard: giftCardOperation,
  sales: salesOperation,
  salecancellationrequest: saleCancellationRequestsOperation,
  prepackages: prepackagesOperation,
  'package-basiccatalog': packageBasicCatalogOperation,
  'package-prices': packagePricesOperation,
  'cart-add': cartAddOperation,
  'cart-confirm': cartConfirmOperation,
  'cart-sale': cartSaleOperation,
  'cart-remove': cartRemoveOperation,
  'cart-cancelconfirm': cartCancelConfirmOperation,
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof operations;
export type OperationOf<Name extends OperationName> = (typeof operations)[Name];

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(operations, name);
}
