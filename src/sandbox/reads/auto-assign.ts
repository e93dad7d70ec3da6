/**
 * POST /autoassignsessions: the session the service would give each ticket. Outcomes
 * are ResultTypes, not errors:
 * - 1 the ticket has no enclosure (none named, or none of its provider by that id);
 * - 2 the enclosure has no sessions;
 * - 3 the enclosure's TicketEnclosureAutoAssignSessionType is No (the sale must name one);
 * - 0 IfNotSet or ForceSet: the earliest session of the access date, not yet started,
 *   with room for the tickets (Quantity places for a quota ticket; any session for a
 *   ticket outside the quota);
 * - 4 no such session.
 *
 * Where the spec is silent:
 * - SessionStartTimeType is 0 (access at the session time) for enclosures with seating
 *   and 1 (access from the session time onwards) for the others.
 * - Without Tickets in the request, every ticket of the product is answered. A ticket
 *   that is not the product's, an unknown product, and a request without products are
 *   refused.
 */
import type { Provider, Ticket } from '#src/api/catalog.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import {
  ResultType,
  SessionStartTimeType,
  type AssignedTicket,
  type AutoAssignSessionsRequest,
  type AutoAssignSessionsResponse,
  type TimeOfDay,
} from '#src/api/sessions.js';
import { AutoAssignSessionType } from '#src/domain/partner-codes.js';
import { dateOf, providerNow } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';
import { sessionContentNames } from '../seed/sessions.js';
import type { SeedSession } from '../seed/sessions.js';

export interface AssignInput {
  provider: Provider;
  ticket: Ticket;
  date: IsoDate;
  quantity: number;
  /** Sessions of the ticket's enclosure on the date (any order). */
  sessions: readonly SeedSession[];
  /** Places left in a session; undefined when it is not limited. */
  remaining: (sessionId: string) => number | undefined;
  /** Provider-local now: sessions that have started are not given. */
  now: IsoDateTime;
  contentNames: Record<string, string>;
}

/** The answer for one ticket (pure: everything it needs is in `input`). */
export function assignSession(input: AssignInput): AssignedTicket {
  const { provider, ticket, date } = input;
  const enclosure =
    ticket.ticketEnclosureId === undefined
      ? undefined
      : provider.ticketEnclosures.find((e) => e.ticketEnclosureId === ticket.ticketEnclosureId);
  const base = { ticketId: ticket.ticketId, accessDate: date };
  if (!enclosure)
    return {
      ...base,
      sessionStartTimeType: SessionStartTimeType.AtTime,
      resultType: ResultType.HasNotTicketEnclosure,
    };
  const sessions = enclosure.sessions;
  const withEnclosure = {
    ...base,
    ticketEnclosureId: enclosure.ticketEnclosureId,
    sessionStartTimeType: sessions?.hasSeating
      ? SessionStartTimeType.AtTime
      : SessionStartTimeType.FromTime,
  };
  const hasSessions =
    sessions !== undefined &&
    (sessions.sessionSessionContents.length > 0 ||
      sessions.sessionsGroupSessionContents !== undefined);
  if (!hasSessions)
    return { ...withEnclosure, resultType: ResultType.TicketEnclosureSessionTypeIsNone };
  if (sessions.ticketEnclosureAutoAssignSessionType === AutoAssignSessionType.No)
    return { ...withEnclosure, resultType: ResultType.TicketEnclosureDoesNotAcceptAutoAssign };

  const needed = ticket.isQuotaTicket ? input.quantity : 0;
  const session = [...input.sessions]
    .filter((s) => dateOf(s.sessionTime) === date && s.sessionTime >= input.now)
    .sort((a, b) => a.sessionTime.localeCompare(b.sessionTime))
    .find((s) => (input.remaining(s.sessionId) ?? Number.POSITIVE_INFINITY) >= needed);
  if (!session)
    return { ...withEnclosure, resultType: ResultType.TicketEnclosureHasNoSessionsAvailable };
  return {
    ...withEnclosure,
    sessionId: session.sessionId,
    sessionTime: session.sessionTime.slice(11, 16) as TimeOfDay,
    sessionContentId: session.sessionContentId,
    sessionContentName:
      session.sessionContentId === undefined
        ? undefined
        : input.contentNames[session.sessionContentId],
    resultType: ResultType.Ok,
  };
}

export function autoAssignSessionsHandler(
  request: AutoAssignSessionsRequest,
  context: SandboxContext,
): AutoAssignSessionsResponse {
  const { data, state } = context;
  if (request.products.length === 0)
    refuse(SandboxCode.InvalidRequest, 'give Products (at least one is required)');
  const language = data.language(request.languageCode);
  const index = data.index(language);
  const unknown = request.products.filter((p) => !index.product(p.productId));
  if (unknown.length > 0)
    refuse(
      SandboxCode.NotFound,
      `unknown product ${unknown.map((p) => p.productId).join(', ')}`,
      unknown.map((p) => ({ id: p.productId, name: '' })),
    );
  const contentNames = sessionContentNames(language);
  const instant = context.clock.now();

  const products = request.products.map((query) => {
    if (query.quantity < 1)
      refuse(
        SandboxCode.InvalidQuantity,
        `Quantity of product ${query.productId} must be 1 or more`,
      );
    const { provider, product } = index.product(query.productId)!;
    const asked: { ticketId: string; accessDate?: IsoDate }[] =
      query.tickets ?? product.tickets.map((ticket) => ({ ticketId: ticket.ticketId }));
    const tickets = asked.map((item) => {
      const ticket = product.tickets.find((t) => t.ticketId === item.ticketId);
      if (!ticket)
        refuse(
          SandboxCode.InvalidTicket,
          `ticket ${item.ticketId} is not a ticket of product ${product.productId}`,
          [{ id: item.ticketId, name: '' }],
        );
      const date = item.accessDate ?? query.accessDate;
      return assignSession({
        provider,
        ticket,
        date,
        quantity: query.quantity,
        sessions: data.capacity.sessions.filter(
          (s) =>
            s.providerId === provider.providerId &&
            s.ticketEnclosureId === ticket.ticketEnclosureId,
        ),
        remaining: (sessionId) =>
          state.cart.capacity.remainingForSession(sessionId) ?? data.session(sessionId)?.capacity,
        now: providerNow(provider, instant),
        contentNames,
      });
    });
    const enclosureIds = new Set(provider.ticketEnclosures.map((e) => e.ticketEnclosureId));
    return {
      productId: product.productId,
      accessDate: query.accessDate,
      hasTicketEnclosures: product.tickets.some(
        (ticket) =>
          ticket.ticketEnclosureId !== undefined && enclosureIds.has(ticket.ticketEnclosureId),
      ),
      tickets,
    };
  });
  return { products };
}
