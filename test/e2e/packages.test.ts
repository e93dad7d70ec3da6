/**
 * Packages and combined products end to end: a customer talking to the real bot (real
 * actors, memory store) against the sandbox, from home to the sale, as JSON-lines
 * messages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { salesOperation } from '#src/api/sales.js';
import { toCents } from '#src/domain/pricing.js';
import { demoIds } from '#src/sandbox/seed/demo-ids.js';
import { partnerSaleIdOf } from '#flows/booking/steps/reserved.js';
import type { BookingContext } from '#flows/booking/types.js';
import { startChat, type Chat } from '#test/support/chat.js';

/**
 * These tests are about packages and combined products through to the sale, not about taking the money: the operator sells on
 * account on purpose (PAYMENT_MODE=on-account), so a partner without a debit contract
 * sells at "Confirm and pay" (payments: telegram-invoice.test.ts).
 */
const ON_ACCOUNT = { PAYMENT_MODE: 'on-account' };

let chat: Chat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

interface Persisted {
  snapshot: { context: BookingContext };
}

async function saved(c: Chat): Promise<BookingContext> {
  const found = await c.app.store.get<Persisted>(`conv:${c.conversationId}`);
  if (!found) throw new Error('no conversation saved');
  return found.value.snapshot.context;
}

const ids = (c: Chat) => c.last().options.map((option) => option.id);

/** From home to the list of accommodations of the Gran Canaria package. */
async function toAccommodations(c: Chat) {
  await c.start();
  await c.choose('packages');
  await c.choose(`prepackage:${(await grancanaria(c)).id}`);
  expect(c.last().text).toMatch(/How many adults/);
  await c.say('2');
  await c.choose('count:1'); // a child
  await c.choose('count:0'); // no babies
  // The child's age is asked: a child is never searched without one.
  expect(c.last().text).toBe('How old is child 1 in room 1? Type the age (2 to 17).');
  const wrong = await c.say('1');
  expect(wrong[0]?.text).toBe('Under 2 counts as a baby: go back and add them as a baby.');
  await c.say('8');
  expect(c.last().text).toContain('2 adults, 1 child (aged 8)');
  await c.choose('rooms:done');
  // Check-in in three days, two nights, the activity on the day in between.
  await c.choose(ids(c)[3]!);
  await c.pick('2 nights');
  await c.choose(ids(c)[1]!);
  expect(c.last().text).toMatch(/^🏨 /);
}

/** A combined product (two of it) from home into the cart. */
async function addCombined(c: Chat) {
  await c.choose('book');
  await c.choose(`provider:${demoIds.providers.museum}`);
  await c.choose(`combined:${demoIds.combinedProducts.maritimeValencia}`);
  await c.choose(ids(c)[2]!);
  await c.say('2');
  await c.choose('combined:add');
}

async function grancanaria(c: Chat) {
  const context = await saved(c);
  return context.packages!.prepackages!.find(
    (p) => p.groupings[0]?.providerId === demoIds.providers.waterpark,
  )!;
}

/** From the cart, through the questions and client details, to the order review. */
async function checkout(c: Chat) {
  await c.choose('checkout');
  // The buyer's details in one message (once per conversation); what the questions ask of
  // them is not asked again.
  if (/in one message/.test(c.last().text)) {
    await c.say('Ana García López, X1234567L, +34600000000, ana@example.com');
  }
  expect(c.last().text).toMatch(/^📋 Check your order:/);
}

