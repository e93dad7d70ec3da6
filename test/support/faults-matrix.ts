/**
 * The fault matrix as data: every partner call the booking makes (by the step that makes
 * it) × every fault the sandbox can inject (POST /__sandbox/faults), with both phases for
 * the writes ('after': the service acted, the answer was lost). test/e2e/faults.test.ts
 * runs one case per entry.
 */
import type { OutputLine } from '#src/channels/console/lines.js';
import { demoIds } from '#src/sandbox/seed/demo-ids.js';
import { cartLines, finished, type Move, type Plan } from './faults-driver.js';

/**
 * The faulted operation's time limit in the fault tests (short, so that latency cases are
 * quick; the other operations keep theirs); the injected latency is well past it.
 */
export const TIMEOUT_MS = 600;
export const latencyOf = (site: Site) => Math.round((site.timeoutMs ?? TIMEOUT_MS) * 2.5);

const P = demoIds.providers;
const B = demoIds.productBases;
const I = demoIds.products;

/** Jellyfish feeding: a session group (sessions found with /availablecapacity), no ticket questions. */
const jellyfish: Plan = {
  providerId: P.museum,
  baseId: B.museumTickets,
  productId: I.museumJellyfish,
  lines: 1,
};
/** Sea lion show: a ForceSet session (/autoassignsessions preview), dynamic ticket questions. */
const sealShow: Plan = { providerId: P.waterpark, productId: I.parkShowAdult, lines: 1 };
/** Park admission: real-time price, limited days (the first one is chosen). */
const parkAdult: Plan = { providerId: P.waterpark, productId: I.parkAdult, lines: 1, dateIndex: 0 };
/** Park admission, child: real-time price, no limited days; insurable and non-refundable. */
const parkChild: Plan = { providerId: P.waterpark, productId: I.parkChild, lines: 1 };

const has = (view: OutputLine, id: string) => view.options.some((option) => option.id === id);
/** The date step (the product card offers its first dates too, but is not the step). */
const dateStep = (view: OutputLine) =>
  view.expects === 'date' && view.options.some((o) => o.id.startsWith('date:'));

export interface Site {
  /** The sandbox's operation name (what the fault targets). */
  operation: string;
  /** Where in the booking the call is made. */
  label: string;
  plan: Plan;
  /** The view from which the next move makes the call; 'first-turn': the first message. */
  at: ((view: OutputLine) => boolean) | 'first-turn';
  /** The view the step leads to when the call works (or was reconciled, or left out). */
  progressed: (view: OutputLine) => boolean;
  /** The move that makes the call, when it is not the way on towards the plan. */
  trigger?: (view: OutputLine) => Move;
  /** The fault holds for more than one move, until this view (at most 6 moves). */
  holdUntil?: (view: OutputLine) => boolean;
  /** The plan after the trigger (a removed line is not wanted back). */
  afterTrigger?: (plan: Plan) => Plan;
  /** The faulted operation's time limit, when the default is too short for its answer. */
  timeoutMs?: number;
  /** Reset options of the sandbox (partner configuration). */
  reset?: Record<string, unknown>;
  /**
   * The call is informational here: its failure may be left out without a word, and the
   * step goes on (the reason is given in the comment of the site).
   */
  tolerated?: boolean;
  write?: boolean;
  /**
   * The service's record of this write can be read (GET /Sale): after it acted (phase
   * 'after'), the step must find it and go on, never report a failure.
   */
  reconcilesAfter?: boolean;
  /** What the customer must not be told at this step (e.g. "nothing was lost" of a Sale in doubt). */
  never?: RegExp;
  /** Faults beyond the common ones that apply to this call. */
  extra?: FaultKind[];
}

/** How many, at one: the quantity step's 1, or the ticket-types step (one of the ticket chosen). */
const oneTicket = (view: OutputLine) => has(view, 'qty:1') || has(view, 'types:go');

