/**
 * The bot's commands (listed in flows/booking/commands.ts): registered with setMyCommands
 * in Spanish and English (Telegram shows the list in the customer's app language) and
 * passed to the conversation as the typed `/command` they are.
 */
import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import { LANGS, servedLang, type Lang } from '#src/domain/lang.js';
import { commandMenu } from '#flows/booking/commands.js';

/** The menu's commands, in order: those of flows/booking/commands.ts typed as `/name`. */
export const COMMANDS = commandMenu('en').map((entry) => entry.command);

export function commandList(lang: Lang): BotCommand[] {
  return commandMenu(lang);
}

/**
 * The command of a message such as "/start", "/book@our_bot" or "/start promo-code"
 * (a deep link's payload is dropped), lower-cased; undefined for any other text.
 */
export function commandOf(text: string): string | undefined {
  const match = /^\/([A-Za-z0-9_]{1,32})(?:@\w+)?(?:\s|$)/.exec(text.trim());
  return match?.[1]?.toLowerCase();
}

/**
 * Registers the commands for the speakers of each language, in the language their chat
 * is answered in (`servedLang`), and as the default list.
 */
export async function registerCommands(api: Api, defaultLanguage: Lang): Promise<void> {
  await api.setMyCommands(commandList(defaultLanguage));
  for (const lang of LANGS) {
    await api.setMyCommands(commandList(servedLang(lang)), { language_code: lang });
  }
}
