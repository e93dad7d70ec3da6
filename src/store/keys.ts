/**
 * Every name the bot keeps something under in the store, in one place: what each family
 * holds, how long it lives, and whether it carries personal data (which must expire and
 * is never logged). The TTLs themselves stay with the code that writes them; the comment
 * names where.
 *
 * These strings are a storage format: data already in Redis is found by them, so a
 * family's format never changes (test/store/keys.test.ts pins each one). A new family
 * gets a new prefix here, not a variation of an old one.
 *
 * Under these names each store keeps its own layout: the Redis store prefixes every key
 * with `bot:` (RedisStoreOptions.prefix) and then `kv:` (values), `claim:` (claims) or
 * `lock:` (locks); rate limits live under `rl:<name>` (rate-limits.ts). So the
 * conversation `tg:42` is the hash `bot:kv:conv:tg:42` and its turn lock `bot:lock:conv:tg:42`.
 * On a Redis Cluster the name is a hash tag, `bot:kv:{conv:tg:42}` (RedisLayout in
 * redis-layout.ts), so that a script's keys share a slot; the families stay as they are.
 *
 * Most families are keyed by a conversation id (`tg:<chatId>`, `console:<name>`: the
 * channel's prefix, then its own id), which is also the "user key" of what outlives a
 * conversation (customer memory, bookings).
 */

// The conversation (conversation/engine.ts and what follows its turns).

/**
 * A conversation's saved snapshot with the machine version that wrote it, and the input
 * keys it has taken (conversation/restore.ts, `ConversationRecord`); its turns' lock is
 * taken on the same name. TTL: DATA_TTL_HOURS (the engine's `ttlSeconds`), from its last
 * turn. Personal data: yes (names, contacts, the order); /forget erases it but for a sale's
 * ids, amounts and payment (flows/booking/steps/forget.ts).
 */
export const conversationKey = (conversationId: string) => `conv:${conversationId}`;

/**
 * A customer's details remembered, with consent, for the next purchase
 * (conversation/customer-memory.ts). TTL: CUSTOMER_TTL_DAYS, renewed by each purchase;
 * erased by /forget. Personal data: yes.
 */
export const customerKey = (userKey: string) => `customer:${userKey}`;

/**
 * The PartnerSaleIds a conversation made, newest first, for /mybookings
 * (conversation/bookings-record.ts). TTL: a season (TTL_SECONDS there), from the last
 * sale. Personal data: no (ids only).
 */
export const bookingsKey = (userKey: string) => `bookings:${userKey}`;

/**
 * The channel payments of those sales, by PartnerSaleId: charge ids and amounts, for
 * refunds and disputes (bookings-record.ts). TTL: as bookingsKey. Personal data: no
 * names or contacts; payment references of one chat.
 */
export const bookingChargesKey = (userKey: string) => `bookings:${userKey}:charges`;

/**
 * The stays of those sales, by PartnerSaleId: accommodation names, dates, rooms, the
 * rate's terms, which GET /Sale does not give back (bookings-record.ts). TTL: as
 * bookingsKey. Personal data: no names or contacts.
 */
export const bookingStaysKey = (userKey: string) => `bookings:${userKey}:stays`;

/**
 * An invoice a channel showed, by its payload: conversation, language, amount, the
 * reservation's expiry, open or not, for the pre-checkout check (conversation/invoices.ts).
 * TTL: a day past the reservation's expiry. Personal data: no.
 */
export const invoiceKey = (payload: string) => `invoice:${payload}`;

/**
 * The record of one call that changes a cart at the partner (an Add, a Confirm, the
 * Sale; `attempt` tells which), written before the call and settled after it, so that it
 * is never made again blindly (conversation/actors/effects.ts). TTL: EFFECT_TTL_SECONDS
 * (a week). Personal data: no (ids, results and a digest of the request).
 */
export const effectKey = (shoppingCartId: string, operation: string, attempt: string) =>
  `effect:${shoppingCartId}:${operation}:${attempt}`;

