/**
 * Cart lines that are more than one Add activity: a combined product (its products added
 * together, one cart item each) and a package (a Packages item, with accommodation).
 * Pure functions the cart operations use to add such a line again, remove it, quote its
 * insurance and read its part of a reservation.
 *
 * Where the spec is silent:
 * - The Add of a package may answer only Success (the spec says so): the item's id is
 *   then ours (`package-<n>`); Remove does not know it, so removing rebuilds the cart.
 * - A reservation's Accommodations are matched to the cart's package lines in order
 *   (a rate id is not known before the reservation).
 * - The insurance quote's sale lists a package by EchoToken and PackageId; its activities
 *   are not known by product before the reservation, so none is listed.
 */
import type { CartActivity, CartPackageGrouping, ReservedAccommodation } from '#src/api/cart.js';
import type { InsuranceSale } from '#src/api/insurance.js';
import type { IsoDate } from '#src/api/schema.js';
import { toCents } from '#src/domain/pricing.js';
import type { Cart, CartLine, ReservedStay } from '#flows/booking/types.js';

/** The id of a package item the service did not name. */
export const localPackageId = (seq: number): string => `package-${seq + 1}`;

/** The activities an Add sends for a combined product's line (one per product). */
export const partActivities = (line: CartLine): CartActivity[] | undefined =>
  line.parts?.map((part) => part.activity);

/** The package a rebuilt cart adds again for a package line. */
export const packageRequest = (line: CartLine): CartPackageGrouping | undefined =>
  line.package?.request;

/** A line added again: the cart item ids the new Add gave it. */
export function relinked(line: CartLine, ids: readonly string[]): CartLine {
  if (line.parts !== undefined) {
    const parts = line.parts.map((part, i) => ({ ...part, cartItemId: ids[i] ?? part.cartItemId }));
    return { ...line, parts, cartItemId: parts[0]?.cartItemId ?? line.cartItemId };
  }
  if (line.package !== undefined) {
    const cartItemId = ids[0] ?? line.cartItemId;
    return {
      ...line,
      cartItemId,
      package: { ...line.package, localId: cartItemId.startsWith('package-') },
    };
  }
  return { ...line, cartItemId: ids[0] ?? line.cartItemId };
}

/** The cart item ids Remove takes for a line (every product of a combined product). */
export const removableIds = (line: CartLine): string[] =>
  line.parts?.map((part) => part.cartItemId) ?? [line.cartItemId];

/** A reservation's accommodations, matched to the package lines, with what they add. */
export function stayOutcomes(
  accommodations: readonly ReservedAccommodation[],
  cart: Cart,
  currency: string,
): { stays: ReservedStay[]; cents: number; failedProductIds: string[] } {
  const packages = cart.lines.filter((line) => line.package !== undefined);
  const stays: ReservedStay[] = accommodations.map((stay, i) => {
    const line = packages[i];
    return {
      ...(line !== undefined ? { cartItemId: line.cartItemId } : {}),
      rateId: stay.productId,
      ...(stay.accessDateTime ? { checkIn: stay.accessDateTime.slice(0, 10) as IsoDate } : {}),
      ...(stay.accessEndDateTime
        ? { checkOut: stay.accessEndDateTime.slice(0, 10) as IsoDate }
        : {}),
      ...(stay.productConditions ? { conditions: stay.productConditions } : {}),
      ...(stay.cancellationPolicy ? { cancellationPolicy: stay.cancellationPolicy } : {}),
      ...(stay.price !== undefined ? { price: { cents: toCents(stay.price), currency } } : {}),
      success: stay.success,
      // The service's words, kept with the reservation; never shown (replace.ts).
      ...(stay.errorMessage ? { errorMessage: stay.errorMessage } : {}),
    };
  });
  const cents = stays
    .filter((stay) => stay.success)
    .reduce((sum, stay) => sum + (stay.price?.cents ?? 0), 0);
  const failedProductIds = stays.flatMap((stay) => {
    if (stay.success) return [];
    const line = packages.find((candidate) => candidate.cartItemId === stay.cartItemId);
    return line ? [line.productId] : [];
  });
  return { stays, cents, failedProductIds };
}

type SaleParts = Required<Pick<InsuranceSale, 'combinedProducts' | 'packages'>>;

/**
 * A combined product's or a package's items in the insurance quote's sale: one combined
 * product entry per unit bought (each with its products once), a package by its token.
 */
export function insuredItems(line: CartLine): Partial<SaleParts> | undefined {
  if (line.package !== undefined) {
    return {
      packages: [
        {
          echoToken: line.package.request.echoToken,
          packageId: line.package.request.packages[0]?.id ?? line.package.accommodation.packageId,
          activities: [],
        },
      ],
    };
  }
  if (line.parts === undefined) return undefined;
  const combinedProductId = line.parts[0]?.activity.combinedProductId ?? '';
  return {
    combinedProducts: Array.from({ length: line.quantity }, (_, unit) => ({
      id: `${line.cartItemId}/${unit + 1}`,
      combinedProductId,
      products: line.parts!.map((part) => ({
        id: `${part.cartItemId}/${unit + 1}`,
        productId: part.productId,
        accessDate: line.accessDate,
      })),
    })),
  };
}
