/**
 * Actors of packages (activity + accommodation) and combined products: the prepackages
 * on offer, the accommodation search, the package price, the combined product's price,
 * and adding either to the partner's cart (with effect records, like any Add).
 */
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import type {
  AccommodationOffer,
  Cart,
  CartLine,
  CombinedDraft,
  Money,
  PackageFilterKind,
  PackageQuote,
  PackageResults,
  PackageSearch,
  PackageSort,
  PrepackageChoice,
} from '../types.js';
import type { AddToCartOutput } from './cart.js';
import { notProvided } from './not-provided.js';

export interface LoadPrepackagesInput {
  language: Lang;
}

export interface SearchPackagesInput {
  search: PackageSearch;
  filters: Partial<Record<PackageFilterKind, string>>;
  sort: PackageSort;
  /** 1-based. */
  page: number;
  language: Lang;
}

export interface SearchPackagesOutput extends PackageResults {
  echoToken?: string;
}

export interface PricePackageInput {
  /** The search's EchoToken (the basic catalog's). */
  echoToken: string;
  search: PackageSearch;
  offer: AccommodationOffer;
  language: Lang;
}

export interface AddPackageInput {
  cart: Cart;
  search: PackageSearch;
  quote: PackageQuote;
  language: Lang;
  /** The cart is reserved now: the reservation is released before adding. */
  reserved: boolean;
}

export interface OpenCombinedInput {
  combinedProductId: string;
  language: Lang;
  cart: CartLine[];
}

export interface QuoteCombinedInput {
  combinedProductId: string;
  productIds: string[];
  date: IsoDate;
  language: Lang;
}

export interface AddCombinedInput {
  cart: Cart;
  combined: CombinedDraft;
  language: Lang;
  reserved: boolean;
}

export const packageActors = {
  /** POST /Activity/Prepackages: what can be sold with accommodation. */
  loadPrepackages: notProvided<PrepackageChoice[], LoadPrepackagesInput>('loadPrepackages'),
  /** POST /Package/BasicCatalog: accommodation around the prepackage, filtered and sorted. */
  searchPackages: notProvided<SearchPackagesOutput, SearchPackagesInput>('searchPackages'),
  /** POST /Package/PricesAndCancellationConditions of one package. */
  pricePackage: notProvided<PackageQuote, PricePackageInput>('pricePackage'),
  /** POST /ShoppingCart/Add with Packages. */
  addPackageToCart: notProvided<AddToCartOutput, AddPackageInput>('addPackageToCart'),
  /** The combined product from the catalog: its products, common dates, quantity bounds. */
  openCombined: notProvided<NonNullable<CombinedDraft['product']>, OpenCombinedInput>(
    'openCombined',
  ),
  /** POST /realTimePrices with CombinedProducts: the price of one unit of it. */
  quoteCombined: notProvided<Money, QuoteCombinedInput>('quoteCombined'),
  /** POST /ShoppingCart/Add of every product of the combined product, one CombinedProductId. */
  addCombinedToCart: notProvided<AddToCartOutput, AddCombinedInput>('addCombinedToCart'),
};
