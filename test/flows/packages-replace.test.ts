/**
 * A package whose accommodation fails at reserve, with fake actors: the whole Confirm
 * refused (stayFailed), or the accommodation alone failing (review's failed items);
 * another accommodation for the same stay, or the package removed. Also how the order
 * shows a package before and after the reservation.
 */
import { describe, expect, it } from 'vitest';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { CartChange, RemoveFromCartOutput } from '#flows/booking/actors/cart.js';
import type { SearchPackagesInput } from '#flows/booking/actors/packages.js';
import { Refusal } from '#flows/booking/problem.js';
import { refusedStayLine } from '#flows/booking/steps/packages/replace.js';
import type { BookingContext, CartLine } from '#flows/booking/types.js';
import {
  SEARCH,
  context,
  fake,
  failing,
  line,
  packageLine,
  reservation,
  results,
  start,
} from './packages-harness.js';

const refusal = (message: string) =>
  new PartnerEnvelopeError(
    { operation: 'x', requestId: 'r' },
    { codes: [], messages: [message], entities: [], status: 200 },
  );
const FARO = packageLine('package-1');
const NO_ROOMS =
  'nothing in cart c1 could be reserved: accommodation rate r1 (Hotel Faro Sur) could not be reserved: no rooms left';

const withLines = (lines: CartLine[], over: Partial<BookingContext> = {}) =>
  context({ cart: { shoppingCartId: 'cart000000001', lines, adds: lines.length }, ...over });

const removed = (lines: CartLine[], gone: CartLine, over: Partial<CartChange> = {}) =>
  fake((): RemoveFromCartOutput => ({
    cart: { shoppingCartId: 'cart000000002', lines, adds: lines.length },
    rebuilt: true,
    released: true,
    removed: gone,
    ...over,
  }));

describe('which package a refused reservation is about', () => {
  it('the one whose accommodation the refusal names', () => {
    const other = packageLine('package-2', 'Hotel Dunas del Faro');
    const ctx = withLines([other, FARO]);
    expect(refusedStayLine(ctx, refusal(NO_ROOMS))?.cartItemId).toBe('package-1');
  });

  it('the only package when the refusal is about accommodation', () => {
    const ctx = withLines([line('i1'), FARO]);
    expect(refusedStayLine(ctx, refusal('no rooms left for that rate'))?.cartItemId).toBe(
      'package-1',
    );
  });

  it('none for a refusal about something else, or a cart without packages', () => {
    expect(refusedStayLine(withLines([FARO]), refusal('client details missing'))).toBeUndefined();
    expect(refusedStayLine(withLines([line('i1')]), refusal(NO_ROOMS))).toBeUndefined();
    expect(refusedStayLine(withLines([FARO]), new Error(NO_ROOMS))).toBeUndefined();
  });
});

