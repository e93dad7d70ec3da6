/**
 * A customer's moves in a Telegram chat with the bot, on the fake Bot API: what the
 * chat shows now, and answers to the checkout questions (whatever their order) the way
 * a customer would: typing, tapping, sharing the phone as a contact.
 */
import type { BotMessage, FakeTelegram, FakeUser } from './fake-telegram.js';
import type { TelegramBot } from './telegram-bot.js';

/** The bot's newest text message in the chat: the current view. */
export function currentView(fake: FakeTelegram, chatId: number): BotMessage {
  const view = [...fake.messages(chatId)].reverse().find((message) => message.text !== undefined);
  if (!view) throw new Error(`the bot has said nothing in chat ${chatId}`);
  return view;
}

const asksForContact = (message: BotMessage) =>
  JSON.stringify(message.replyKeyboard ?? {}).includes('request_contact');

/**
 * Answers from the insurance offer to the order review: provider, sale and client
 * questions, then the client details (the phone by sharing the contact).
 */
export async function answerCheckout(
  bot: TelegramBot,
  fake: FakeTelegram,
  user: FakeUser,
): Promise<void> {
  for (let step = 0; step < 40; step += 1) {
    const view = currentView(fake, user.id);
    const text = view.text ?? '';
    const labels = fake.buttons(view).map((button) => button.text);
    const has = (pattern: RegExp) => labels.some((label) => pattern.test(label));
    if (/Check your order/.test(text)) return;
    if (asksForContact(view)) await bot.act(() => fake.contact(user, '34600000000'));
    // The buyer's details in one message, but the phone: shared with the contact button.
    else if (/in one message/.test(text))
      await bot.act(() => fake.text(user, 'Ana García, X1234567L, ana@example.com'));
    else if (/Refund insurance/.test(text)) await bot.act(() => fake.tapButton(user, 'No, thanks'));
    else if (/check your details/i.test(text))
      await bot.act(() => fake.tapButton(user, 'All correct'));
    else if (/first name/i.test(text)) await bot.act(() => fake.text(user, 'Ana'));
    else if (/surname/i.test(text)) await bot.act(() => fake.text(user, 'García'));
    else if (/Full name/i.test(text)) await bot.act(() => fake.text(user, 'Ana García'));
    else if (/e-mail/i.test(text)) await bot.act(() => fake.text(user, 'ana@example.com'));
    else if (has(/Skip/)) await bot.act(() => fake.tapButton(user, 'Skip'));
    else if (/ID card|passport|document/i.test(text))
      await bot.act(() => fake.text(user, 'X1234567L'));
    else if (/phone/i.test(text)) await bot.act(() => fake.text(user, '+34600000000'));
    else if (has(/^No$/)) await bot.act(() => fake.tapButton(user, /^No$/));
    else throw new Error(`no answer for: ${text} [${labels.join(' | ')}]`);
  }
  throw new Error('the checkout questions did not end');
}
