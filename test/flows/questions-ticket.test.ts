/**
 * The ticket questions step on the real booking machine with a fake loader: how it is
 * entered (loaded, skipped, failed), and every guard of asking: an answer accepted,
 * refused (with the question's own message or ours), skipped, kept, gathered over
 * several messages (ticks, files), and back.
 */
import { fromPromise } from 'xstate';
import { ageOn } from '#src/domain/question-meaning.js';
import type { Answer } from '#src/api/common.js';
import { describe, expect, it } from 'vitest';
import type { TicketQuestionsInput } from '#flows/booking/actors/questions.js';
import type { Draft, TicketQuestionSet } from '#flows/booking/types.js';
import type { QuestionsProfile } from '#src/api/questions.js';
import { DataType } from '#src/domain/partner-codes.js';
import { demoIds, questionProfiles } from '#src/sandbox/seed/index.js';
import { context, demoProfile, draft, startBooking } from './questions-harness.js';

const visitor = demoProfile(demoIds.profiles.ticketVisitor); // Text (pattern), Boolean, Date, Integer
const planetarium = demoProfile(demoIds.profiles.ticketPlanetarium); // SelectOne, IntegerList
const route = demoProfile(demoIds.profiles.ticketAdventure); // 1, 3, 5, 9, 11, 12, 13

const set = (
  ticketId: string,
  attendee: number,
  label: string,
  source: QuestionsProfile,
): TicketQuestionSet => ({ ticketId, attendee, label, questions: source.questions });

type Loader = (input: TicketQuestionsInput) => Promise<TicketQuestionSet[]>;

function start(
  at: string | Record<string, string>,
  ctx: Parameters<typeof startBooking>[1],
  load: Loader = async () => [],
) {
  const inputs: TicketQuestionsInput[] = [];
  const chat = startBooking(at, ctx, {
    loadTicketQuestions: fromPromise<TicketQuestionSet[], TicketQuestionsInput>(
      async ({ input }) => {
        inputs.push(input);
        return load(input);
      },
    ),
  });
  return { ...chat, inputs };
}

/** In the asking state with these sets already loaded (and `over` on the draft). */
function asking(sets: TicketQuestionSet[], over: Partial<Draft> = {}) {
  return start({ questions: 'asking' }, context({ draft: draft({ questionSets: sets, ...over }) }));
}

const stateOf = (chat: { actor: { getSnapshot(): { value: unknown } } }) =>
  chat.actor.getSnapshot().value;