/**
 * Which conversation a handoff's thread belongs to, by the thread's id at the desk (Slack:
 * its `ts`), for what staff do in the thread (conversation/handoff/line.ts); the handoff
 * itself lives in the conversation's record. TTL: DATA_TTL_HOURS, from the thread's
 * last message either way. Personal data: no (names a conversation).
 */
export const supportThreadKey = (threadId: string) => `support:thread:${threadId}`;

// Payments (payments/).

/**
 * Which conversation waits for which sale's payment page, by the sale's return token
 * (payments/return-route.ts). TTL: two days (TTL_SECONDS there); deleted when the sale
 * stops waiting. Personal data: no (names a conversation and a sale).
 */
export const paymentReturnKey = (token: string) => `payment-return:${token}`;

/**
 * A lock held while a payment return's push is under way: one push per sale and outcome
 * at a time, however often the payment page calls back (payments/return-route.ts). TTL:
 * PUSHING_TTL_MS there. Personal data: no.
 */
export const paymentReturnPushingKey = (token: string, outcome: string) =>
  `payment-return-pushing:${token}:${outcome}`;

/**
 * A payment return that came while a push was under way: the push is made once more
 * (payments/return-route.ts). TTL: AGAIN_TTL_SECONDS there. Personal data: no.
 */
export const paymentReturnAgainKey = (token: string, outcome: string) =>
  `payment-return-again:${token}:${outcome}`;

/**
 * The secret return tokens are signed with when PAYMENT_RETURN_SECRET is not set, made by
 * the first instance (payments/return-token.ts). TTL: SECRET_TTL_SECONDS (over a year).
 * Personal data: no, but a secret: never logged.
 */
export const PAYMENT_RETURN_SECRET_KEY = 'payment-return-secret';

// Telegram (channels/telegram/).

/**
 * A rendered view, by the random stamp its buttons carry: its chat, conversation, the
 * options it offered (view-table.ts). TTL: VIEW_TTL_SECONDS (as long as a conversation).
 * Personal data: yes (options' labels may be names offered again); a chat's are erased by
 * /forget (view-table.ts eraseEarlierViews).
 */
export const telegramViewKey = (stamp: string) => `tg:view:${stamp}`;

/**
 * A chat's current view: its stamp and the message showing it (view-table.ts). TTL:
 * VIEW_TTL_SECONDS, from the last render. Personal data: no.
 */
export const telegramPointerKey = (chatId: number) => `tg:chat:${chatId}`;

/**
 * A lock: one choice of a view handled at a time (view-table.ts). TTL: HANDLING_LEASE_MS,
 * extended while it is handled. Personal data: no.
 */
export const telegramTapKey = (stamp: string) => `tg:tap:${stamp}`;

/**
 * An update being handled (a lock) and, under `<key>:done`, handled: Telegram's
 * redeliveries are dropped (middleware.ts dedupeUpdates, store.ts runOnce). TTL: the lock
 * HANDLING_LEASE_MS, the mark UPDATE_TTL_SECONDS. Personal data: no.
 */
export const telegramUpdateKey = (botId: number, updateId: number) =>
  `tg:update:${botId}:${updateId}`;

/**
 * A claim: a chat over its rate limit is told so once per window (middleware.ts
 * floodGuard). TTL: the window (RATE_LIMIT_CHAT_SECONDS). Personal data: no.
 */
export const telegramFloodKey = (chatId: number) => `tg:flood:${chatId}`;

/**
 * The rate limit of each chat's updates, by chat id (middleware.ts floodGuard). TTL: its
 * window. Personal data: no.
 */
export const TELEGRAM_CHAT_RATE_LIMIT = 'tg-chat';

/**
 * Paid tickets that could not be sent yet, with their language, sent at the chat's next
 * update (ticket-delivery.ts). TTL: PENDING_TTL_SECONDS (as long as a conversation).
 * Personal data: yes (access codes; ticket lines may name who holds them).
 */
