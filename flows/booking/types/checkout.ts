/**
 * Checkout: the buyer's details, the refund insurance offered and taken, the answers of
 * the question profiles, and the events of those steps.
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import type { Money } from './money.js';
import type { CheckoutQuestions } from './questions.js';

export interface Checkout {
  /** Provider, sale and client question profiles being asked (checkoutQuestions step). */
  questions?: CheckoutQuestions;
  insurance?: InsuranceQuote;
  /** The quote being offered (insurance step), before the customer decides. */
  offeredInsurance?: InsuranceQuote;
  insuranceDeclined: boolean;
  client?: Partial<ClientDetails>;
  /** Answers of provider, sale and client question profiles, by profile id. */
  profileAnswers: Record<string, Answer[]>;
}

export interface ClientDetails {
  fullName: string;
  surname: string;
  documentIdentifier: string;
  phoneNumber: string;
  email: string;
}

export type ClientField = keyof ClientDetails;

export interface InsuranceQuote {
  policyId: string;
  name: string;
  quote: Money;
  coverage: Money;
}

export type CheckoutEvent =
  | { type: 'client.edit'; field: ClientField }
  | { type: 'client.keep' }
  | { type: 'client.confirm' }
  | { type: 'checkout.optional' }
  /** Yes to keeping the buyer's details for next time. */
  | { type: 'customer.remember' }
  /** A name already given in this conversation (a ticket's attendee) taken as the buyer's. */
  | { type: 'client.name'; name: string }
  | { type: 'insurance.accept' }
  | { type: 'insurance.decline' }
  /** From the order review: change the client details. */
  | { type: 'checkout.edit' };