describe('entering the questions step', () => {
  it('asks the loader with the product, date, quantity, sessions and language', async () => {
    const chat = start(
      'questions',
      context({ draft: draft({ enclosureDates: { dome: '2026-08-15' } }) }),
    );
    await chat.settled();
    expect(chat.inputs).toEqual([
      {
        productId: demoIds.products.museumAdult,
        date: '2026-08-14',
        quantity: 2,
        sessions: [{ enclosureId: 'dome', sessionId: 'session-1', label: '12:00' }],
        enclosureDates: { dome: '2026-08-15' },
        language: 'en',
      },
    ]);
  });

  it('goes straight to adding when there are no questions', async () => {
    const chat = start('questions', context());
    const snapshot = await chat.settled();
    expect(snapshot.matches('adding')).toBe(true);
    expect(snapshot.context.draft?.questionSets).toEqual([]);
  });

  it('asks the first question of the first set when there are questions', async () => {
    const chat = start('questions', context(), async () => [
      set('t1', 1, 'Adult', visitor),
      set('t1', 2, 'Adult', visitor),
    ]);
    await chat.settled();
    expect(stateOf(chat)).toEqual({ questions: 'asking' });
    expect(chat.view().text).toBe(
      "Ticket 1 of 2 — Adult, attendee 1: Visitor's full name\nType your answer.\n" +
        'Or all 2 at once (tickets 1 and 2), one per line or separated by commas.',
    );
    expect(chat.view().expects).toBe('text');
    expect(chat.view().options.map((o) => o.id)).toEqual(['back', 'home']);
  });

  it('explains a failed load and goes back to the quantity, keeping the draft', async () => {
    const chat = start('questions', context(), async () => {
      throw new Error('boom');
    });
    const snapshot = await chat.settled();
    expect(snapshot.matches('quantity')).toBe(true);
    expect(chat.notices).toEqual([
      'The booking service is not answering right now. Nothing was lost: please try again in a moment.',
    ]);
    expect(snapshot.context.draft?.quantity).toBe(2);
  });

  it('without a quantity goes back to the quantity step, without loading', async () => {
    const chat = start('questions', context({ draft: draft({ quantity: undefined }) }));
    const snapshot = await chat.settled();
    expect(chat.inputs).toEqual([]);
    expect(snapshot.matches('quantity')).toBe(true);
  });

  it('keeps, on loading again, only answers of the same ticket and attendee', async () => {
    const name = visitor.questions[0]!;
    const before = draft({
      questionSets: [set('t1', 1, 'Adult', visitor), set('t2', 1, 'Child', visitor)],
      answers: {
        [`0:${name.id}`]: { questionId: name.id, stringValue: 'Ana Gomez' },
        [`1:${name.id}`]: { questionId: name.id, stringValue: 'Leo Gomez' },
      },
      questionCursor: 5,
    });
    const chat = start('questions', context({ draft: before }), async () => [
      set('t1', 1, 'Adult', visitor),
      set('t1', 2, 'Adult', visitor),
    ]);
    const snapshot = await chat.settled();
    expect(snapshot.context.draft?.answers).toEqual({
      [`0:${name.id}`]: { questionId: name.id, stringValue: 'Ana Gomez' },
    });
    expect(snapshot.context.draft?.questionCursor).toBe(0);
    expect(chat.view().text).toContain('Current answer: Ana Gomez');
    expect(chat.view().options.map((o) => o.id)).toEqual(['keep', 'back', 'home']);
  });
});