export const telegramTicketsKey = (chatId: number) => `tickets-pending:${chatId}`;

// Slack (channels/slack/).

/**
 * A claim: each delivery Slack makes (`event:<id>`, `trigger:<id>`, `body:<digest>`,
 * middleware/dedupe.ts deliveryKey) handled once. TTL: DELIVERY_TTL_SECONDS (an hour).
 * Personal data: no.
 */
export const slackDeliveryKey = (delivery: string) => `slack:delivery:${delivery}`;

/**
 * A staff search's filters behind its paging buttons' token (search-state.ts). TTL:
 * SEARCH_TTL_SECONDS (as long as Slack lets a reply be updated). Personal data: yes (a
 * client's e-mail or phone may be a filter).
 */
export const slackSearchKey = (token: string) => `slack:search:${token}`;

/**
 * What a number staff were shown stands for (id-book.ts): an order number (a SaleId) →
 * its PartnerSaleId; a failed sale's PartnerSaleId or a cart id → what happened to it and
 * when. TTL: ID_BOOK_TTL_SECONDS (a year and a month: the sales staff look back at).
 * Personal data: no (ids, product names, a masked reason).
 */
export const slackIdKey = (id: string) => `slack:id:${id}`;

/**
 * Which sale redeemed a gift card, and when (id-book.ts), by a hash of the card's code
 * (the store never holds a code that could be redeemed). TTL: ID_BOOK_TTL_SECONDS.
 * Personal data: no (ids and an instant).
 */
export const slackRedeemedKey = (codeHash: string) => `slack:redeemed:${codeHash}`;

/**
 * The open handoffs of a support channel, for /handoffs (support/queue.ts): each
 * thread's customer first name, when it opened, the customer's last message, who has it.
 * TTL: QUEUE_TTL_SECONDS past its last change. Personal data: yes (first names).
 */
export const slackHandoffQueueKey = (channel: string) => `slack:handoffs:${channel}`;

// The server (main.ts, health.ts).

/**
 * The rate limit of client addresses, per deployment (its public host), shared by every
 * instance behind it (main.ts). TTL: its window (RATE_LIMIT_ADDRESS_SECONDS). Personal
 * data: client addresses, for a minute.
 */
export const addressRateLimit = (publicHost: string) => `addr:${publicHost}`;

/**
 * Whether the partner service is down, as the deployment's instances share it so that
 * one of them announces each outage's start and end (channels/slack/outage.ts), scoped
 * by the Slack channel the alerts go to. TTL: a day from its last change. Personal data: no.
 */
export const partnerOutageKey = (alertsChannel: string) => `outage:partner:${alertsChannel}`;

/** Read, never written, by the health check to see the store answers (health.ts). */
export const HEALTH_PROBE_KEY = 'healthz:probe';

// Scheduled jobs: not store keys, but ids the scheduler (BullMQ on the same Redis) keeps
// its jobs under, so that a deployment cancels the jobs an earlier one scheduled.

/**
 * The reminder shortly before a conversation's reservation expires
 * (conversation/reservation-watch.ts). Lives until it fires or is cancelled.
 */
export const reminderJobId = (conversationId: string) => `remind:${conversationId}`;

/** The reservation's expiry told to its conversation (reservation-watch.ts). */
export const expiryJobId = (conversationId: string) => `expire:${conversationId}`;

/**
 * A handoff's SUPPORT_TIMEOUT_MINUTES: no staff reply by then, the customer is offered the
 * bot back (conversation/handoff/beside.ts). Cancelled by a staff reply or the handoff's end.
 * One per thread: a job still running when its handoff ended (BullMQ cannot remove it)
 * must not hold the id of the next handoff's, which BullMQ would then never add.
 */
export const supportTimeoutJobId = (conversationId: string, threadId: string) =>
  `support-timeout:${conversationId}:${threadId}`;
