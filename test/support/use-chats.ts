/**
 * The JSON-lines chats of one test file, against one sandbox: the sandbox started before
 * the file's tests and reset before each, every chat closed after its test.
 * `chatIn(language)` starts a new customer's chat with the partner's language set to
 * `language` and sales on account (the JSON-lines chat takes no payment).
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startChat, type Chat } from './chat.js';
import { startTestSandbox, type TestSandbox } from './sandbox.js';

export interface Chats {
  /** The file's sandbox (started by the time a test runs). */
  sandbox(): TestSandbox;
  chatIn(language: 'en' | 'es'): Promise<Chat>;
}

export function useChats(): Chats {
  let sandbox: TestSandbox | undefined;
  const chats: Chat[] = [];
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox?.close());
  beforeEach(async () => {
    await sandbox!.extra('reset', {});
  });
  afterEach(async () => {
    for (const chat of chats.splice(0)) await chat.close();
  });
  return {
    sandbox: () => sandbox!,
    async chatIn(language) {
      const chat = await startChat({
        sandbox: sandbox!,
        env: { PARTNER_LANGUAGE: language, PAYMENT_MODE: 'on-account' },
      });
      chats.push(chat);
      await chat.start();
      return chat;
    },
  };
}
