/**
 * POST /availablecapacity: places left per limited day of a product and per session.
 *
 * Where the spec is silent:
 * - Capacity is reported in places (quota tickets), as the service counts it: the bot
 *   divides by the product's quota tickets. Remaining = initial − held by live
 *   reservations − sold (the cart state's view); 0 is reported, not left out.
 * - For a product, Sessions lists every session of the enclosures of its tickets in the
 *   range, including those of session groups, which the catalog does not list (this is
 *   how a partner finds them), and SessionIds adds sessions by id (OR). A session that
 *   has already started (provider-local time) is left out.
 * - AvailableCapacity is an int in the spec's answer, so a session whose capacity is not
 *   limited, having no number to give, is left out; such sessions are all in the
 *   catalog (the seed limits every session-group session).
 * - Dates, FromDate and ToDate all bound the answer (Dates further narrows the range);
 *   unknown product or session ids are refused, naming them.
 */
import type { AvailableCapacityRequest, AvailableCapacityResponse } from '#src/api/availability.js';
import type { IsoDate } from '#src/api/schema.js';
import { dateOf, providerNow } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';
import type { SeedSession } from '../seed/sessions.js';
import { inRange, requestRange } from './dates.js';

export function availableCapacityHandler(
  request: AvailableCapacityRequest,
  context: SandboxContext,
): AvailableCapacityResponse {
  const { data, state } = context;
  const productIds = [...new Set(request.productIds ?? [])];
  const sessionIds = [...new Set(request.sessionIds ?? [])];
  if (productIds.length === 0 && sessionIds.length === 0)
    refuse(SandboxCode.InvalidRequest, 'give ProductIds or SessionIds (at least one is required)');
  const range = requestRange(context, request);
  const dates = request.dates && request.dates.length > 0 ? new Set(request.dates) : undefined;
  const wanted = (date: IsoDate) =>
    inRange(date, range) && (dates === undefined || dates.has(date));

  const index = data.index();
  const unknown = [
    ...productIds.filter((id) => !index.product(id)),
    ...sessionIds.filter((id) => !data.session(id)),
  ];
  if (unknown.length > 0)
    refuse(
      SandboxCode.NotFound,
      `unknown product or session ${unknown.join(', ')}`,
      unknown.map((id) => ({ id, name: '' })),
    );

  const seedDays = new Map(
    data.capacity.products.map((day) => [`${day.productId}|${day.date}`, day.capacity]),
  );
  const products: AvailableCapacityResponse['products'] = [];
  const sessions = new Map<string, SeedSession>();
  const now = context.clock.now();

  for (const productId of productIds) {
    const { provider, product } = index.product(productId)!;
    for (const date of [...product.daysWithLimitedCapacity].sort()) {
      if (!wanted(date)) continue;
      const remaining =
        state.cart.capacity.remainingForDay(productId, date) ??
        seedDays.get(`${productId}|${date}`);
      if (remaining !== undefined) products.push({ productId, date, availableCapacity: remaining });
    }
    const enclosureIds = new Set(product.tickets.map((ticket) => ticket.ticketEnclosureId));
    for (const session of data.capacity.sessions)
      if (session.providerId === provider.providerId && enclosureIds.has(session.ticketEnclosureId))
        sessions.set(session.sessionId, session);
  }
  for (const sessionId of sessionIds) sessions.set(sessionId, data.session(sessionId)!);

  const sessionList: AvailableCapacityResponse['sessions'] = [];
  for (const session of [...sessions.values()].sort((a, b) =>
    a.sessionTime.localeCompare(b.sessionTime),
  )) {
    if (!wanted(dateOf(session.sessionTime))) continue;
    const provider = index.provider(session.providerId);
    if (provider && session.sessionTime < providerNow(provider, now)) continue;
    // Unlimited sessions are listed without AvailableCapacity: this is also how the bot
    // finds the sessions of a session group, which the catalog names only by group.
    const remaining = session.hasLimitedCapacity
      ? (state.cart.capacity.remainingForSession(session.sessionId) ?? session.capacity)
      : undefined;
    sessionList.push({
      sessionId: session.sessionId,
      date: session.sessionTime,
      availableCapacity: remaining,
    });
  }
  return { products, sessions: sessionList };
}
