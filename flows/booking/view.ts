/**
 * How a booking state shows itself: a function of the context and of what the view may
 * read outside the snapshot (the local catalog, the time). Bound to states through
 * `meta.view`, so the engine finds the view of any state without a lookup table.
 */
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { Option, View } from '#flows/view.js';
import type { FileInput } from '#src/domain/answers.js';
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import type { BookingContext, BookingEvent } from './types.js';

export interface ViewDeps {
  catalog: CatalogIndex;
  now: Date;
}

/** What free text means in this step: an event to send, or why it was not accepted. */
export type TextReading = { event: BookingEvent } | { error: string };

export interface BookingView extends View<BookingEvent> {
  /** Reads typed text for this step (a date, a number, an answer). */
  readText?: (text: string) => TextReading;
  /** Reads a sent file for this step (file questions). */
  readFile?: (file: FileInput) => TextReading;
}

export type ViewFn = (context: BookingContext, deps: ViewDeps) => BookingView;

export interface StepMeta {
  view?: ViewFn;
}

/** A day of a date question as an option: the day it picks, and the event that picks it. */
export function dayOption(date: IsoDate, label: string): Option<BookingEvent> {
  return { id: `date:${date}`, label, day: date, event: { type: 'date.pick', date } };
}

/** What to say when typed text matched nothing: the options that can be typed, when any. */
export function notUnderstoodText(
  view: { options: readonly { label: string }[] },
  lang: Lang,
): string {
  const labels = view.options
    .map((option) =>
      option.label.replace(/^[\p{Extended_Pictographic}\uFE0F\u200D\s]+/u, '').trim(),
    )
    .filter(Boolean)
    .slice(0, 8);
  return labels.length === 0
    ? common(lang).notUnderstood
    : common(lang).typeHint(labels.map((label) => `«${label}»`).join(', '));
}
