/**
 * PLACEHOLDER while the steps are being built: a state that says it is not ready and
 * offers the way home. Each step module replaces its use.
 */
import { common } from '../../../src/i18n/common.js';
import { booking } from '../setup.js';

export function placeholderState(name: string) {
  return booking.createStateConfig({
    meta: {
      view: (context) => ({
        text: `(${name}: not built yet)`,
        expects: 'choice',
        options: [
          { id: 'home', label: common(context.language).home, event: { type: 'nav.home' } },
        ],
      }),
    },
  });
}