describe('a package from prepackage to sale', () => {
  it('asks the child’s age, survives a filter that finds nothing and a hotel that fails', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    const c = chat;
    await toAccommodations(c);

    // A filter that leaves no accommodation says so and offers to clear the filters.
    await c.choose('filters');
    await c.choose('kind:board');
    const halfBoard = c.last().options.find((o) => o.id === 'filter:board:30')!;
    expect(halfBoard.label).toMatch(/^Half board \(\d+\)$/);
    await c.choose('filter:board:30');
    expect(c.last().text).toContain('Filters: Board: Half board.');
    await c.choose('filters');
    await c.choose('kind:distance');
    await c.choose('filter:distance:0-1000');
    expect(c.last().text).toContain('No accommodation matches those filters.');
    expect(ids(c)).toEqual(['clear', 'filters', 'dates', 'home']);
    await c.choose('clear');
    expect(c.last().text).not.toContain('Filters:');

    // Hotel Faro Sur: priced and added, then refused at reserve.
    await c.pick('Hotel Faro Sur');
    expect(c.last().text).toMatch(/Price of the whole package: €\d+\.\d\d/);
    await c.choose('package:add');
    expect(c.last().text).toMatch(/Hotel Faro Sur \(2 nights\)/);
    await checkout(c);
    expect(c.last().text).toContain('🛏️');
    await c.choose('reserve');
    expect(c.last().text).toMatch(/The accommodation "Hotel Faro Sur" could not be reserved/);
    expect(ids(c)).toEqual(['restay', 'remove', 'cart', 'home']);

    // Another accommodation for the same stay: Faro Sur is left out.
    await c.choose('restay');
    expect(c.last().text).toContain('(Without Hotel Faro Sur: it could not be reserved.)');
    expect(ids(c).some((id) => id.startsWith('stay:') && /faro/.test(id))).toBe(false);
    await c.pick('Hotel Dunas del Faro');
    const price = /Price of the whole package: €(\d+\.\d\d)/.exec(c.last().text)![1]!;
    await c.choose('package:add');
    await checkout(c);
    await c.choose('reserve');

    // Reserved: the stay with its conditions and cancellation policy.
    const reserved = c.last().text;
    expect(reserved).toMatch(/^✅ Your order is reserved:/);
    expect(reserved).toContain('Hotel Dunas del Faro');
    expect(reserved).toMatch(/Accommodation conditions: .+/);
    expect(reserved).toMatch(/Accommodation cancellation: .+/);
    expect(reserved).toContain(`Total: €${price}`);

    const { cart } = await saved(c);
    await c.choose('pay');
    expect(c.last().text).toMatch(/^🎉 Purchase confirmed!/);
    expect(c.last().tickets?.length).toBe(6);
    // Valid during the stay, said in English, with the enclosures' English names.
    const ticketLines = (c.last().tickets ?? []).map((ticket) => ticket.lines.join('\n'));
    expect(ticketLines.join('\n')).not.toMatch(/Válida|toboganes|Piscina de olas/);
    for (const lines of ticketLines) {
      expect(lines).toMatch(/^Valid from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/m);
    }

    // The receipt: the park once, by the package's name as the cart showed it, with its
    // three people (six ticket documents); the stay by name, with its dates, who stays,
    // the rate's conditions (its board) and its terms.
    const receipt = c.last().text;
    const stay = /🛏️ (\w{3} \d+ \w{3} to \w{3} \d+ \w{3} \(2 nights\))/.exec(reserved)![1]!;
    const packageName = /^1\. (.+ \+ Hotel Dunas del Faro \(2 nights\)) — /m.exec(reserved)![1]!;
    expect(receipt).not.toMatch(/Park admission for packages/);
    expect(receipt.split(`• ${packageName} — `)).toHaveLength(2);
    expect(receipt).toMatch(
      /^• .+ \+ Hotel Dunas del Faro \(2 nights\) — \w{3} \d+ \w{3} \(3 tickets\)$/m,
    );
    expect(receipt).toContain(
      `• 🏨 Hotel Dunas del Faro — ${stay}\n   👥 2 adults, 1 child (aged 8)`,
    );
    expect(receipt).toMatch(/^ {3}Conditions: Alojamiento y desayuno\./m);
    expect(receipt).toContain(`Total paid: €${price}`);
    expect(receipt).toMatch(/^↩️ Hotel Dunas del Faro: Free cancellation until 48 h/m);

    // /mybookings shows the same, with the total; and the stay beside its tickets again.
    const mine = (await c.say('/mybookings')).at(-1)!.text;
    expect(mine.match(/^• Park admission for packages/gm)).toHaveLength(1);
    expect(mine).toContain(`• 🏨 Hotel Dunas del Faro — ${stay}\n   👥 2 adults, 1 child (aged 8)`);
    expect(mine).toMatch(/^ {3}Conditions: Alojamiento y desayuno\./m);
    expect(mine).toContain(`Total: €${price}`);
    const again = (await c.choose('tickets:1')).at(-1)!;
    expect(again.tickets).toHaveLength(6);
    expect(again.text).toContain(`• 🏨 Hotel Dunas del Faro — ${stay}`);

    const sales = await c.sandbox.client.call(salesOperation, {
      partnerSaleId: partnerSaleIdOf(c.conversationId, cart.shoppingCartId),
    });
    expect(sales.sales).toHaveLength(1);
    expect(sales.sales[0]!.accommodations).toHaveLength(1);
    expect(toCents(sales.sales[0]!.totalPrice)).toBe(toCents(Number(price)));
    expect(sales.sales[0]!.client?.surname).toBe('García López');
  });
});

