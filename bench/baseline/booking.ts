/**
 * The baseline: the same short booking written the common way, as one grammY
 * conversation (@grammyjs/conversations 2) whose state lives in the session storage
 * (@grammyjs/storage-redis, in the same Redis). Each update replays the conversation
 * function from its start against the stored log of earlier updates and external calls,
 * so the cost of a turn grows with the conversation's length.
 *
 * It says the same words and shows the same buttons as our bot for the steps of the
 * short booking, so that one simulated customer drives both, and it makes the same
 * partner calls (through the project's own client) — partner time is excluded from the
 * figures anyway. It leaves out what our design adds around a turn (locks, update
 * deduplication, button tokens, edits in place, every rule of the spec), which only
 * makes the baseline cheaper: the ratio is a lower bound of what the design buys.
 */
import { randomUUID } from 'node:crypto';
import type { Conversation, ConversationFlavor } from '@grammyjs/conversations';
import { InlineKeyboard, InputFile, type Context } from 'grammy';
import { cartAddOperation, cartConfirmOperation, cartSaleOperation } from '#src/api/cart.js';
import type { PartnerClient } from '#src/api/client.js';
import { insurancePolicyCheckOperation } from '#src/api/insurance.js';
import { checkTicketsQuestionsOperation } from '#src/api/questions.js';
import { salesOperation } from '#src/api/sales.js';
import type { CatalogIndex, ProductEntry } from '#src/domain/catalog.js';
import { ticketQr } from '#src/channels/telegram/tickets.js';
import { isInsurable } from '#src/domain/insurance.js';
import { formatMoney, toCents } from '#src/domain/pricing.js';
import type { IsoDate } from '#src/api/schema.js';
import { sellableDates } from '#src/domain/sale-window.js';
import { providerNow } from '#src/domain/time.js';

export type Outer = ConversationFlavor<Context>;
export type Convo = Conversation<Outer, Context>;

export interface BookingDeps {
  client: PartnerClient;
  /** The catalog, loaded at start and kept in memory (outside the conversation's log). */
  catalog: CatalogIndex;
  newCartId: () => string;
  /** Added to the real time: the tests pin "now" (CLOCK_START) for every process. */
  clockOffsetMs?: number;
}

const PAGE = 8;

const money = (amount: number, currency: string) => formatMoney(toCents(amount), currency, 'en');

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

function search(catalog: CatalogIndex, query: string): ProductEntry[] {
  const wanted = query.trim().toLowerCase();
  const found = [...catalog.products()].filter((entry) =>
    entry.product.productName.toLowerCase().includes(wanted),
  );
  // The exact name first.
  return found.sort(
    (a, b) =>
      Number(b.product.productName.toLowerCase() === wanted) -
      Number(a.product.productName.toLowerCase() === wanted),
  );
}

const useButtons = (ctx: Context) => ctx.reply('Please use the buttons.');

