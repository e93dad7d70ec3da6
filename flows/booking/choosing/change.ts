/**
 * Changes of mind typed at a question ("mejor el domingo", "quiero cambiar la fecha al
 * domingo", "somos 3", "mejor el acuario"): text that reads as a change of the date, the
 * session, how many or the product is taken as that change, never as the answer (a
 * visitor's name "mejor el domingo"). The draft goes back to the step the change is
 * about, and what was chosen and answered before is carried where it still applies: the
 * day, the session time and how many as the wish those steps take again without asking,
 * the answers by ticket (steps/questions.ts keeps them when the questions are reloaded).
 *
 * Said with a word of change ("mejor", "cambiar", "instead"), any booking value is a
 * change; without one, only a message that is nothing but such values, and never the
 * kind of value the question itself asks (a date at a birth-date question, a number at a
 * quantity or age question, a time at the session step).
 */
import type { Lang } from '#src/domain/lang.js';
import { defineMessages } from '#src/i18n/messages.js';
import { readCorrection } from '#flows/understanding/corrections.js';
import { onlyFiller } from '#flows/understanding/intents.js';
import { readNumber } from '#flows/understanding/numbers.js';
import { words as foldWords } from '#flows/understanding/text.js';
import type { BookingContext, Draft, Wish } from '#flows/booking/types.js';
import type { BookingView, TextReading, ViewDeps, ViewFn } from '#flows/booking/view.js';
import { hasAny, pastRefusal, readMessage, wishOf, wishWords } from './wish.js';
import { priceAnswer } from './price-asked.js';

const messages = defineMessages({
  es: {
    changed: (what: string) => `De acuerdo, lo cambio: ${what}.`,
    noSessions: 'Esta entrada no tiene horas de sesión: vale para todo el día.',
    question: (person: string) =>
      `Eso parece una pregunta, y aquí espero la respuesta a la pregunta de abajo. Si quieres, pregúntaselo a una persona: escribe ${person}.`,
  },
  en: {
    changed: (what: string) => `All right, changed: ${what}.`,
    noSessions: 'This ticket has no session times: it is valid all day.',
    question: (person: string) =>
      `That looks like a question, and here I am waiting for the answer to the question below. If you like, ask a person: type ${person}.`,
  },
});

/** Words that say a change ("mejor el domingo", "cambiar a 3", "sunday instead"). */
const CUES = new Set(
  (
    'mejor cambiar cambia cambiamos cambialo cambiala cambio cambiad prefiero preferimos preferiria ' +
    'vez lugar final finalmente corrijo corrige rectifico instead change changed switch rather ' +
    'actually prefer better make'
  ).split(' '),
);

/** Words around a change that say nothing of its own ("la fecha al", "para el"). */
const AROUND = new Set(
  (
    'quiero queria quisiera podemos puedes puede se si no lo la el al a los las para de del en ' +
    'por favor pues entonces otra otro mejor que fecha dia sesion hora horario cantidad numero ' +
    'producto entradas en vez lugar i we want would like to the a on for at of it date day ' +
    'session time number tickets please ok vale oh sorry perdon perdona y e and tambien also ' +
    'no not sino but'
  ).split(' '),
);

/** Where the change is read: the kind of value the step itself asks is its answer there. */
export type ChangeAt = 'question' | 'quantity' | 'session';

function hasCue(words: readonly string[]): boolean {
  return words.some((word, index) => {
    if (!CUES.has(word)) return false;
    // "en vez", "en lugar", "al final", "make it": the two words together.
    if (word === 'vez' || word === 'lugar') return words[index - 1] === 'en';
    if (word === 'final') return words[index - 1] === 'al';
    if (word === 'make') return words[index + 1] === 'it';
    return true;
  });
}

/**
 * The wish without what the step asks itself (its answer, not a change). `expects`: the
 * kind of value asked ('date', 'number'; a list of dates is asked as text but is dates).
 */
function changeOf(
  wish: Wish,
  at: ChangeAt,
  expects: BookingView['expects'],
  cue: boolean,
  counted: boolean,
  said: string,
  dayReplaced: boolean,
): Wish {
  if (cue) return wish;
  const { date, time, daypart, quantity, types } = wish;
  const out: Wish = {};
  // A day said in words ("el domingo", "mañana"); one in figures may be a date answered,
  // unless it replaces a day ("el sábado no, el 20").
  if (date && expects !== 'date' && (dayReplaced || !(at === 'question' && /\d/.test(said))))
    out.date = date;
  if ((time || daypart) && at !== 'session') {
    if (time) out.time = time;
    if (daypart) out.daypart = daypart;
  }
  // Bare numbers are answers (a number question, the quantity step); what they count said
  // ("somos 3", "2 adultos y 1 niño", "3 entradas") is how many, anywhere but the quantity step.
  if (counted && at !== 'quantity') {
    if (types) out.types = types;
    if (quantity !== undefined) out.quantity = quantity;
  }
  return out;
}

