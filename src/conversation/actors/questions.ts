/**
 * The question profiles a booking must answer, from POST /activity/checkticketsquestions.
 *
 * Where the spec is silent:
 * - Ticket questions are always asked with the product, its access date and each
 *   ticket's session (the session chosen for the ticket's enclosure): dynamic profiles
 *   (AreDynamicQuestions) need them, and static ones come back all the same. A profile
 *   a ticket refers to that the answer leaves out is asked again by id; one that still
 *   does not come back is not asked (the cart's Add will say if it was needed).
 * - Which profile a ticket has: the answer's Products mapping, else the catalog's.
 * - Checkout profiles are asked with the cart's products (some dynamic provider questions
 *   need the sessions) and, by id, the catalog's provider, sale and client profiles;
 *   every provider, sale and client profile of the answer is asked, each once.
 * - Answers are never logged: only ids and counts.
 * - The checkout's profiles are asked for as soon as the cart changes (`warmCheckout`),
 *   while the customer reads the cart: the checkout finds them ready (fetch-ahead.ts).
 */
import { fromPromise } from 'xstate';
import type {
  CheckTicketsQuestionsRequest,
  CheckTicketsQuestionsResponse,
  QuestionsProfile,
} from '#src/api/questions.js';
import { checkTicketsQuestionsOperation } from '#src/api/questions.js';
import type { Product, Ticket } from '#src/api/catalog.js';
import type { CatalogIndex, ProductEntry } from '#src/domain/catalog.js';
import {
  personDefinitions,
  productPersonKind,
  ticketPersonKind,
  ticketTypeSiblings,
} from '#src/domain/people.js';
import type { IsoDate } from '#src/api/schema.js';
import type {
  CheckoutQuestionsInput,
  TicketQuestionsInput,
} from '#flows/booking/actors/questions.js';
import type {
  ProfileQuestionSet,
  SessionChoice,
  TicketPerson,
  TicketQuestionSet,
} from '#flows/booking/types.js';
import { createFetchAhead, readKey, type FetchAhead } from './fetch-ahead.js';
import type { ActorDeps } from './index.js';

type ProductQuery = NonNullable<CheckTicketsQuestionsRequest['products']>[number];

/**
 * The product with each ticket's session (the one chosen for its enclosure) and, under
 * DatePerTicketEnclosure, its enclosure's own date; or the tickets as they were added.
 */
