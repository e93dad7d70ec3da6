/** A price as the customer pays it: integer cents, one currency. */
export interface Money {
  cents: number;
  currency: string;
}