/**
 * What typed text means as a change of mind at a step with a draft, or undefined when it
 * is not one (then the step reads it as its answer).
 */
export function changeReading(
  text: string,
  context: BookingContext,
  deps: ViewDeps,
  at: ChangeAt,
  expects: BookingView['expects'],
  asked?: BookingView['expects'],
): TextReading | undefined {
  const draft = context.draft;
  if (draft === undefined || draft.giftCard !== undefined) return undefined;
  if (foldWords(text).length === 0) return undefined;
  // A name that is a weekday ("Domingo") is a name.
  if (!text.trim().includes(' ') && /^\p{Lu}/u.test(text.trim())) return undefined;
  // "el sábado no, el 20": what is said instead is the change.
  const correction = readCorrection(text);
  const said = correction?.instead ?? text;
  const folded = foldWords(said);
  const cue = hasCue(folded);
  const reading = readMessage(said, deps);
  const lang = context.language;
  const rest = reading.rest.filter((word) => !AROUND.has(word) && !CUES.has(word));
  const shown = asked ?? expects;
  // "mejor 3": with a word of change, a number alone is how many (but at a number question).
  const bare = cue && shown !== 'number' ? bareCount(rest) : undefined;
  // Words of change alone name nothing ("no perdona" is no product the finder half-matches).
  const slots =
    rest.length > 0 && bare === undefined
      ? reading.slots
      : { ...reading.slots, product: undefined, place: undefined, perType: undefined };
  const product = slots.product?.value;
  const perType = slots.perType?.value;
  const otherProduct =
    perType?.[0]?.productId ?? (product?.kind === 'product' ? product.id : undefined);
  if (cue && otherProduct !== undefined && !sameProduct(draft, otherProduct)) {
    const { quantity: _total, ...wished } = wishOf(reading);
    const wish = { ...keptWish(draft, wished), ...wished };
    return { event: { type: 'wish', productId: otherProduct, wish } };
  }
  // "mejor al parque acuático": another place, its products to choose from, with what applies.
  const place = slots.place?.value.providerId;
  if (
    cue &&
    otherProduct === undefined &&
    place !== undefined &&
    place !== draft.product.providerId
  ) {
    const wished = wishOf(reading);
    return {
      event: {
        type: 'browse.provider',
        providerId: place,
        wish: { ...keptWish(draft, wished), ...wished },
      },
    };
  }
  const counted =
    slots.tickets !== undefined ||
    slots.people !== undefined ||
    (slots.quantity?.matched.includes(' ') ?? false);
  const dayReplaced =
    correction !== undefined && readMessage(correction.replaced, deps).slots.date !== undefined;
  const wish = bare === undefined ? wishOf(reading) : { ...wishOf(reading), quantity: bare };
  const change = changeOf(wish, at, shown, cue, counted, said, dayReplaced);
  if (!hasAny(change)) return undefined;
  // The message must be nothing but the change (and its words of change): "mejor si es
  // por la mañana" typed at a comments question is a comment.
  const left = bare === undefined ? rest : [];
  if (!onlyFiller(left) || (!cue && (slots.place || product))) return undefined;
  const past = pastRefusal(reading, deps, lang);
  if (past) return past;
  // A time for a product without sessions changes nothing: said, not pretended.
  if (
    (change.time !== undefined || change.daypart !== undefined) &&
    change.date === undefined &&
    change.quantity === undefined &&
    (draft.product.rules?.sessionEnclosures.length ?? 0) === 0
  )
    return { error: messages(lang).noSessions };
  return { event: { type: 'wish.change', wish: change } };
}

/** "mejor 3": with a word of change, a number alone is how many. */
function bareCount(rest: readonly string[]): number | undefined {
  const number = readNumber(rest, 0);
  return number !== undefined && number.length === rest.length && number.value > 0
    ? number.value
    : undefined;
}

const sameProduct = (draft: Draft, productId: string) =>
  draft.product.productId === productId ||
  (draft.product.types ?? []).some((type) => type.productId === productId);

/**
 * What the draft had chosen, as a wish the steps take again: the day, the session's time,
 * how many (of each type). `said` is the change: what it names is not kept.
 */
