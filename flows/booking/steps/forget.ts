/**
 * /forget: the details remembered for next time are erased (and the copy this
 * conversation holds), then home. Said even when nothing was remembered: the customer
 * learns that nothing is kept.
 */
import { assign } from 'xstate';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '../partner-call.js';

const messages = defineMessages({
  es: {
    forgetting: 'Borrando tus datos…',
    forgotten: 'Hecho: he olvidado tus datos. La próxima vez te los pediré de nuevo.',
  },
  en: {
    forgetting: 'Erasing your details…',
    forgotten: 'Done: I have forgotten your details. Next time I will ask for them again.',
  },
});

export const forgetState = partnerCall({
  waiting: (lang) => messages(lang).forgetting,
  invoke: {
    src: 'forgetCustomer',
    input: ({ context }) => ({ userKey: context.userKey }),
    onDone: {
      target: '#booking.home',
      actions: [
        assign(({ context }) => {
          const { client: _forgotten, ...checkout } = context.checkout;
          return { checkout, customer: { recalled: true, saved: false } };
        }),
        {
          type: 'notify',
          params: ({ context }) => ({ text: messages(context.language).forgotten }),
        },
      ],
    },
  },
  failed: '#booking.home',
});
