/** Which words ask to cancel a bought booking, and which keep "cancelar"'s own meaning. */
import { describe, expect, it } from 'vitest';
import { asksToCancelBooking } from '#flows/understanding/cancel-booking.js';

describe('asksToCancelBooking', () => {
  it.each([
    'quiero cancelar mi reserva del sábado',
    'Anular mi compra, por favor',
    'cancela mis entradas del domingo',
    'cancel my booking',
    'I want to cancel my tickets for Sunday',
  ])('reads «%s» as a bought booking to cancel', (text) => {
    expect(asksToCancelBooking(text)).toBe(true);
  });

  it.each(['cancelar', 'cancelar la reserva', 'mis reservas', 'mi reserva del sábado', 'cancel'])(
    'leaves «%s» to the command or the step',
    (text) => {
      expect(asksToCancelBooking(text)).toBe(false);
    },
  );
});