export function keptWish(draft: Draft, said: Wish): Wish {
  const kept: Wish = {};
  if (
    said.date === undefined &&
    draft.accessDate !== undefined &&
    draft.product.fixedDate === undefined
  )
    kept.date = { kind: 'date', date: draft.accessDate };
  const time = draft.sessions.map((session) => /\b\d{1,2}:\d{2}\b/.exec(session.label)?.[0])[0];
  if (said.time === undefined && said.daypart === undefined && time !== undefined)
    kept.time = time.padStart(5, '0');
  // The counts once chosen: the ticket-types step's starting counts are not a choice.
  if (said.quantity === undefined && said.types === undefined && draft.quantity !== undefined) {
    if (draft.types !== undefined) {
      const types: NonNullable<Wish['types']> = {};
      for (const offer of draft.types.offers) {
        const count = draft.types.counts[offer.productId] ?? 0;
        if (count > 0) types[offer.kind] = (types[offer.kind] ?? 0) + count;
      }
      kept.types = types;
      kept.quantity = Object.values(types).reduce((sum, n) => sum + (n ?? 0), 0);
    } else if (draft.quantity !== undefined) kept.quantity = draft.quantity;
  }
  return kept;
}

/** The step a change goes back to: the earliest it is about. */
export function changeTarget(
  wish: Wish,
): '#booking.date' | '#booking.session' | '#booking.quantity' {
  if (wish.date !== undefined) return '#booking.date';
  if (wish.time !== undefined || wish.daypart !== undefined) return '#booking.session';
  return '#booking.quantity';
}

/**
 * The context after a change: the draft back before the step the change is about (the
 * answers kept), and the wish of the change with what still applies of the choice before.
 */
export function changedContext(context: BookingContext, said: Wish): Partial<BookingContext> {
  const draft = context.draft!;
  const target = changeTarget(said);
  // How many the first message said is still a wish until the quantity step takes it (a
  // change at the session step comes before it): kept unless the change says how many.
  const kept = { ...wishedCounts(context.wish, said), ...keptWish(draft, said) };
  // What comes before the target stays chosen: not asked again, not in the wish.
  if (target !== '#booking.date') delete kept.date;
  if (target === '#booking.quantity') delete kept.time;
  const wish: Wish = { ...kept, ...said };
  const base: Draft = {
    ...draft,
    quantity: undefined,
    unitPrice: undefined,
    types: undefined,
    questionCursor: 0,
    questionPending: undefined,
    countOffer: undefined,
    resume: Object.keys(draft.answers).length > 0 ? true : undefined,
  };
  const cleared: Draft =
    target === '#booking.quantity'
      ? base
      : target === '#booking.session'
        ? { ...base, sessions: [], sessionStep: undefined }
        : {
            ...base,
            accessDate: undefined,
            enclosureDates: undefined,
            nearDate: undefined,
            sessions: [],
            sessionStep: undefined,
          };
  return { draft: cleared, wish };
}

/** The counts of a wish not yet taken by the quantity step, unless `said` names its own. */
function wishedCounts(wish: Wish | undefined, said: Wish): Wish {
  if (wish === undefined || said.quantity !== undefined || said.types !== undefined) return {};
  const counts: Wish = {};
  if (wish.quantity !== undefined) counts.quantity = wish.quantity;
  if (wish.types !== undefined) counts.types = wish.types;
  return counts;
}

/** What is said when a change is taken: what changed, in words. */
export function changedText(said: Wish, lang: Lang): string {
  return messages(lang).changed(wishWords(said, lang));
}

/**
 * A question typed where an answer is expected ("¿puedo llevar a mi perro?"): said to be
 * a question, with a person offered; the step's question is shown again below it.
 */
function questionAsked(text: string, lang: Lang): TextReading | undefined {
  const trimmed = text.trim();
  if (!(trimmed.endsWith('?') || trimmed.startsWith('¿'))) return undefined;
  return {
    error: messages(lang).question(
      lang === 'es' ? '«hablar con una persona»' : '"talk to a person"',
    ),
  };
}

/**
 * A step's view whose typed text is first read as a change of mind, then as a price
 * asked (./price-asked.ts), and, at a question, as a question asked back; what is none of
 * them is the step's own to read.
 */
export function changeable(
  view: ViewFn,
  at: ChangeAt,
  asks?: (context: BookingContext) => BookingView['expects'] | undefined,
): ViewFn {
  return (context, deps) => {
    const shown = view(context, deps);
    const readText = shown.readText;
    if (readText === undefined) return shown;
    return {
      ...shown,
      readText: (text) =>
        changeReading(text, context, deps, at, shown.expects, asks?.(context)) ??
        priceAnswer(text, context, deps) ??
        (at === 'question' && shown.expects !== 'choice'
          ? questionAsked(text, context.language)
          : undefined) ??
        readText(text),
    };
  };
}
