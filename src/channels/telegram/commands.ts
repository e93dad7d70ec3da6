/**
 * The bot's commands: registered with setMyCommands in Spanish and English (Telegram
 * shows the list in the customer's app language) and passed to the conversation as the
 * typed `/command` they are.
 */
import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { Lang } from '../../domain/lang.js';

export const COMMANDS = [
  'start',
  'book',
  'cart',
  'mybookings',
  'giftcard',
  'language',
  'help',
  'cancel',
  'forget',
] as const;

export type TelegramCommand = (typeof COMMANDS)[number];

const DESCRIPTIONS: Record<Lang, Record<TelegramCommand, string>> = {
  es: {
    start: 'Empezar',
    book: 'Reservar entradas y actividades',
    cart: 'Ver mi carrito',
    mybookings: 'Mis reservas',
    giftcard: 'Tarjetas regalo',
    language: 'Cambiar de idioma',
    help: 'Ayuda',
    cancel: 'Cancelar y empezar de nuevo',
    forget: 'Olvidar mis datos guardados',
  },
  en: {
    start: 'Start',
    book: 'Book tickets and activities',
    cart: 'See my cart',
    mybookings: 'My bookings',
    giftcard: 'Gift cards',
    language: 'Change the language',
    help: 'Help',
    cancel: 'Cancel and start over',
    forget: 'Forget my saved details',
  },
};

export function commandList(lang: Lang): BotCommand[] {
  return COMMANDS.map((command) => ({ command, description: DESCRIPTIONS[lang][command] }));
}

/**
 * The command of a message such as "/start", "/book@our_bot" or "/start promo-code"
 * (a deep link's payload is dropped), lower-cased; undefined for any other text.
 */
export function commandOf(text: string): string | undefined {
  const match = /^\/([A-Za-z0-9_]{1,32})(?:@\w+)?(?:\s|$)/.exec(text.trim());
  return match?.[1]?.toLowerCase();
}

/** Registers the commands for Spanish and English speakers, and as the default list. */
export async function registerCommands(api: Api, defaultLanguage: Lang): Promise<void> {
  await api.setMyCommands(commandList(defaultLanguage));
  for (const lang of ['es', 'en'] as const) {
    await api.setMyCommands(commandList(lang), { language_code: lang });
  }
}