describe('review with a package', () => {
  it('shows the stay and people, and says the conditions come with the reservation', () => {
    const h = start(['review', 'idle'], withLines([FARO]));
    expect(h.view().text).toContain(
      '   🛏️ Fri 19 Jun to Sun 21 Jun (2 nights) · 2 adults, 1 child (aged 8)',
    );
    expect(h.view().text).toContain('the conditions of the stay and the activities are confirmed');
  });

  it('a Confirm refused for the accommodation explains it and offers another', async () => {
    const h = start(['review', 'idle'], withLines([FARO]), {
      reserve: failing(refusal(NO_ROOMS)),
    });
    await h.choose('reserve');
    expect(h.at()).toBe('packages.stayFailed');
    // The service's words are never the customer's: the reason is ours.
    expect(h.context().packages?.replace).toEqual({ cartItemId: 'package-1', reason: '' });
    expect(h.view().text).toContain('The accommodation "Hotel Faro Sur" could not be reserved');
    expect(h.ids()).toEqual(['restay', 'remove', 'cart', 'home']);
  });

  it('any other refused Confirm stays at the review, explained', async () => {
    const h = start(['review', 'idle'], withLines([FARO]), {
      reserve: failing(refusal('client details missing')),
    });
    await h.choose('reserve');
    expect(h.at()).toBe('review.idle');
    expect(h.notices).toEqual(["The booking service needs the buyer's details in full."]);
  });

  it('a reservation where the accommodation alone failed offers another accommodation', async () => {
    const jelly = line('i1');
    const reserved = {
      cart: withLines([jelly, FARO]).cart,
      rebuilt: false,
      released: false,
      reservation: reservation({
        failedProductIds: [FARO.productId],
        stays: [
          {
            cartItemId: 'package-1',
            rateId: 'r1',
            success: false,
            errorMessage: 'no rooms left',
          },
        ],
      }),
    };
    const remove = removed([jelly], FARO);
    const search = fake<ReturnType<typeof results>, SearchPackagesInput>(() => results());
    const h = start(['review', 'idle'], withLines([jelly, FARO]), {
      reserve: fake(() => reserved).logic,
      removeFromCart: remove.logic,
      searchPackages: search.logic,
    });
    await h.choose('reserve');
    expect(h.at()).toBe('review.failed');
    expect(h.view().text).toContain(
      '⚠️ Accommodation not reserved: the accommodation has no availability.',
    );
    expect(h.view().text).not.toContain('no rooms left');
    expect(h.ids()).toEqual(['remove:package-1', 'restay:package-1', 'cart', 'home']);
    await h.choose('restay:package-1');
    expect(remove.inputs[0]).toMatchObject({ cartItemId: 'package-1', reserved: true });
    expect(h.at()).toBe('packages.accommodations');
    expect(search.inputs[0]?.search).toEqual(SEARCH);
    expect(h.context().packages?.unavailable).toEqual(['faro']);
    expect(h.context().cart.lines).toEqual([jelly]);
    expect(h.context().reservation).toBeUndefined();
  });

  it('shows the accommodation’s conditions and cancellation once reserved', () => {
    const h = start(
      ['reserved', 'idle'],
      withLines([FARO], {
        reservation: reservation({
          stays: [
            {
              cartItemId: 'package-1',
              rateId: 'r1',
              success: true,
              price: { cents: 27500, currency: 'EUR' },
              conditions: 'Bed and breakfast. Free cancellation up to 48 hours before arrival.',
              cancellationPolicy: {
                isRefundable: false,
                rules: [{ hoursInAdvanceOfAccess: 48, percentage: 100 }],
              },
            },
          ],
        }),
      }),
    );
    expect(h.view().text).toContain('   Accommodation: €275.00');
    expect(h.view().text).toContain(
      '   Accommodation conditions: Bed and breakfast. Free cancellation up to 48 hours before arrival.',
    );
    expect(h.view().text).toContain('   Accommodation cancellation: Free cancellation until 48 h');
  });
});

describe('stayFailed', () => {
  const failed = (lines: CartLine[] = [FARO]) =>
    withLines(lines, {
      packages: {
        rooms: [],
        filters: {},
        sort: 1,
        page: 1,
        replace: { cartItemId: 'package-1', reason: NO_ROOMS },
      },
    });

  it('without the line (already gone) goes to the cart', () => {
    const h = start(['packages', 'stayFailed'], failed([line('i1')]));
    expect(h.at()).toBe('cart.idle');
  });

  it('another accommodation: the package out of the cart, the same search again', async () => {
    const remove = removed([], FARO);
    const search = fake<ReturnType<typeof results>, SearchPackagesInput>(() => results());
    const h = start(['packages', 'stayFailed'], failed(), {
      removeFromCart: remove.logic,
      searchPackages: search.logic,
    });
    await h.choose('restay');
    expect(remove.inputs).toEqual([
      {
        cart: failed().cart,
        cartItemId: 'package-1',
        language: 'en',
        reserved: false,
      },
    ]);
    expect(h.at()).toBe('packages.accommodations');
    expect(search.inputs[0]).toMatchObject({ search: SEARCH, filters: {}, page: 1 });
    // A new cart that holds nothing is no news.
    expect(h.notices).toEqual([
      'I took "Atlantic getaway + Hotel Faro Sur (2 nights)" out of your cart. Here are other accommodations for the same stay:',
    ]);
  });

  it('a removal that did not take a package (the line changed) lands in the cart', async () => {
    const jelly = line('i1');
    const h = start(['packages', 'stayFailed'], failed(), {
      removeFromCart: removed([], jelly).logic,
    });
    await h.choose('restay');
    expect(h.at()).toBe('cart.idle');
  });

  it('removing the package goes to the cart; a failed removal is explained there', async () => {
    const h = start(['packages', 'stayFailed'], failed(), {
      removeFromCart: removed([line('i1')], FARO).logic,
    });
    await h.choose('remove');
    expect(h.at()).toBe('cart.idle');
    expect(h.notices).toEqual([
      'Done: Atlantic getaway + Hotel Faro Sur (2 nights) is out of your cart.\nI had to start a new cart with the same products. Nothing was charged.',
    ]);

    const broken = start(['packages', 'stayFailed'], failed(), {
      removeFromCart: failing(new Refusal('That line is no longer in your cart.')),
    });
    await broken.choose('remove');
    expect(broken.at()).toBe('cart.idle');
    expect(broken.notices).toEqual(['That line is no longer in your cart.']);
  });

  it('back is the cart', async () => {
    const h = start(['packages', 'stayFailed'], failed());
    await h.choose('cart');
    expect(h.at()).toBe('cart.idle');
  });
});
