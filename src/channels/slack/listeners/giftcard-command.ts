/** `/giftcard <code>`: the partner's gift card check, as an ephemeral reply. */
import type { App } from '@slack/bolt';
import { giftCardMessage } from '../blocks/giftcard.js';
import type { SlackDeps } from '../deps.js';
import type { IdBook } from '../id-book.js';
import { staffOnly } from '../middleware/staff-only.js';
import { afterAck } from './after-ack.js';

export const GIFT_CARD_HELP =
  '*/giftcard <code>* checks a gift card: whether it is valid and already exchanged, its products, purchaser, message, exchange deadline and sale ids.';

export function registerGiftCardCommand(app: App, deps: SlackDeps, book: IdBook): void {
  app.command('/giftcard', staffOnly(deps), async ({ command, ack, respond }) => {
    const code = command.text.trim().replace(/^[`"'“]+|[`"'”]+$/g, '');
    if (code === '' || /^help$/i.test(code)) {
      await ack({ response_type: 'ephemeral', text: GIFT_CARD_HELP });
      return;
    }
    if (/\s/.test(code) || code.length > 100) {
      await ack({
        response_type: 'ephemeral',
        text: 'Give one gift card code, e.g. `/giftcard ABC123`.',
      });
      return;
    }
    await ack();
    await afterAck(
      async () => {
        const [card, redeemed] = await Promise.all([
          deps.lookups.giftCard(code),
          // Not known is said as before: the book is a help, never a reason to fail.
          book.redeemed(code).catch(() => undefined),
        ]);
        const message = giftCardMessage(code, card, redeemed);
        await respond({ response_type: 'ephemeral', ...message });
      },
      (text) => respond({ response_type: 'ephemeral', text }),
    );
  });
}
