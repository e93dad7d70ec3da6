/**
 * Cancellation: the product's CancellationPolicy overrides the provider's. A policy is
 * refundable (free at any time), or a list of penalties each applying from a number of
 * hours before access; before the earliest of them cancelling is free. A policy that is
 * not refundable and has no rules is non-refundable. Release (days in advance required
 * for free cancellation; 0 the visit day) is added when the product has it.
 */
import type { Product, Provider } from './catalog-shapes.js';
import type { CancellationPolicy, CancellationRule } from './partner-shapes.js';
import { inLang, locales, type Lang } from './lang.js';
import { formatMoney, toCents } from './pricing.js';

export function applicablePolicy(
  provider: Pick<Provider, 'cancellationPolicy'>,
  product: Pick<Product, 'cancellationPolicy'>,
): CancellationPolicy | undefined {
  return product.cancellationPolicy ?? provider.cancellationPolicy;
}

const byHoursDesc = (a: CancellationRule, b: CancellationRule) =>
  (b.hoursInAdvanceOfAccess ?? Infinity) - (a.hoursInAdvanceOfAccess ?? Infinity);

/**
 * The penalty percentage for cancelling `hoursBeforeAccess` hours before access: the
 * rule with the fewest hours that have already been reached. A rule without hours
 * applies at any time; an amount-only rule counts as 100 % here.
 */
export function penaltyPercentage(policy: CancellationPolicy, hoursBeforeAccess: number): number {
  if (policy.isRefundable) return 0;
  if (policy.rules.length === 0) return 100;
  const reached = policy.rules.filter(
    (rule) =>
      rule.hoursInAdvanceOfAccess === undefined || hoursBeforeAccess <= rule.hoursInAdvanceOfAccess,
  );
  const rule = [...reached].sort(byHoursDesc).at(-1);
  if (rule === undefined) return 0;
  return rule.percentage ?? (rule.amount !== undefined ? 100 : 0);
}

const words = {
  es: {
    refundable: 'Cancelación gratuita en cualquier momento.',
    nonRefundable: 'No reembolsable.',
    freeUntil: (h: string) => `Cancelación gratuita hasta ${h} antes del acceso.`,
    from: (h: string) => `Desde ${h} antes del acceso`,
    always: 'En cualquier momento',
    between: (from: string, to: string) => `Del ${from} al ${to}`,
    penalty: (what: string) => `penalización del ${what}`,
    amount: (what: string) => `penalización de ${what}`,
    free: 'sin coste',
    releaseDays: (d: number) =>
      `Cancelación gratuita con ${d} ${d === 1 ? 'día' : 'días'} de antelación.`,
    releaseSameDay: 'Cancelación gratuita hasta el mismo día del acceso.',
  },
  en: {
    refundable: 'Free cancellation at any time.',
    nonRefundable: 'Non-refundable.',
    freeUntil: (h: string) => `Free cancellation until ${h} before access.`,
    from: (h: string) => `From ${h} before access`,
    always: 'At any time',
    between: (from: string, to: string) => `From ${from} to ${to}`,
    penalty: (what: string) => `${what} penalty`,
    amount: (what: string) => `${what} penalty`,
    free: 'free of charge',
    releaseDays: (d: number) =>
      `Free cancellation up to ${d} ${d === 1 ? 'day' : 'days'} in advance.`,
    releaseSameDay: 'Free cancellation until the day of access.',
  },
} as const;

type Words = (typeof words)['en'] | (typeof words)['es'];

const hoursText = (hours: number) => `${hours} h`;
const percentText = (percentage: number, lang: Lang) =>
  new Intl.NumberFormat(locales[lang], { style: 'percent', maximumFractionDigits: 2 }).format(
    percentage / 100,
  );
const dateTimeText = (value: string) => value.slice(0, 16).replace('T', ' ');

function ruleText(rule: CancellationRule, lang: Lang, currency: string): string {
  const w = inLang<Words>(words, lang);
  const when =
    rule.fromInclusiveDateTime !== undefined || rule.toExclusiveDateTime !== undefined
      ? w.between(
          dateTimeText(rule.fromInclusiveDateTime ?? '…'),
          dateTimeText(rule.toExclusiveDateTime ?? '…'),
        )
      : rule.hoursInAdvanceOfAccess !== undefined
        ? w.from(hoursText(rule.hoursInAdvanceOfAccess))
        : w.always;
  const what =
    rule.amount !== undefined
      ? w.amount(formatMoney(toCents(rule.amount), currency, lang))
      : (rule.percentage ?? 0) === 0
        ? w.free
        : w.penalty(percentText(rule.percentage ?? 0, lang));
  return `${when}: ${what}.`;
}

/**
 * The policy in plain words, e.g. "Free cancellation until 48 h before access. From 48 h
 * before access: 50% penalty." `currency` names amounts of reservation-time rules.
 * Release is added unless the policy says non-refundable (the policy, which the
 * reservation confirms, wins). Empty when nothing is known: the caller then shows the
 * product's ProductCancellationConditions text.
 */
export function describeCancellation(
  policy: CancellationPolicy | undefined,
  lang: Lang,
  options: { release?: number; currency?: string } = {},
): string {
  const w = inLang<Words>(words, lang);
  const sentences: string[] = [];
  const nonRefundable = policy !== undefined && !policy.isRefundable && policy.rules.length === 0;
  if (policy?.isRefundable) sentences.push(w.refundable);
  else if (nonRefundable) sentences.push(w.nonRefundable);
  else if (policy !== undefined) {
    const rules = [...policy.rules].sort(byHoursDesc);
    const first = rules[0]!;
    const hourBased = rules.every(
      (rule) => rule.fromInclusiveDateTime === undefined && rule.toExclusiveDateTime === undefined,
    );
    if (hourBased && first.hoursInAdvanceOfAccess !== undefined) {
      sentences.push(w.freeUntil(hoursText(first.hoursInAdvanceOfAccess)));
    }
    for (const rule of rules) sentences.push(ruleText(rule, lang, options.currency ?? 'EUR'));
  }
  if (options.release !== undefined && !nonRefundable) {
    sentences.push(options.release === 0 ? w.releaseSameDay : w.releaseDays(options.release));
  }
  return sentences.join(' ');
}