describe('answering', () => {
  it('refuses a wrong answer with the question’s own message and asks again', async () => {
    const chat = asking([set('t1', 1, 'Adult', visitor)]);
    chat.say({ kind: 'text', text: 'R2-D2 #1' });
    expect(chat.notices).toEqual(['Enter a name of 2 to 60 letters.']);
    expect(chat.actor.getSnapshot().context.draft?.questionCursor).toBe(0);
    expect(chat.view().text).toContain("Visitor's full name");
  });

  it('walks a visitor set: text, boolean, date; the age worked out from the birth date', async () => {
    const chat = asking([set('t1', 1, 'Adult', visitor)]);
    const [name, access, birth, age] = visitor.questions.map((q) => q.id);
    chat.say({ kind: 'text', text: 'Ana Gomez' });
    expect(chat.view().text).toBe(
      'Ticket 1 of 1 — Adult: Do you need an accessible route? (optional)\nChoose Yes or No.',
    );
    expect(chat.view().options.map((o) => o.id)).toEqual(['yes', 'no', 'skip', 'back', 'home']);
    chat.say({ kind: 'choose', id: 'no' });
    expect(chat.view().expects).toBe('date');
    chat.say({ kind: 'text', text: '31/02/1990' });
    expect(chat.notices.at(-1)).toBe(
      '"31/02/1990" is not a date I understand. Write it like 15/08/1990 or 15 August 1990.',
    );
    // The last question asked: the age on the day of the visit follows from the birth date.
    const done = chat.say({ kind: 'text', text: '15 August 1990' });
    expect(done.matches('adding')).toBe(true);
    const visit = done.context.draft!.accessDate!;
    expect(done.context.draft?.derived).toEqual([`0:${age}`]);
    expect(done.context.draft?.answers).toEqual({
      [`0:${name}`]: {
        questionId: name,
        question: "Visitor's full name",
        stringValue: 'Ana Gomez',
      },
      [`0:${access}`]: {
        questionId: access,
        question: 'Do you need an accessible route?',
        booleanValue: false,
      },
      [`0:${birth}`]: {
        questionId: birth,
        question: 'Date of birth',
        dateTimeValue: '1990-08-15T00:00:00',
      },
      [`0:${age}`]: {
        questionId: age,
        question: 'Age on the day of the visit',
        integerValue: ageOn('1990-08-15', visit),
      },
    });
  });

  it('works the age out again when the birth date changes; an age typed is the customer’s', async () => {
    const [, , birth, age] = visitor.questions.map((q) => q.id);
    const worked = asking([set('t1', 1, 'Adult', visitor)]);
    worked.say({ kind: 'text', text: 'Ana Gomez' });
    worked.say({ kind: 'choose', id: 'skip' });
    const first = worked.say({ kind: 'text', text: '15 August 1990' }).context.draft!;
    const visit = first.accessDate!;
    // Back at the birth date (as from the cart's "change"), another one given.
    const again = asking([set('t1', 1, 'Adult', visitor)], {
      answers: first.answers,
      derived: first.derived ?? [],
      questionCursor: 2,
    });
    const changed = again.say({ kind: 'text', text: '15 August 2000' }).context.draft!;
    expect(changed.answers[`0:${birth}`]?.dateTimeValue).toBe('2000-08-15T00:00:00');
    expect(changed.answers[`0:${age}`]?.integerValue).toBe(ageOn('2000-08-15', visit));
    // An age the customer typed is theirs: a new birth date does not replace it.
    const typed = asking([set('t1', 1, 'Adult', visitor)], {
      answers: { [`0:${age}`]: { questionId: age!, integerValue: 40 } },
      questionCursor: 2,
    });
    const kept = typed.say({ kind: 'text', text: '15 August 1990' }).context.draft!;
    expect(kept.answers[`0:${age}`]?.integerValue).toBe(40);
    expect(kept.derived ?? []).not.toContain(`0:${age}`);
  });

  it('refuses a birth date after the visit and an impossible age (bug: both were accepted)', async () => {
    const chat = asking([set('t1', 1, 'Adult', visitor)], { questionCursor: 2 });
    const visit = chat.actor.getSnapshot().context.draft!.accessDate!;
    const after = `${Number(visit.slice(0, 4)) + 1}${visit.slice(4)}`;
    chat.say({ kind: 'text', text: after.split('-').reverse().join('/') });
    expect(chat.notices.at(-1)).toBe('That date of birth is after the visit. Please check it.');
    expect(chat.actor.getSnapshot().context.draft?.questionCursor).toBe(2);
    const age = asking([set('t1', 1, 'Adult', visitor)], { questionCursor: 3 });
    age.say({ kind: 'text', text: '-3' });
    expect(age.notices.at(-1)).toBe('That age is not possible: type an age from 0 to 120.');
    age.say({ kind: 'text', text: '130' });
    expect(age.notices.at(-1)).toBe('That age is not possible: type an age from 0 to 120.');
    expect(age.say({ kind: 'text', text: '7' }).matches('adding')).toBe(true);
  });

  it('offers the answers of the last booking of the product in one tap ("as last time")', () => {
    const [name, access, birth, age] = visitor.questions.map((q) => q.id);
    const given: Record<string, Answer> = {
      [`0:${name}`]: {
        questionId: name!,
        question: "Visitor's full name",
        stringValue: 'Ana Gomez',
      },
      [`0:${birth}`]: { questionId: birth!, dateTimeValue: '1990-08-15T00:00:00' },
      [`0:${age}`]: { questionId: age!, integerValue: 35 },
      [`1:${name}`]: {
        questionId: name!,
        question: "Visitor's full name",
        stringValue: 'Luis Gomez',
      },
      [`1:${birth}`]: { questionId: birth!, dateTimeValue: '1991-08-15T00:00:00' },
      [`1:${age}`]: { questionId: age!, integerValue: 34 },
    };
    const sets = [set('t1', 1, 'Adult', visitor), set('t1', 2, 'Adult', visitor)];
    const chat = start(
      { questions: 'asking' },
      context({
        draft: draft({ questionSets: sets }),
        lastAnswers: { productId: demoIds.products.museumAdult, answers: given },
      }),
    );
    const option = chat.view().options.find((o) => o.id === 'same');
    expect(option?.label).toBe('📋 As last time (Ana Gomez, Luis Gomez)');
    // Everything answered last time is in; the optional question skipped then stays so.
    const done = chat.say({ kind: 'choose', id: 'same' });
    expect(done.matches('adding')).toBe(true);
    expect(done.context.draft?.answers).toEqual(given);
    expect(done.context.draft?.answers[`0:${access}`]).toBeUndefined();
    // Another product's answers are not offered.
    const other = start(
      { questions: 'asking' },
      context({
        draft: draft({ questionSets: sets }),
        lastAnswers: { productId: demoIds.products.museumChild, answers: given },
      }),
    );
    expect(other.view().options.some((o) => o.id === 'same')).toBe(false);
  });

  it('skips an optional question and moves on without an answer', async () => {
    const chat = asking([set('t1', 1, 'Adult', visitor)], {
      questionCursor: 1,
    });
    const snapshot = chat.say({ kind: 'choose', id: 'skip' });
    expect(snapshot.context.draft?.questionCursor).toBe(2);
    expect(Object.keys(snapshot.context.draft?.answers ?? {})).toEqual([]);
  });

  it('removes an answer given before when the question is then skipped', async () => {
    const access = visitor.questions[1]!.id;
    const chat = asking([set('t1', 1, 'Adult', visitor)]);
    chat.send({ type: 'text', text: 'Ana Gomez' });
    chat.send({ type: 'answer.choose', value: 'true' });
    chat.send({ type: 'nav.back' });
    expect(chat.actor.getSnapshot().context.draft?.answers[`0:${access}`]?.booleanValue).toBe(true);
    const snapshot = chat.send({ type: 'answer.skip' });
    expect(snapshot.context.draft?.answers[`0:${access}`]).toBeUndefined();
  });

  it('refuses to skip a required question', async () => {
    const chat = asking([set('t1', 1, 'Adult', visitor)]);
    const snapshot = chat.send({ type: 'answer.skip' });
    expect(chat.notices).toEqual(['This question is required: I need an answer to go on.']);
    expect(snapshot.context.draft?.questionCursor).toBe(0);
  });

  it('goes back to the previous question, keeping its answer, and offers to keep it', async () => {
    const chat = asking([set('t1', 1, 'Adult', visitor), set('t1', 2, 'Adult', visitor)]);
    chat.say({ kind: 'text', text: 'Ana Gomez' });
    chat.say({ kind: 'choose', id: 'back' });
    expect(chat.actor.getSnapshot().context.draft?.questionCursor).toBe(0);
    expect(chat.view().text).toContain('Current answer: Ana Gomez');
    const kept = chat.say({ kind: 'choose', id: 'keep' });
    expect(kept.context.draft?.questionCursor).toBe(1);
  });

  it('goes back from the first question to the quantity', async () => {
    const chat = asking([set('t1', 1, 'Adult', visitor)]);
    const snapshot = chat.say({ kind: 'choose', id: 'back' });
    expect(snapshot.matches('quantity')).toBe(true);
  });

  it('names the attendee only when there are several', async () => {
    const one = asking([set('t1', 1, 'Adult', planetarium), set('t2', 1, 'Child', planetarium)]);
    expect(one.view().text.split('\n')[0]).toBe('Ticket 1 of 2 — Adult: Narration language');
  });

  it('numbers the sets across tickets and attendees', async () => {
    const chat = asking(
      [
        set('t1', 1, 'Adult', planetarium),
        set('t2', 1, 'Planetarium', planetarium),
        set('t1', 2, 'Adult', planetarium),
      ],
      { questionCursor: 2 },
    );
    expect(chat.view().text.split('\n')[0]).toBe(
      'Ticket 2 of 3 — Planetarium, attendee 1: Narration language',
    );
  });

  it('select one: a button of the values, or its number typed', async () => {
    const chat = asking([set('t1', 1, 'Dome', planetarium)]);
    expect(chat.view().options.map((o) => o.id)).toEqual([
      'choice:es',
      'choice:en',
      'choice:va',
      'back',
      'home',
    ]);
    chat.say({ kind: 'text', text: '3' });
    const language = planetarium.questions[0]!.id;
    expect(chat.actor.getSnapshot().context.draft?.answers[`0:${language}`]?.stringValue).toBe(
      'va',
    );
    // List of integers, comma-separated.
    chat.say({ kind: 'text', text: '8, eleven' });
    expect(chat.notices.at(-1)).toBe('"eleven" is not a whole number. Use digits only, e.g. 12.');
    const done = chat.say({ kind: 'text', text: '8, 11' });
    expect(done.matches('adding')).toBe(true);
  });
});