export const sites: Site[] = [
  {
    operation: 'catalog',
    label: 'catalog (first message)',
    plan: jellyfish,
    at: 'first-turn',
    // The whole catalog: a normal answer must fit in the limit on a busy test machine.
    timeoutMs: 2000,
    progressed: (view) => has(view, 'book'),
  },
  {
    // Read with the product for its limited days (a failure there does not stop the card:
    // the chosen day is checked again at the quantity, which is where it must be said).
    operation: 'availablecapacity',
    label: 'availablecapacity (product card → limited day)',
    plan: parkAdult,
    at: (view) => has(view, `product:${I.parkAdult}`),
    holdUntil: (view) => has(view, 'retry') || oneTicket(view),
    progressed: (view) => oneTicket(view),
  },
  {
    operation: 'availablecapacity',
    label: 'availablecapacity (sessions of the day)',
    plan: jellyfish,
    at: dateStep,
    progressed: (view) => view.options.some((o) => o.id.startsWith('session:')),
  },
  {
    // The preview of a session the provider assigns is informational: without it the
    // customer is told the provider assigns the session, and goes on.
    operation: 'autoassignsessions',
    label: 'autoassignsessions (session preview)',
    plan: sealShow,
    at: dateStep,
    progressed: (view) => oneTicket(view),
    tolerated: true,
  },
  {
    operation: 'realtimeprices',
    label: 'realtimeprices (price of the day)',
    plan: parkChild,
    at: dateStep,
    progressed: (view) => oneTicket(view),
  },
  {
    operation: 'checkticketsquestions',
    label: 'checkticketsquestions (ticket questions)',
    plan: sealShow,
    at: (view) => oneTicket(view),
    progressed: (view) => /^Ticket 1 of 1/.test(view.text),
  },
  {
    // Asked for as soon as the Add changes the cart, while the customer reads it; failed,
    // it is asked again at the checkout, which says so: faulted from the Add to past the
    // checkout. The park's child admission: insurable and non-refundable (a cart free to
    // cancel asks for no quote).
    operation: 'insurancepolicycheck',
    label: 'insurancepolicycheck (asked at the Add, for the checkout)',
    plan: parkChild,
    at: (view) => oneTicket(view),
    holdUntil: (view) => /^To issue the tickets/.test(view.text) || has(view, 'insurance:yes'),
    progressed: (view) => has(view, 'insurance:yes'),
  },
  {
    // Asked for at the Add too (with the quote, side by side); the checkout asks again
    // once the buyer's details are in: faulted from the Add to past the details.
    operation: 'checkticketsquestions',
    label: 'checkticketsquestions (asked at the Add, for the checkout questions)',
    plan: jellyfish,
    at: (view) => oneTicket(view),
    holdUntil: (view) =>
      /\(1\/\d+\): /.test(view.text) || has(view, 'reserve') || has(view, 'retry'),
    progressed: (view) => /\(1\/\d+\): /.test(view.text) || has(view, 'reserve'),
  },
  {
    operation: 'cart-add',
    label: 'cart-add (adding to the cart)',
    plan: jellyfish,
    at: (view) => oneTicket(view),
    progressed: (view) => cartLines(view) === 1 && !has(view, 'cart:add-draft'),
    write: true,
  },
  {
    operation: 'cart-remove',
    label: 'cart-remove (removing a line)',
    plan: { ...jellyfish, lines: 2 },
    at: (view) => view.options.filter((o) => o.id.startsWith('remove:')).length === 2,
    trigger: (view) => ({
      kind: 'choose',
      id: view.options.filter((o) => o.id.startsWith('remove:')).at(-1)!.id,
    }),
    afterTrigger: (plan) => ({ ...plan, lines: 1 }),
    progressed: (view) => cartLines(view) === 1,
    write: true,
  },
  {
    operation: 'cart-confirm',
    label: 'cart-confirm (reserve)',
    plan: jellyfish,
    at: (view) => has(view, 'reserve'),
    progressed: (view) => has(view, 'pay'),
    write: true,
    extra: ['capacity'],
  },
  {
    operation: 'cart-cancelconfirm',
    label: 'cart-cancelconfirm (cancel the reservation)',
    plan: jellyfish,
    at: (view) => has(view, 'pay') && has(view, 'cancel'),
    trigger: () => ({ kind: 'choose', id: 'cancel' }),
    progressed: (view) => has(view, 'checkout'),
    write: true,
  },
  {
    operation: 'cart-sale',
    label: 'cart-sale (confirm and pay)',
    plan: jellyfish,
    at: (view) => has(view, 'pay'),
    progressed: finished,
    // A Sale without an answer may have sold: "nothing was lost" would be a guess.
    never: /nothing was lost/i,
    reconcilesAfter: true,
    write: true,
    extra: ['capacity', 'expired'],
  },
  {
    operation: 'sales',
    label: 'sales GET /Sale (tickets after the sale)',
    plan: jellyfish,
    at: (view) => has(view, 'pay'),
    progressed: finished,
  },
  {
    operation: 'sales',
    label: 'sales GET /Sale (payment check, debit partner)',
    plan: jellyfish,
    at: (view) => has(view, 'paid'),
    progressed: finished,
    reset: { debitPartner: true },
  },
];