export function createBooking(deps: BookingDeps) {
  const { client, catalog } = deps;

  return async function booking(conversation: Convo, ctx: Context): Promise<void> {
    const tap = async (pattern: RegExp): Promise<{ data: string; ctx: Context }> => {
      const update = await conversation.waitForCallbackQuery(pattern, { otherwise: useButtons });
      await update.answerCallbackQuery();
      return { data: update.callbackQuery.data, ctx: update };
    };
    const typed = async (check?: (text: string) => boolean): Promise<string> => {
      for (;;) {
        const update = await conversation.waitFor('message:text', {
          otherwise: (other) => other.reply('Please type your answer.'),
        });
        const text = update.message.text.trim();
        if (!check || check(text)) return text;
        await update.reply('That does not look right; please try again.');
      }
    };

    await ctx.reply('Hi! I am your booking assistant. What would you like to do?', {
      reply_markup: new InlineKeyboard().text('🎟️ Book tickets', 'book'),
    });
    await tap(/^book$/);

    // Search, results, product card; "Back" goes from the card to the results.
    let entry: ProductEntry | undefined;
    while (!entry) {
      await ctx.reply(
        'What would you like to book? Choose a place, or type what you are looking for (e.g. "museum").',
      );
      const query = await typed();
      const results = search(catalog, query);
      for (;;) {
        const keyboard = new InlineKeyboard();
        for (const found of results.slice(0, PAGE)) {
          keyboard.text(found.product.productName, `p:${found.product.productId}`).row();
        }
        keyboard.text('⬅️ Back', 'back');
        await ctx.reply(`I found ${results.length} products for "${query}":`, {
          reply_markup: keyboard,
        });
        const picked = await tap(/^(p:.+|back)$/);
        if (picked.data === 'back') break;
        const candidate = catalog.product(picked.data.slice(2));
        if (!candidate) continue;
        const from = Math.min(...candidate.product.pricesAndDates.map((set) => set.price));
        await ctx.reply(
          `🎟️ ${candidate.product.productName}\n${candidate.provider.providerName}\n\n${candidate.product.productDescription ?? ''}\n\n💶 From ${money(from, candidate.product.pricesAndDates[0]?.currency ?? 'EUR')}`,
          {
            reply_markup: new InlineKeyboard()
              .text('📅 Choose a date', 'date')
              .row()
              .text('⬅️ Back', 'back'),
          },
        );
        const next = await tap(/^(date|back)$/);
        if (next.data === 'date') {
          entry = candidate;
          break;
        }
      }
    }
    const { product, provider } = entry;

    const now = new Date((await conversation.now()) + (deps.clockOffsetMs ?? 0));
    const dates = sellableDates(product, providerNow(provider, now)).slice(0, 12);
    const days = new InlineKeyboard();
    dates.forEach((date, index) => {
      days.text(dayLabel(date), `d:${date}`);
      if (index % 2 === 1) days.row();
    });
    await ctx.reply('Which day would you like to go? Choose a date.', { reply_markup: days });
    const date = (await tap(/^d:\d{4}-\d{2}-\d{2}$/)).data.slice(2) as IsoDate;

    const set = product.pricesAndDates.find((candidate) => candidate.dates.includes(date))!;
    const quantities = new InlineKeyboard();
    for (let count = 1; count <= 8; count += 1) quantities.text(String(count), `q:${count}`);
    await ctx.reply(
      `"${product.productName}", ${date}. How many would you like?\nPrice each: ${money(set.price, set.currency)}.`,
      { reply_markup: quantities },
    );
    const quantity = Number((await tap(/^q:\d$/)).data.slice(2));

    const shoppingCartId = await conversation.external(() => deps.newCartId());
    if (product.tickets.some((ticket) => ticket.ticketsQuestionsProfileId !== undefined)) {
      await conversation.external(() =>
        client.call(checkTicketsQuestionsOperation, {
          languageCode: 'en',
          products: [
            {
              productId: product.productId,
              accessDate: date,
              tickets: product.tickets.map((ticket) => ({ ticketId: ticket.ticketId })),
            },
          ],
        }),
      );
    }
    const tickets = Array.from({ length: quantity }, () =>
      product.tickets.map((ticket) => ({ ticketId: ticket.ticketId, accessDateTime: date })),
    ).flat();
    const added = await conversation.external(() =>
      client.call(cartAddOperation, {
        shoppingCartId,
        activities: [{ productId: product.productId, accessDateTime: date, quantity, tickets }],
      }),
    );
    const cartItemId = added.activities[0]?.id ?? '1';
    const total = set.price * quantity;
    const line = `1. ${product.productName} — ${dayLabel(date)}\n   ${quantity} × ${money(set.price, set.currency)} = ${money(total, set.currency)}`;
    await ctx.reply(`🛒 Your cart:\n${line}\nTotal: ${money(total, set.currency)}`, {
      reply_markup: new InlineKeyboard().text('✅ Check out', 'checkout'),
    });
    await tap(/^checkout$/);

    if (isInsurable(catalog.catalog.partnerSettings, provider, entry.base, product)) {
      const quote = await conversation.external(() =>
        client.call(insurancePolicyCheckOperation, {
          languageCode: 'en',
          sale: {
            products: Array.from({ length: quantity }, (_, unit) => ({
              id: `${cartItemId}/${unit + 1}`,
              productId: product.productId,
              accessDate: date,
            })),
          },
        }),
      );
      const policy = quote.insurancePolicies[0];
      if (policy) {
        await ctx.reply(
          `🛡️ Refund insurance: ${policy.name}, ${money(policy.quote, set.currency)}. Shall I add it?`,
          {
            reply_markup: new InlineKeyboard()
              .text('✅ Yes, add it', 'yes')
              .text('No, thanks', 'no'),
          },
        );
        await tap(/^(yes|no)$/);
      }
    }

    await ctx.reply('What is your first name? (without the surname)');
    const fullName = await typed();
    await ctx.reply('And your surname?');
    const surname = await typed();
    await ctx.reply('Your ID card (DNI/NIE) or passport number:');
    const documentIdentifier = await typed((text) => /^[A-Z0-9]{5,20}$/i.test(text));
    await ctx.reply('A contact phone number (with the country code):');
    const phoneNumber = await typed((text) => /^\+?[0-9 ]{6,20}$/.test(text));
    await ctx.reply('Your e-mail address:');
    const email = await typed((text) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text));
    await ctx.reply(
      `Please check your details:\nName: ${fullName}\nSurname: ${surname}\nDocument: ${documentIdentifier}\nPhone: ${phoneNumber}\nE-mail: ${email}`,
      { reply_markup: new InlineKeyboard().text('✅ All correct, go on', 'ok') },
    );
    await tap(/^ok$/);
    await ctx.reply(
      `📋 Check your order:\n${line}\nIn the name of: ${fullName} ${surname}, ${email}\nTotal to pay: ${money(total, set.currency)}`,
      { reply_markup: new InlineKeyboard().text('🔒 Reserve', 'reserve') },
    );
    await tap(/^reserve$/);

    const reservation = await conversation.external(() =>
      client.call(cartConfirmOperation, { shoppingCartId, languageCode: 'en' }),
    );
    const until = String(reservation.expirationDateTime ?? '').slice(11, 16);
    await ctx.reply(
      `✅ Your order is reserved:\n${line}\n🔒 Held until ${until}.\nTotal: ${money(total, set.currency)}`,
      { reply_markup: new InlineKeyboard().text('💳 Confirm and pay', 'pay') },
    );
    await tap(/^pay$/);

    const partnerSaleId = await conversation.external(() => `bl-${randomUUID().slice(0, 12)}`);
    await conversation.external(() =>
      client.call(cartSaleOperation, {
        shoppingCartId,
        partnerSaleId,
        client: { fullName, surname, documentIdentifier, phoneNumber, email },
      }),
    );
    const sold = await conversation.external(() => client.call(salesOperation, { partnerSaleId }));
    await ctx.reply(
      `🎉 Purchase confirmed! Here are your tickets:\n• ${product.productName} — ${dayLabel(date)}`,
    );
    for (const activity of sold.sales[0]?.activities ?? []) {
      for (const ticket of activity.tickets) {
        if (!ticket.accessCode) continue;
        const code = ticket.accessCode;
        await ctx.replyWithPhoto(new InputFile(await ticketQr(code), `ticket-${code}.png`), {
          caption: `${product.productName}\n${ticket.ticketName ?? ''}\nCode: ${code}`,
        });
      }
    }
  };
}