function productQuery(
  product: Product,
  accessDate: IsoDate,
  sessions: SessionChoice[],
  enclosureDates: Record<string, IsoDate> = {},
  added?: CheckoutQuestionsInput['lines'][number]['tickets'],
): ProductQuery {
  if (added !== undefined && added.length > 0) {
    const seen = new Set<string>();
    const tickets = added.filter((ticket) => {
      const key = `${ticket.ticketId}|${ticket.sessionId ?? ''}|${ticket.accessDate ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { productId: product.productId, accessDate, tickets };
  }
  return {
    productId: product.productId,
    accessDate,
    tickets: product.tickets.map((ticket) => {
      const enclosureId = ticket.ticketEnclosureId;
      const session = sessions.find((choice) => choice.enclosureId === enclosureId);
      const date = enclosureId !== undefined ? enclosureDates[enclosureId] : undefined;
      return {
        ticketId: ticket.ticketId,
        ...(session !== undefined ? { sessionId: session.sessionId } : {}),
        ...(date !== undefined && date !== accessDate ? { accessDate: date } : {}),
      };
    }),
  };
}

/** What the tickets' profiles of a product on a day depend on (not the quantity). */
export type TicketsAheadInput = Pick<
  TicketQuestionsInput,
  'productId' | 'date' | 'sessions' | 'enclosureDates' | 'language'
>;

/** A product some of whose tickets have a questions profile: only those are asked about. */
const withProfiles = (product: Product): boolean =>
  product.tickets.some((ticket) => ticket.ticketsQuestionsProfileId !== undefined);

/** The request for a product's tickets' profiles: the key a value fetched ahead is kept under. */
const ticketRequest = (
  product: Product,
  input: TicketsAheadInput,
): CheckTicketsQuestionsRequest => ({
  products: [productQuery(product, input.date, input.sessions, input.enclosureDates)],
  languageCode: input.language,
});

const withQuestions = (profile: QuestionsProfile | undefined): profile is QuestionsProfile =>
  profile !== undefined && profile.questions.length > 0;

/** The question actors, and the checkout's profiles asked for ahead (`warmCheckout`). */
export function createQuestionReads(deps: ActorDeps & { ahead?: FetchAhead }) {
  const ahead = deps.ahead ?? createFetchAhead();
  // Read-only and keyed by the whole request: a profile fetched ahead answers only the
  // very question it was asked.
  const ask: Ask = (request, signal) =>
    ahead.take(readKey(checkTicketsQuestionsOperation.name, request), () =>
      deps.client.call(checkTicketsQuestionsOperation, request, signal ? { signal } : {}),
    );
  const reads: Reads = { deps, ahead, ask };
  return {
    actors: questionActorsOf(
      (input, signal) => ticketQuestions(reads, input, signal),
      (input, signal) => checkoutQuestions(reads, input, signal),
    ),
    warmCheckout: (input: CheckoutQuestionsInput) => warmCheckout(reads, input),
    warmTickets: (input: TicketsAheadInput) => warmTickets(reads, input),
  };
}

type Ask = (
  request: CheckTicketsQuestionsRequest,
  signal?: AbortSignal,
) => Promise<CheckTicketsQuestionsResponse>;

/** What the question reads work with: the deps, the reads fetched ahead, and `ask` through them. */
interface Reads {
  deps: ActorDeps;
  ahead: FetchAhead;
  ask: Ask;
}

/** Ticket types chosen together: each type's sets, attendees numbered across them. */
async function typesQuestions(
  reads: Reads,
  input: TicketQuestionsInput,
  types: NonNullable<TicketQuestionsInput['types']>,
  signal: AbortSignal,
): Promise<TicketQuestionSet[]> {
  const sets: TicketQuestionSet[] = [];
  let before = 0;
  for (const type of types) {
    if (type.quantity <= 0) continue;
    const own = await ticketQuestions(
      reads,
      { ...input, productId: type.productId, quantity: type.quantity, types: undefined },
      signal,
    );
    sets.push(
      ...own.map((set) => ({
        ...set,
        attendee: set.attendee + before,
        productId: type.productId,
      })),
    );
    before += type.quantity;
  }
  return sets;
}

async function ticketQuestions(
  reads: Reads,
  input: TicketQuestionsInput,
  signal: AbortSignal,
): Promise<TicketQuestionSet[]> {
  if (input.types !== undefined) return typesQuestions(reads, input, input.types, signal);
  const catalog = await reads.deps.catalog.get(input.language);
  const entry = catalog.product(input.productId);
  const product = entry?.product;
  if (product === undefined) throw new Error(`product ${input.productId} is not in the catalog`);
  // No ticket with a profile: nothing to ask, and no call.
  if (!withProfiles(product)) return [];
  const { profiles, profileOf } = await ticketProfiles(reads, product, input, signal);
  const sets: TicketQuestionSet[] = [];
  for (let attendee = 1; attendee <= input.quantity; attendee += 1) {
    for (const ticket of product.tickets) {
      const profile = profiles.get(
        profileOf(ticket.ticketId, ticket.ticketsQuestionsProfileId) ?? '',
      );
      if (!withQuestions(profile)) continue;
      const person = ticketPerson(entry!, ticket);
      sets.push({
        ticketId: ticket.ticketId,
        attendee,
        label: ticket.ticketName,
        questions: profile.questions,
        ...(person !== undefined ? { person } : {}),
      });
    }
  }
  return sets;
}

/**
 * The profiles of the product's tickets, as the service maps them for this visit (else
 * the catalog's), and those it named without sending asked for by id.
 */
async function ticketProfiles(
  { deps, ask }: Reads,
  product: Product,
  input: TicketQuestionsInput,
  signal: AbortSignal,
) {
  const answer = await ask(ticketRequest(product, input), signal);
  const mapped = new Map(
    answer.products
      .filter((entry) => entry.productId === product.productId)
      .flatMap((entry) => entry.tickets)
      .map((ticket) => [ticket.ticketId, ticket.ticketQuestionsProfileId]),
  );
  const profileOf = (ticketId: string, catalogProfile: string | undefined) =>
    mapped.get(ticketId) ?? catalogProfile;
  const profiles = new Map(answer.ticketQuestionsProfiles.map((p) => [p.id, p]));
  const missing = [
    ...new Set(
      product.tickets
        .map((ticket) => profileOf(ticket.ticketId, ticket.ticketsQuestionsProfileId))
        .filter((id): id is string => id !== undefined && !profiles.has(id)),
    ),
  ];
  if (missing.length > 0) {
    const byId = await ask({ questionsProfileIds: missing, languageCode: input.language }, signal);
    for (const profile of allProfiles(byId)) {
      if (missing.includes(profile.id)) profiles.set(profile.id, profile);
    }
    const lost = missing.filter((id) => !profiles.has(id));
    if (lost.length > 0) {
      deps.logger.warn(
        { productId: product.productId, profileIds: lost },
        'ticket question profiles not returned by the service',
      );
    }
  }
  return { profiles, profileOf };
}

/** The checkout's request (undefined: nothing to ask) and what reads its answer. */
async function checkoutRequest(deps: ActorDeps, input: CheckoutQuestionsInput) {
  const catalog = await deps.catalog.get(input.language);
  const products = input.lines.flatMap((line) => {
    const product = catalog.product(line.productId)?.product;
    return product ? [productQuery(product, line.accessDate, line.sessions, {}, line.tickets)] : [];
  });
  const providerIds = [...new Set(input.lines.map((line) => line.providerId))];
  const ids = [
    ...new Set([
      ...providerIds.flatMap(
        (id) => catalog.provider(id)?.providerQuestionsProfileIds ?? ([] as string[]),
      ),
      ...catalog.catalog.saleQuestionProfileIds,
      ...catalog.catalog.clientQuestionProfileIds,
    ]),
  ];
  if (products.length === 0 && ids.length === 0) return { catalog, providerIds };
  const request: CheckTicketsQuestionsRequest = {
    ...(products.length > 0 ? { products } : {}),
    ...(ids.length > 0 ? { questionsProfileIds: ids } : {}),
    languageCode: input.language,
  };
  return { catalog, providerIds, request };
}

async function checkoutQuestions(
  { deps, ask }: Reads,
  input: CheckoutQuestionsInput,
  signal: AbortSignal,
): Promise<ProfileQuestionSet[]> {
  const { catalog, providerIds, request } = await checkoutRequest(deps, input);
  if (request === undefined) return [];
  return checkoutSets(await ask(request, signal), catalog, providerIds);
}

/**
 * Asks now for the tickets' profiles of a product on a day (its sessions chosen), for the
 * quantity that may come: the same request `ticketQuestions` makes, whatever the quantity
 * (never awaited; nothing asked for a product without profiles).
 */
function warmTickets({ deps, ahead }: Reads, input: TicketsAheadInput): void {
  void deps.catalog.get(input.language).then(
    (catalog) => {
      const product = catalog.product(input.productId)?.product;
      if (product === undefined || !withProfiles(product)) return;
      const request = ticketRequest(product, input);
      ahead.warm(readKey(checkTicketsQuestionsOperation.name, request), () =>
        deps.client.call(checkTicketsQuestionsOperation, request),
      );
    },
    // The catalog unreadable now: the questions will say so when they ask.
    () => undefined,
  );
}

/** Asks for the checkout's profiles now, for a checkout that may come (never awaited). */
function warmCheckout({ deps, ahead }: Reads, input: CheckoutQuestionsInput): void {
  void checkoutRequest(deps, input).then(
    ({ request }) => {
      if (request !== undefined) {
        ahead.warm(readKey(checkTicketsQuestionsOperation.name, request), () =>
          deps.client.call(checkTicketsQuestionsOperation, request),
        );
      }
    },
    // The catalog unreadable now: the checkout will say so when it asks.
    () => undefined,
  );
}

export function createQuestionActors(deps: ActorDeps & { ahead?: FetchAhead }) {
  return createQuestionReads(deps).actors;
}

function questionActorsOf(
  ticketQuestions: (
    input: TicketQuestionsInput,
    signal: AbortSignal,
  ) => Promise<TicketQuestionSet[]>,
  checkoutQuestions: (
    input: CheckoutQuestionsInput,
    signal: AbortSignal,
  ) => Promise<ProfileQuestionSet[]>,
) {
  return {
    loadTicketQuestions: fromPromise<TicketQuestionSet[], TicketQuestionsInput>(
      ({ input, signal }) => ticketQuestions(input, signal),
    ),
    loadCheckoutQuestions: fromPromise<ProfileQuestionSet[], CheckoutQuestionsInput>(
      ({ input, signal }) => checkoutQuestions(input, signal),
    ),
  };
}

type Kind = TicketPerson['kind'];
const KINDS: readonly Kind[] = ['child', 'adult', 'senior'];

/**
 * Whom a ticket is for, where its enclosure defines that kind of person by age or height:
 * the kind is the product's (one person of one kind) or, in a pack, the ticket's name's.
 * Instead of it: each other kind's ticket type of the product (its siblings), else the
 * place's product of that kind sold alone whose tickets share the enclosure.
 */
function ticketPerson(entry: ProductEntry, ticket: Ticket): TicketPerson | undefined {
  const enclosure = entry.provider.ticketEnclosures.find(
    (candidate) => candidate.ticketEnclosureId === ticket.ticketEnclosureId,
  );
  const definitions = personDefinitions(enclosure);
  const named = productPersonKind(entry.product) ?? ticketPersonKind(ticket);
  const kind = KINDS.find((candidate) => candidate === named);
  if (kind === undefined || !definitions.some((definition) => definition.kind === kind))
    return undefined;
  const siblings = ticketTypeSiblings(entry.base, entry.product);
  const sellable = (product: Product) =>
    !product.isForPackaging && !product.canOnlyBeSoldAsPartOfCombinedProduct;
  const instead: TicketPerson['instead'] = {};
  for (const other of KINDS) {
    if (other === kind || !definitions.some((definition) => definition.kind === other)) continue;
    const product =
      siblings.find((sibling) => productPersonKind(sibling) === other) ??
      entry.base.products.find(
        (candidate) =>
          sellable(candidate) &&
          productPersonKind(candidate) === other &&
          candidate.tickets.some((t) => t.ticketEnclosureId === ticket.ticketEnclosureId),
      );
    if (product !== undefined) instead[other] = product.productId;
  }
  return { kind, definitions, instead };
}

function allProfiles(answer: CheckTicketsQuestionsResponse): QuestionsProfile[] {
  return [
    ...answer.ticketQuestionsProfiles,
    ...answer.providerQuestionsProfiles,
    ...answer.saleQuestionsProfiles,
    ...answer.clientQuestionsProfiles,
  ];
}

/** Provider profiles first (named after their provider), then sale, then client. */
function checkoutSets(
  answer: CheckTicketsQuestionsResponse,
  catalog: CatalogIndex,
  providerIds: string[],
): ProfileQuestionSet[] {
  const providerOf = new Map<string, string>();
  for (const providerId of providerIds) {
    const fromAnswer = answer.providers.find((entry) => entry.providerId === providerId);
    const profileIds = [
      ...(fromAnswer?.providerQuestionsProfileIds ?? []),
      ...(catalog.provider(providerId)?.providerQuestionsProfileIds ?? []),
    ];
    for (const id of profileIds) if (!providerOf.has(id)) providerOf.set(id, providerId);
  }
  const sets: ProfileQuestionSet[] = [];
  const seen = new Set<string>();
  const add = (level: ProfileQuestionSet['level'], profiles: QuestionsProfile[]) => {
    for (const profile of profiles) {
      if (seen.has(profile.id) || !withQuestions(profile)) continue;
      seen.add(profile.id);
      const name = profile.commercialName ?? profile.name;
      const providerName =
        level === 'provider'
          ? catalog.provider(providerOf.get(profile.id) ?? '')?.providerName
          : undefined;
      sets.push({
        profileId: profile.id,
        level,
        label:
          providerName !== undefined && providerName !== '' ? `${providerName} — ${name}` : name,
        questions: profile.questions,
      });
    }
  };
  add('provider', answer.providerQuestionsProfiles);
  add('sale', answer.saleQuestionsProfiles);
  add('client', answer.clientQuestionsProfiles);
  return sets;
}