export type FaultKind =
  'latency' | 'http500' | 'http503' | 'drop' | 'malformed' | 'refused' | 'capacity' | 'expired';

export interface FaultSpec {
  label: string;
  /** The fault's fields for POST /__sandbox/faults (none: not an injected fault). */
  fault?: (site: Site) => Record<string, unknown>;
  /** Phase matters: the fault can hit before or after the service acted. */
  phased: boolean;
}

export const faultSpecs: Record<FaultKind, FaultSpec> = {
  // The sandbox waits, then acts: for a write, the service acts after we gave up.
  latency: {
    label: 'latency past the time limit',
    fault: (site) => ({ latencyMs: latencyOf(site) }),
    phased: false,
  },
  http500: { label: 'HTTP 500', fault: () => ({ status: 500 }), phased: true },
  http503: { label: 'HTTP 503', fault: () => ({ status: 503 }), phased: true },
  drop: { label: 'dropped connection', fault: () => ({ drop: true }), phased: true },
  malformed: { label: 'malformed JSON', fault: () => ({ malformedJson: true }), phased: true },
  refused: {
    label: 'Success=false with a code',
    fault: () => ({ failure: { code: '1900', message: 'Injected failure' } }),
    phased: true,
  },
  capacity: {
    label: 'capacity exhausted',
    fault: () => ({ capacityExhausted: true }),
    phased: false,
  },
  // Not injected: the sandbox's clock moves past the reservation's expiry.
  expired: { label: 'reservation expired (sandbox clock)', phased: false },
};

const common: FaultKind[] = ['latency', 'http500', 'http503', 'drop', 'malformed', 'refused'];

export interface FaultCase {
  name: string;
  site: Site;
  kind: FaultKind;
  phase: 'before' | 'after';
  /** The fault hits one call only (the reconciling calls that follow go through). */
  once: boolean;
}

/**
 * Every case: each site × each fault (every call fails until the fault is cleared); for
 * writes, both phases of the phased faults, and the "after" ones also hitting one call
 * only, so that the reconciling calls of the same step go through.
 */
export function faultCases(): FaultCase[] {
  const cases: FaultCase[] = [];
  const add = (site: Site, kind: FaultKind, phase: FaultCase['phase'], once: boolean) => {
    const spec = faultSpecs[kind];
    const tags = [...(site.write && spec.phased ? [phase] : []), ...(once ? ['once'] : [])];
    const when = tags.length > 0 ? ` [${tags.join(', ')}]` : '';
    cases.push({ name: `${site.label} × ${spec.label}${when}`, site, kind, phase, once });
  };
  for (const site of sites) {
    for (const kind of [...common, ...(site.extra ?? [])]) {
      const phased = site.write === true && faultSpecs[kind].phased;
      add(site, kind, 'before', false);
      if (phased) add(site, kind, 'after', false);
    }
    if (site.write) for (const kind of common) add(site, kind, 'after', true);
  }
  return cases;
}
