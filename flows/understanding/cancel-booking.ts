/**
 * Whether a message asks to cancel a booking already bought ("quiero cancelar mi reserva
 * del sábado", "anular mi compra", "cancel my booking"). "cancelar" alone keeps its own
 * meaning (the command: start over, or at a reserved order let the places go): only a
 * cancelling word together with words naming the customer's own booking leads here.
 */
import { words as foldWords } from './text.js';

const CANCEL = new Set(
  'cancelar cancela cancelo cancelame anular anula anulo anulame cancel cancelling canceling'.split(
    ' ',
  ),
);
const MINE = new Set(['mi', 'mis', 'my']);
const BOOKING = new Set(
  'reserva reservas compra compras entradas pedido booking bookings reservation reservations tickets order purchase'.split(
    ' ',
  ),
);

export function asksToCancelBooking(text: string): boolean {
  const said = foldWords(text);
  if (!said.some((word) => CANCEL.has(word))) return false;
  return said.some((word, at) => MINE.has(word) && BOOKING.has(said[at + 1] ?? ''));
}
