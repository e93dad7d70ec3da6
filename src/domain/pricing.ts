/**
 * The price a customer is shown and pays. Reading of the spec:
 * - PriceMode 1 (Retail): Price is the price to the public; the customer pays it. The
 *   product's Commission items (Type 1: a percentage of Price; Type 2: an absolute amount
 *   per product) are the partner's share inside that price, never added to it.
 * - PriceMode 2 (Net): Price is what the partner pays the service. The spec gives no
 *   retail price or commission for net products, so the customer pays Price plus the
 *   partner's own markup (configuration; none by default, i.e. Price is shown as is).
 * - Prices include taxes (Spanish consumer prices). TaxBreakdown gives the rate and the
 *   prices with and without taxes; the tax amount shown is their difference, or derived
 *   from the rate and the price when the figures are missing, and scaled to the price
 *   shown when a markup changes it.
 * - Money is handled as integer cents; an amount is rounded half away from zero to the
 *   cent once, when read.
 */
import type { PricesAndDates, Product } from './catalog-shapes.js';
import type { Commission, TaxBreakdown } from './partner-shapes.js';
import { locales, type Lang } from './lang.js';

/** An integer number of cents (hundredths of the currency unit). */
/** PriceMode: 1 retail (the price is the public's), 2 net (what the partner pays). */
export type PriceMode = 1 | 2;

export type Cents = number;

/** An amount as cents, rounded half away from zero (1.005 → 101) without float noise. */
export function toCents(amount: number): Cents {
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(8).split('.');
  const cents =
    Number(whole) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return amount < 0 ? -cents : cents;
}

/** `percentage` % of an amount in cents, rounded to the cent. */
export function percentOf(cents: Cents, percentage: number): Cents {
  return toCents((cents * percentage) / 10_000);
}

export interface PriceInput {
  price: number;
  currency: string;
  priceMode: PriceMode;
  commission?: readonly Commission[];
  taxBreakdown?: readonly TaxBreakdown[];
  originalPrice?: number;
}

/** The partner's own margin on net products: a percentage of Price and/or an amount per product. */
export interface NetMarkup {
  percent?: number;
  perProduct?: number;
}

export interface PriceQuote {
  currency: string;
  priceMode: PriceMode;
  quantity: number;
  /** What the customer pays per product, and in all. */
  unit: Cents;
  total: Cents;
  /** The price before discounts per product, when it is higher than `unit`. */
  originalUnit?: Cents;
  /** The partner's share of `total`: the commission (retail) or the markup (net). */
  partnerShare: Cents;
  /** Taxes included in `total`, one per rate. */
  taxes: { percentage: number; amount: Cents }[];
}

/** The price inputs of a product for one of its price sets (or a real-time price). */
export function priceInputOf(
  product: Pick<Product, 'priceMode' | 'commission'>,
  set: Pick<PricesAndDates, 'price' | 'currency' | 'taxBreakdown' | 'originalPrice'>,
  realTime?: { price: number; priceMode?: PriceMode },
): PriceInput {
  return {
    price: realTime?.price ?? set.price,
    currency: set.currency,
    priceMode: realTime?.priceMode ?? product.priceMode,
    commission: product.commission,
    taxBreakdown: set.taxBreakdown,
    originalPrice: set.originalPrice,
  };
}

function commissionPerProduct(price: Cents, commission: readonly Commission[]): Cents {
  return commission.reduce(
    (sum, item) => sum + (item.type === 1 ? percentOf(price, item.value) : toCents(item.value)),
    0,
  );
}

function taxPerProduct(entry: TaxBreakdown, price: Cents): Cents {
  const { taxPercentage: rate, priceWithTaxes: gross, priceWithoutTaxes: net } = entry;
  if (gross !== undefined && net !== undefined) return toCents(gross) - toCents(net);
  if (net !== undefined) return percentOf(toCents(net), rate);
  const base = gross !== undefined ? toCents(gross) : price;
  return base - toCents(base / 100 / (1 + rate / 100));
}

/** What `quantity` products cost the customer, with the partner's share and the taxes. */
export function quotePrice(
  input: PriceInput,
  quantity: number,
  markup: NetMarkup = {},
): PriceQuote {
  const price = toCents(input.price);
  const share =
    input.priceMode === 1
      ? commissionPerProduct(price, input.commission ?? [])
      : percentOf(price, markup.percent ?? 0) + toCents(markup.perProduct ?? 0);
  const unit = input.priceMode === 1 ? price : price + share;
  const original = input.originalPrice === undefined ? undefined : toCents(input.originalPrice);
  const taxes = (input.taxBreakdown ?? []).map((entry) => {
    const perProduct = taxPerProduct(entry, price);
    const shown =
      unit === price || price === 0 ? perProduct : Math.round((perProduct * unit) / price);
    return { percentage: entry.taxPercentage, amount: shown * quantity };
  });
  return {
    currency: input.currency,
    priceMode: input.priceMode,
    quantity,
    unit,
    total: unit * quantity,
    ...(original !== undefined && original > unit ? { originalUnit: original } : {}),
    partnerShare: share * quantity,
    taxes,
  };
}

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

/** An amount with its currency in the language's conventions: "12,50 €", "€12.50". */
export function formatMoney(cents: Cents, currency: string, lang: Lang): string {
  const key = `${lang}:${currency}`;
  if (!moneyFormats.has(key)) {
    try {
      moneyFormats.set(key, new Intl.NumberFormat(locales[lang], { style: 'currency', currency }));
    } catch {
      moneyFormats.set(key, null); // not an ISO 4217 code: written after the number
    }
  }
  const format = moneyFormats.get(key);
  if (format) return format.format(cents / 100);
  const number = new Intl.NumberFormat(locales[lang], { minimumFractionDigits: 2 }).format(
    cents / 100,
  );
  return `${number} ${currency}`;
}

/** The tax's name: IVA/VAT on the mainland and Balearics, IGIC in the Canary Islands. */
function taxName(lang: Lang, taxType: number | undefined): string {
  if (taxType === 1) return 'IGIC';
  if (taxType === 0) return lang === 'es' ? 'IVA' : 'VAT';
  return lang === 'es' ? 'impuestos' : 'taxes';
}

/**
 * A quote as one line: "2 × 12,50 € = 25,00 € (IVA incluido: 4,34 €)", or
 * "€12.50 (was €15.00) (incl. VAT: €2.17)". `taxType` is the provider's TaxType.
 */
export function formatQuote(quote: PriceQuote, lang: Lang, taxType?: number): string {
  const money = (cents: Cents) => formatMoney(cents, quote.currency, lang);
  const parts: string[] = [];
  parts.push(
    quote.quantity === 1
      ? money(quote.total)
      : `${quote.quantity} × ${money(quote.unit)} = ${money(quote.total)}`,
  );
  if (quote.originalUnit !== undefined) {
    parts.push(
      lang === 'es' ? `(antes ${money(quote.originalUnit)})` : `(was ${money(quote.originalUnit)})`,
    );
  }
  const name = taxName(lang, taxType);
  const taxAmount = quote.taxes.reduce((sum, tax) => sum + tax.amount, 0);
  if (quote.taxes.length === 0)
    parts.push(lang === 'es' ? '(impuestos incluidos)' : '(taxes included)');
  else if (lang === 'es') {
    const included = taxType === 0 || taxType === 1 ? `${name} incluido` : `${name} incluidos`;
    parts.push(`(${included}: ${money(taxAmount)})`);
  } else parts.push(`(incl. ${name}: ${money(taxAmount)})`);
  return parts.join(' ');
}
