/**
 * POST /activity/checkticketsquestions: question profiles by id, or those that apply to
 * products (their tickets' profiles, their providers' profiles and the catalog's sale and
 * client profiles).
 *
 * Where the spec is silent:
 * - A profile's level (which list it is answered in) is where the catalog refers to it:
 *   a ticket's TicketsQuestionsProfileId, a provider's ProviderQuestionsProfileIds, the
 *   catalog's sale or client profile ids.
 * - Dynamic profiles (AreDynamicQuestions) are generated per ticket from the product, the
 *   access date (the ticket's, else the product's) and the session when given. When one
 *   query generates the same profile for several products or dates, the answer holds the
 *   union of their questions (by question id): asking one product at a time gives each
 *   its exact set. A dynamic profile that cannot be generated (asked by id, or through
 *   the vendor's bare ProductIds, without a product and access date) is refused.
 * - Unknown profiles, products, tickets of another product and sessions of another
 *   enclosure are refused, naming them.
 */
import type { Catalog } from '#src/api/catalog.js';
import type {
  CheckTicketsQuestionsRequest,
  CheckTicketsQuestionsResponse,
  Question,
  QuestionsProfile,
} from '#src/api/questions.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';

type Level = 'ticket' | 'provider' | 'sale' | 'client';

function levels(catalog: Catalog): Map<string, Level> {
  const map = new Map<string, Level>();
  for (const id of catalog.saleQuestionProfileIds) map.set(id, 'sale');
  for (const id of catalog.clientQuestionProfileIds) map.set(id, 'client');
  for (const provider of catalog.providers) {
    for (const id of provider.providerQuestionsProfileIds) map.set(id, 'provider');
    for (const base of provider.productBases)
      for (const product of base.products)
        for (const ticket of product.tickets)
          if (ticket.ticketsQuestionsProfileId !== undefined)
            map.set(ticket.ticketsQuestionsProfileId, 'ticket');
  }
  return map;
}

/** One product of the query; `accessDate` is absent for the vendor's bare ProductIds. */
interface ProductQuery {
  productId: string;
  accessDate?: IsoDate;
  tickets?: { ticketId: string; sessionId?: string; accessDate?: IsoDate }[];
}

const midnight = (date: IsoDate | undefined): IsoDateTime | undefined =>
  date === undefined ? undefined : (`${date}T00:00:00` as IsoDateTime);

