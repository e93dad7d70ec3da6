/**
 * Helpers of the cart end-to-end tests: dates the demo products are on sale, the answers
 * the demo's question profiles need, and refusals read from the client's error.
 */
import { expect } from 'vitest';
import {
  cartAddOperation,
  cartConfirmOperation,
  cartSaleOperation,
  type CartActivity,
  type CartAnswer,
} from '#src/api/cart.js';
import type { QuestionsProfileAnswers } from '#src/api/common.js';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { providerNow, sellableDates } from '#src/domain/index.js';
import type { SandboxContext } from '#src/sandbox/context.js';
import { demoIds, demoTicketId } from '#src/sandbox/seed/index.js';
import { seedId } from '#src/sandbox/seed/ids.js';
import type { TestSandbox } from '#test/support/sandbox.js';

export const P = demoIds.products;
export type ProductKey = keyof typeof P;
export const ticket = demoTicketId;
export const question = (key: string): string => seedId(`question:${key}`);

/** Dates on which a product is on sale now, from tomorrow on (no cut-off races today). */
export function saleDates(context: SandboxContext, product: ProductKey): IsoDate[] {
  const entry = context.data.index().product(P[product])!;
  const now = providerNow(entry.provider, context.clock.now());
  return sellableDates(entry.product, now).filter((date) => date > context.data.today);
}

export function saleDate(context: SandboxContext, product: ProductKey, skip = 0): IsoDate {
  const date = saleDates(context, product)[skip];
  if (date === undefined) throw new Error(`no sale date for ${product}`);
  return date;
}

/** The error of a call that must be refused, with the code expected. */
export async function refusal(call: Promise<unknown>, code: string): Promise<PartnerEnvelopeError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a refusal with code ${code}`).toBeInstanceOf(PartnerEnvelopeError);
  const envelope = error as PartnerEnvelopeError;
  expect(envelope.codes, envelope.messages.join('; ')).toContain(code);
  return envelope;
}

/** Answers of the visitor profile (museum tickets). */
export const visitorAnswers = (name = 'Ana García'): CartAnswer[] => [
  { questionId: question('visitor.name'), stringValue: name },
  {
    questionId: question('visitor.birthDate'),
    dateTimeValue: '1990-05-17T00:00:00' as IsoDateTime,
  },
];

/** A museum adult entry with its visitor answers on every unit. */
export function museumAdult(date: IsoDate, quantity = 1): CartActivity {
  return {
    productId: P.museumAdult,
    accessDateTime: date,
    quantity,
    tickets: Array.from({ length: quantity }, (_, unit) => ({
      ticketId: ticket('museumAdult', 'entry'),
      questions: visitorAnswers(`Visitante Número ${'ABCDEFGHIJ'[unit % 10]}`),
    })),
  };
}

const clientProfile: QuestionsProfileAnswers = {
  questionsProfileId: demoIds.profiles.client,
  questions: [
    { questionId: question('client.name'), stringValue: 'Ana García' },
    { questionId: question('client.email'), stringValue: 'ana@example.com' },
  ],
};

/** The sale, client and provider profile answers a cart of these providers needs. */
export function profileAnswers(
  providers: (keyof typeof demoIds.providers)[] = ['museum'],
): QuestionsProfileAnswers[] {
  const answers: QuestionsProfileAnswers[] = [clientProfile];
  if (providers.includes('museum'))
    answers.push({
      questionsProfileId: demoIds.profiles.providerMuseum,
      questions: [{ questionId: question('museum.phone'), stringValue: '+34 600111222' }],
    });
  if (providers.includes('mountain'))
    answers.push({
      questionsProfileId: demoIds.profiles.providerMountain,
      questions: [
        { questionId: question('mountain.organisation'), stringValue: 'Colegio Sol' },
        { questionId: question('mountain.leader'), stringValue: 'Pilar Ortega' },
        { questionId: question('mountain.teachers'), integerValue: 2 },
      ],
    });
  if (providers.includes('winery'))
    answers.push({
      questionsProfileId: demoIds.profiles.providerWinery,
      questions: [
        { questionId: question('winery.adult'), booleanValue: true },
        {
          questionId: question('winery.birthDate'),
          dateTimeValue: '1980-01-31T00:00:00' as IsoDateTime,
        },
      ],
    });
  return answers;
}

export const client = {
  fullName: 'Ana',
  surname: 'García',
  documentIdentifier: '12345678Z',
  phoneNumber: '+34600111222',
  email: 'ana@example.com',
};

/** Add, Confirm and Sale of one cart; returns the three answers. */
export async function buy(
  t: TestSandbox,
  cartId: string,
  activities: CartActivity[],
  options: { providers?: (keyof typeof demoIds.providers)[]; partnerSaleId?: string } = {},
) {
  const added = await t.client.call(cartAddOperation, { shoppingCartId: cartId, activities });
  const confirmed = await t.client.call(cartConfirmOperation, {
    shoppingCartId: cartId,
    questionsProfiles: profileAnswers(options.providers),
  });
  const sold = await t.client.call(cartSaleOperation, {
    shoppingCartId: cartId,
    partnerSaleId: options.partnerSaleId ?? `PS-${cartId}`,
  });
  return { added, confirmed, sold };
}