describe('answers over several messages', () => {
  const extras = route.questions.find((q) => q.dataType === DataType.SelectMany)!;
  const medical = route.questions.find((q) => q.dataType === DataType.File)!;
  const authorisations = route.questions.find((q) => q.dataType === DataType.FileList)!;
  const at = (id: string) => route.questions.findIndex((q) => q.id === id);
  const pdf = (name: string) => ({ name, mime: 'application/pdf', base64: 'JVBERi0=' });

  it('select several: toggles, refuses a third, then done', async () => {
    const chat = asking([set('t1', 1, 'Participant', route)], {
      questionCursor: at(extras.id),
    });
    expect(chat.view().options.map((o) => o.label)).toEqual([
      '⬜ Picnic lunch',
      '⬜ Hiking poles',
      '⬜ Photo report',
      '✅ Done',
      '⏭️ Skip',
      "⏭️ Skip this ticket's optional ones (2)",
      '⬅️ Back',
      '🏠 Home',
    ]);
    chat.say({ kind: 'choose', id: 'toggle:picnic' });
    chat.say({ kind: 'text', text: 'Hiking poles' });
    expect(chat.view().text).toContain('Ticked: Picnic lunch, Hiking poles');
    chat.say({ kind: 'choose', id: 'toggle:photos' });
    expect(chat.notices).toEqual(['You can tick at most 2; untick one first.']);
    chat.say({ kind: 'choose', id: 'toggle:picnic' });
    chat.say({ kind: 'choose', id: 'toggle:photos' });
    expect(
      chat
        .view()
        .options.slice(0, 3)
        .map((o) => o.label),
    ).toEqual(['⬜ Picnic lunch', '☑️ Hiking poles', '☑️ Photo report']);
    const snapshot = chat.say({ kind: 'choose', id: 'done' });
    expect(snapshot.context.draft?.answers[`0:${extras.id}`]?.stringCollectionValue).toEqual([
      'poles',
      'photos',
    ]);
    expect(snapshot.context.draft?.questionPending).toBeUndefined();
    expect(snapshot.context.draft?.questionCursor).toBe(at(extras.id) + 1);
  });

  it('a file: says what is accepted, refuses text and a wrong type, takes a PDF', async () => {
    const chat = asking([set('t1', 1, 'Participant', route)], {
      questionCursor: at(medical.id),
    });
    const view = chat.view();
    expect(view.expects).toBe('file');
    expect(view.file).toEqual({
      mimeTypes: ['application/pdf', 'image/jpeg', 'image/png'],
      maxBytes: 5 * 1024 * 1024,
    });
    expect(view.text).toContain('Send the file as an attachment: PDF, JPEG or PNG, up to 5 MB.');
    chat.say({ kind: 'text', text: 'I will bring it' });
    chat.say({
      kind: 'file',
      file: { name: 'x.zip', mime: 'application/zip', base64: 'UEsDBA==' },
    });
    expect(chat.notices).toEqual([
      'This question expects a file: send it as an attachment.',
      'That file type (application/zip) is not accepted. Accepted: PDF, JPEG or PNG, up to 5 MB.',
    ]);
    const snapshot = chat.say({ kind: 'file', file: pdf('certificate.pdf') });
    expect(snapshot.context.draft?.answers[`0:${medical.id}`]).toEqual({
      questionId: medical.id,
      question: 'Medical certificate (PDF or image)',
      binaryValue: 'JVBERi0=',
      binaryMimeType: 'application/pdf',
      binaryExtension: 'pdf',
    });
  });

  it('a list of files: several sends, then done, and out of the step', async () => {
    const chat = asking([set('t1', 1, 'Participant', route)], {
      questionCursor: at(authorisations.id),
    });
    expect(chat.view().options.map((o) => o.id)).toEqual(['skip', 'back', 'home']);
    chat.say({ kind: 'file', file: pdf('a.pdf') });
    chat.say({ kind: 'file', file: pdf('b.pdf') });
    expect(chat.view().text).toContain('Files received: 2.');
    expect(chat.view().options.map((o) => o.id)).toEqual(['done', 'skip', 'back', 'home']);
    const snapshot = chat.say({ kind: 'choose', id: 'done' });
    expect(snapshot.matches('adding')).toBe(true);
    expect(
      snapshot.context.draft?.answers[`0:${authorisations.id}`]?.binaryCollectionValue,
    ).toHaveLength(2);
  });

  it('back drops what was being gathered', async () => {
    const chat = asking([set('t1', 1, 'Participant', route)], {
      questionCursor: at(authorisations.id),
    });
    chat.say({ kind: 'file', file: pdf('a.pdf') });
    const snapshot = chat.say({ kind: 'choose', id: 'back' });
    expect(snapshot.context.draft?.questionPending).toBeUndefined();
    expect(snapshot.context.draft?.questionCursor).toBe(at(authorisations.id) - 1);
  });

  it('lists of texts, booleans, dates and decimals, each refused then accepted', async () => {
    const chat = asking([set('t1', 1, 'Participant', route)]);
    chat.say({ kind: 'text', text: 'nuts, gluten' });
    chat.say({ kind: 'text', text: 'yes, perhaps' });
    chat.say({ kind: 'text', text: 'yes, no' });
    chat.say({ kind: 'text', text: '15/08/2026, someday' });
    chat.say({ kind: 'text', text: '15/08/2026, 22 August 2026' });
    chat.say({ kind: 'text', text: 'heavy' });
    chat.say({ kind: 'text', text: '70,5; 8,2' });
    expect(chat.notices).toEqual([
      '"perhaps" is not a valid answer: answer yes or no.',
      '"someday" is not a date I understand. Write it like 15/08/1990 or 15 August 1990.',
      '"heavy" is not a number. Write it like 12.5 or 12,5.',
    ]);
    const answers = chat.actor.getSnapshot().context.draft?.answers ?? {};
    expect(Object.values(answers).map((a) => Object.keys(a).at(-1))).toEqual([
      'stringCollectionValue',
      'booleanCollectionValue',
      'dateTimeCollectionValue',
      'decimalCollectionValue',
    ]);
    expect(chat.actor.getSnapshot().context.draft?.questionCursor).toBe(at(extras.id));
  });
});

describe('in Spanish', () => {
  it('asks and explains in Spanish', async () => {
    const es = questionProfiles('es').find((p) => p.id === demoIds.profiles.ticketVisitor)!;
    const chat = start('questions', context({ language: 'es' }), async () => [
      set('t1', 1, 'Adulto', es),
    ]);
    await chat.settled();
    expect(chat.view().text).toBe(
      'Entrada 1 de 1 — Adulto: Nombre y apellidos del visitante\nEscribe tu respuesta.',
    );
    chat.say({ kind: 'text', text: '12' });
    expect(chat.notices).toEqual(['Escribe un nombre de 2 a 60 letras.']);
  });
});