export function checkTicketsQuestionsHandler(
  request: CheckTicketsQuestionsRequest,
  context: SandboxContext,
): CheckTicketsQuestionsResponse {
  const { data } = context;
  const language = data.language(request.languageCode);
  const index = data.index(language);
  const catalog = index.catalog;
  const profiles = new Map(data.questionProfiles(language).map((p) => [p.id, p]));
  const levelOf = levels(catalog);

  const queries: ProductQuery[] = [
    ...(request.products ?? []),
    ...(request.productIds ?? []).map((productId) => ({ productId })),
  ];
  const profileIds = request.questionsProfileIds ?? [];
  if (queries.length === 0 && profileIds.length === 0)
    refuse(
      SandboxCode.InvalidRequest,
      'give QuestionsProfileIds or Products (at least one of them is required)',
    );

  /** Profiles to answer, by id, in order of first mention; dynamic ones with their questions. */
  const chosen = new Map<string, Question[] | undefined>();
  const generated = new Map<string, Map<string, Question>>();
  const want = (id: string) => {
    if (!chosen.has(id)) chosen.set(id, undefined);
  };

  const unknownProducts = queries.filter((query) => !index.product(query.productId));
  if (unknownProducts.length > 0)
    refuse(
      SandboxCode.NotFound,
      `unknown product ${unknownProducts.map((q) => q.productId).join(', ')}`,
      unknownProducts.map((q) => ({ id: q.productId, name: '' })),
    );
  const unknownProfiles = profileIds.filter((id) => !profiles.has(id));
  if (unknownProfiles.length > 0)
    refuse(
      SandboxCode.NotFound,
      `unknown question profile ${unknownProfiles.join(', ')}`,
      unknownProfiles.map((id) => ({ id, name: '' })),
    );

  const products: CheckTicketsQuestionsResponse['products'] = [];
  const providerIds: string[] = [];
  for (const query of queries) {
    const { provider, product } = index.product(query.productId)!;
    if (!providerIds.includes(provider.providerId)) providerIds.push(provider.providerId);
    const tickets: NonNullable<ProductQuery['tickets']> =
      query.tickets ?? product.tickets.map((ticket) => ({ ticketId: ticket.ticketId }));
    const answered: CheckTicketsQuestionsResponse['products'][number]['tickets'] = [];
    for (const asked of tickets) {
      const ticket = product.tickets.find((t) => t.ticketId === asked.ticketId);
      if (!ticket)
        refuse(
          SandboxCode.InvalidTicket,
          `ticket ${asked.ticketId} is not a ticket of product ${product.productId}`,
          [{ id: asked.ticketId, name: '' }],
        );
      const sessionId = asked.sessionId;
      if (sessionId !== undefined) {
        const session = data.session(sessionId);
        if (!session || session.ticketEnclosureId !== ticket.ticketEnclosureId)
          refuse(
            SandboxCode.InvalidSession,
            `session ${sessionId} is not a session of ticket ${ticket.ticketId}`,
            [{ id: sessionId, name: '' }],
          );
      }
      const date = asked.accessDate ?? query.accessDate;
      const profileId = ticket.ticketsQuestionsProfileId;
      answered.push({
        ticketId: ticket.ticketId,
        sessionId,
        ticketQuestionsProfileId: profileId,
        accessDate: midnight(asked.accessDate),
      });
      if (profileId === undefined) continue;
      want(profileId);
      if (!profiles.get(profileId)?.areDynamicQuestions) continue;
      if (date === undefined)
        refuse(
          SandboxCode.InvalidRequest,
          `question profile ${profileId} of product ${product.productId} is dynamic: ask with Products and an AccessDate`,
          [{ id: profileId, name: profiles.get(profileId)?.name ?? '' }],
        );
      const questions =
        data.dynamicQuestions(profileId, product.productId, date, sessionId, language) ?? [];
      const union = generated.get(profileId) ?? new Map<string, Question>();
      for (const question of questions)
        if (!union.has(question.id)) union.set(question.id, question);
      generated.set(profileId, union);
    }
    products.push({
      productId: product.productId,
      accessDate: midnight(query.accessDate),
      providerId: provider.providerId,
      tickets: answered,
    });
  }

  const providers = providerIds.map((providerId) => ({
    providerId,
    providerQuestionsProfileIds: index.provider(providerId)?.providerQuestionsProfileIds ?? [],
  }));
  for (const provider of providers) provider.providerQuestionsProfileIds.forEach(want);
  if (queries.length > 0) {
    catalog.saleQuestionProfileIds.forEach(want);
    catalog.clientQuestionProfileIds.forEach(want);
  }
  profileIds.forEach(want);

  const lists: Record<Level, QuestionsProfile[]> = {
    ticket: [],
    provider: [],
    sale: [],
    client: [],
  };
  for (const id of chosen.keys()) {
    const profile = profiles.get(id);
    if (!profile) continue; // a catalog reference without a profile: nothing to answer
    let questions = profile.questions;
    if (profile.areDynamicQuestions) {
      const union = generated.get(id);
      if (!union)
        refuse(
          SandboxCode.InvalidRequest,
          `question profile ${id} is dynamic: ask with Products and an AccessDate`,
          [{ id, name: profile.name }],
        );
      questions = [...union.values()];
    }
    lists[levelOf.get(id) ?? 'ticket'].push({ ...profile, questions });
  }

  return {
    products,
    providers,
    ticketQuestionsProfiles: lists.ticket,
    providerQuestionsProfiles: lists.provider,
    saleQuestionsProfiles: lists.sale,
    clientQuestionsProfiles: lists.client,
  };
}
