/**
 * Stays in the receipt and in /mybookings: a package's accommodation
 * by name, its dates and nights, who stays and the rate's conditions (its board among
 * them), not only the package's activities.
 *
 * GET /Sale's Accommodations carry the rate id, check-in, check-out and the rate's
 * conditions, never the accommodation's name or the rooms: those come from the order
 * (its package lines and their reservation), kept with the sale when it is made. A sale
 * list without Accommodations (real lists depart from the contract) leaves the stays
 * the order knew; a stay the order did not know is shown by its dates.
 */
import { describeCancellation } from '#src/domain/cancellation.js';
import type { Lang } from '#src/domain/lang.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { BookingContext, SoldStay } from '#flows/booking/types.js';
import { peopleText, stayText } from './shared.js';

const messages = defineMessages({
  es: {
    stay: (name: string, stay: string) => `• 🏨 ${name}${stay ? ` — ${stay}` : ''}`,
    unnamed: 'Alojamiento',
    people: (people: string) => `   👥 ${people}`,
    conditions: (text: string) => `   Condiciones: ${text}`,
  },
  en: {
    stay: (name: string, stay: string) => `• 🏨 ${name}${stay ? ` — ${stay}` : ''}`,
    unnamed: 'Accommodation',
    people: (people: string) => `   👥 ${people}`,
    conditions: (text: string) => `   Conditions: ${text}`,
  },
});

/** The stays of the order being sold: each reserved accommodation with its package line. */
export function orderStays(context: BookingContext): SoldStay[] {
  return (context.reservation?.stays ?? []).flatMap((stay): SoldStay[] => {
    if (!stay.success) return [];
    const line = context.cart.lines.find((candidate) => candidate.cartItemId === stay.cartItemId);
    const known = line?.package;
    const checkIn = stay.checkIn ?? known?.search.checkIn;
    const checkOut = stay.checkOut ?? known?.search.checkOut;
    return [
      {
        rateId: stay.rateId,
        ...(known ? { name: known.accommodation.name, rooms: known.search.rooms } : {}),
        ...(checkIn ? { checkIn } : {}),
        ...(checkOut ? { checkOut } : {}),
        ...(stay.conditions ? { conditions: stay.conditions } : {}),
        ...(stay.cancellationPolicy ? { cancellationPolicy: stay.cancellationPolicy } : {}),
      },
    ];
  });
}

/**
 * The sale list's stays with what the order knew of each (by rate, else in order):
 * the list's dates and conditions win, the order's name and rooms are added. Without
 * Accommodations in the list, the order's stays stand.
 */
export function soldStays(known: readonly SoldStay[], listed: readonly SoldStay[] | undefined) {
  if (listed === undefined || listed.length === 0) return [...known];
  const unmatched = known.filter((stay) => !listed.some((l) => l.rateId === stay.rateId));
  return listed.map((stay) => {
    const match =
      known.find((candidate) => candidate.rateId === stay.rateId) ?? unmatched.shift() ?? {};
    return { ...match, ...stay };
  });
}

/** A stay's lines: its name, dates and nights, who stays, the rate's conditions. */
export function stayLines(stay: SoldStay, lang: Lang): string[] {
  const m = messages(lang);
  return [
    m.stay(
      stay.name ?? m.unnamed,
      stay.checkIn && stay.checkOut ? stayText(stay.checkIn, stay.checkOut, lang) : '',
    ),
    ...(stay.rooms && stay.rooms.length > 0 ? [m.people(peopleText(stay.rooms, lang))] : []),
    ...(stay.conditions ? [m.conditions(stay.conditions)] : []),
  ];
}

/** A stay's cancellation terms as the reservation gave them, if it did. */
export function stayCancellation(stay: SoldStay, currency: string, lang: Lang): string | undefined {
  return describeCancellation(stay.cancellationPolicy, lang, { currency }) || undefined;
}