describe('a combined product', () => {
  it('is offered under its provider, priced as one, and sold', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    const c = chat;
    await c.start();
    await c.choose('book');
    await c.choose(`provider:${demoIds.providers.museum}`);
    await c.choose(`combined:${demoIds.combinedProducts.maritimeValencia}`);
    expect(c.last().text).toMatch(/Maritime Valencia: museum \+ boat/);
    // Its card before anything is chosen: what it includes, its price, its policy.
    expect(c.last().text).toMatch(/\nIncludes:\n• .+\n• /);
    expect(c.last().text).toMatch(/💶 Combined price from €\d+\.\d\d/);
    expect(c.last().text).toMatch(/↩️ Cancellation/);
    expect(c.last().text).not.toMatch(/\[internal\]/i);
    await c.choose(ids(c)[2]!);
    // The day's price before how many.
    expect(c.last().text).toMatch(/Combined price: €\d+\.\d\d each\. How many/);
    await c.say('2');
    const priced = /Combined price: 2 × €(\d+\.\d\d) = €(\d+\.\d\d)/.exec(c.last().text);
    expect(priced).not.toBeNull();
    const total = priced![2]!;
    await c.choose('combined:add');
    // One line in the cart for both products.
    expect(c.last().text).toMatch(/1\. Maritime Valencia: museum \+ boat — .*\n {3}2 × €/);
    expect(c.last().text).not.toContain('2. ');
    const context = await saved(c);
    expect(context.cart.lines[0]?.parts).toHaveLength(2);

    await checkout(c);
    await c.choose('reserve');
    expect(c.last().text).toContain(`Total: €${total}`);
    await c.choose('pay');
    expect(c.last().text).toMatch(/^🎉 Purchase confirmed!/);

    const sales = await c.sandbox.client.call(salesOperation, {
      partnerSaleId: partnerSaleIdOf(c.conversationId, context.cart.shoppingCartId),
    });
    const sold = sales.sales[0]!;
    expect(sold.activities.map((a) => a.productId).sort()).toEqual(
      [demoIds.products.comboMuseum, demoIds.products.comboBoat].sort(),
    );
    expect(
      sold.activities.every(
        (a) => a.combinedProductId === demoIds.combinedProducts.maritimeValencia,
      ),
    ).toBe(true);
    expect(toCents(sold.totalPrice)).toBe(toCents(Number(total)));
  });
});

describe('a package whose hotel fails next to a combined product', () => {
  it('holds the rest, offers another accommodation, and sells both', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    const c = chat;
    await c.start();
    await addCombined(c);
    await c.choose('home');
    await c.choose('packages');
    await c.choose(`prepackage:${(await grancanaria(c)).id}`);
    await c.say('2');
    await c.choose('count:0');
    await c.choose('count:0');
    await c.choose('rooms:done');
    await c.choose(ids(c)[4]!);
    await c.pick('1 night');
    await c.choose(ids(c)[0]!);
    await c.pick('Hotel Faro Sur');
    await c.choose('package:add');
    expect(c.last().text).toMatch(/1\. Maritime Valencia.*\n.*\n2\. .*Hotel Faro Sur/);
    await checkout(c);
    await c.choose('reserve');

    // The combined product is held; the hotel is not, and another one is offered.
    expect(c.last().text).toMatch(/^⚠️ These could not be reserved:\n2\. .*Hotel Faro Sur/);
    expect(c.last().text).toContain('⚠️ Accommodation not reserved:');
    const restay = c.last().options.find((o) => o.id.startsWith('restay:'))!;
    expect(restay.label).toMatch(/Another accommodation for 2\./);
    await c.choose(restay.id);
    expect(c.last().text).toContain('(Without Hotel Faro Sur: it could not be reserved.)');
    await c.pick('Hotel Dunas del Faro');
    await c.choose('package:add');
    expect((await saved(c)).cart.lines.map((line) => line.name)).toEqual([
      'Maritime Valencia: museum + boat',
      expect.stringContaining('Hotel Dunas del Faro'),
    ]);
    await checkout(c);
    await c.choose('reserve');
    expect(c.last().text).toMatch(/^✅ Your order is reserved:/);
    const { cart } = await saved(c);
    await c.choose('pay');
    expect(c.last().text).toMatch(/^🎉 Purchase confirmed!/);
    const sales = await c.sandbox.client.call(salesOperation, {
      partnerSaleId: partnerSaleIdOf(c.conversationId, cart.shoppingCartId),
    });
    expect(sales.sales[0]!.accommodations).toHaveLength(1);
    expect(sales.sales[0]!.activities.map((a) => a.productId)).toEqual(
      expect.arrayContaining([demoIds.products.comboMuseum, demoIds.products.parkHotel]),
    );
  });
});

describe('a package’s price and terms', () => {
  it('are shown on the package and at the review, before the customer taps Reserve', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    const c = chat;
    await toAccommodations(c);
    // Non-refundable rates only: the stay's rate class is then known before reserving.
    await c.choose('filters');
    await c.choose('kind:rateClass');
    await c.choose('filter:rateClass:1');
    expect(c.last().text).toContain('Filters: Rate: Non-refundable.');
    await c.choose(ids(c).find((id) => id.startsWith('stay:'))!);

    const offer = c.last().text;
    const price = /Price of the whole package: €(\d+\.\d\d)/.exec(offer)![1]!;
    expect(offer).toContain('↩️ Cancellation of "Park admission for packages": Non-refundable.');
    expect(offer).toContain('↩️ Accommodation rate: Non-refundable.');

    await c.choose('package:add');
    await checkout(c);
    const review = c.last().text;
    expect(review).toContain(`Total to pay: €${price}`);
    expect(review).toContain(
      '   ↩️ Cancellation of "Park admission for packages": Non-refundable.',
    );
    expect(ids(c)).toContain('reserve');

    // The reservation then confirms the stay's own terms: the non-refundable rate.
    await c.choose('reserve');
    expect(c.last().text).toContain('Accommodation cancellation: Non-refundable.');
  });
});
