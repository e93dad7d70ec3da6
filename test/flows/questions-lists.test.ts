/**
 * A group's answers as one list: at the first ticket that asks a
 * person's detail also asked by the following tickets, the answers for all of them in one
 * message, one per line (or separated where the answer cannot hold the separator); each
 * item checked as its own ticket's answer, a wrong one explained by its position and
 * asked at its ticket, the good ones kept and still editable. And whose file a file
 * question asks: each ticket's own, or one for the whole group.
 */
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CheckoutQuestionsInput } from '#flows/booking/actors/questions.js';
import type {
  BookingContext,
  Draft,
  ProfileQuestionSet,
  TicketQuestionSet,
} from '#flows/booking/types.js';
import type { Question } from '#src/api/questions.js';
import { ageOn } from '#src/domain/question-meaning.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { context, demoProfile, draft, startBooking } from './questions-harness.js';

const visitor = demoProfile(demoIds.profiles.ticketVisitor); // name, accessible?, birth date, age
const route = demoProfile(demoIds.profiles.ticketAdventure); // … a medical certificate (file)
const [name, access, birth, age] = visitor.questions.map((question) => question.id) as [
  string,
  string,
  string,
  string,
];

const visitors = (count: number, questions: Question[] = visitor.questions): TicketQuestionSet[] =>
  Array.from({ length: count }, (_, index) => ({
    ticketId: 't1',
    attendee: index + 1,
    label: 'Adult',
    questions,
  }));

function asking(sets: TicketQuestionSet[], over: Partial<Draft> = {}) {
  return startBooking(
    { questions: 'asking' },
    context({ draft: draft({ questionSets: sets, quantity: sets.length, ...over }) }),
  );
}

const answers = (chat: ReturnType<typeof asking>) => chat.snapshot().context.draft!.answers;
const firstLine = (chat: ReturnType<typeof asking>) => chat.view().text.split('\n')[0];

describe('a list of answers for several tickets', () => {
  it('offers it at the first ticket that asks what the following ones ask, and not for one ticket', () => {
    const three = asking(visitors(3));
    expect(three.view().text).toBe(
      "Ticket 1 of 3 — Adult, attendee 1: Visitor's full name\nType your answer.\n" +
        'Or all 3 at once (tickets 1 to 3), one per line or separated by commas.',
    );
    expect(asking(visitors(1)).view().text).not.toMatch(/at once/);
    // Not for a question about something else than a person (accessible route, a yes/no).
    expect(asking(visitors(3), { questionCursor: 1 }).view().text).not.toMatch(/at once/);
  });

  it('a list of names: each ticket its name, the others passed over and still editable', () => {
    const chat = asking(visitors(3));
    chat.say({ kind: 'text', text: 'Ana Gomez\nLuis Gomez\nLeo Gomez' });
    expect(chat.notices).toEqual(['✔️ Noted for tickets 1 to 3.']);
    expect([0, 1, 2].map((set) => answers(chat)[`${set}:${name}`]?.stringValue)).toEqual([
      'Ana Gomez',
      'Luis Gomez',
      'Leo Gomez',
    ]);
    // On with ticket 1's next question; ticket 2's name is not asked again.
    expect(firstLine(chat)).toBe(
      'Ticket 1 of 3 — Adult, attendee 1: Do you need an accessible route? (optional)',
    );
    chat.say({ kind: 'choose', id: 'skip' });
    chat.say({ kind: 'text', text: '15/08/1980' });
    expect(firstLine(chat)).toBe(
      'Ticket 2 of 3 — Adult, attendee 2: Do you need an accessible route? (optional)',
    );
    // "Same as ticket 1" is offered at the first question still to ask of the ticket.
    expect(chat.view().options.find((o) => o.id === 'same')?.label).toBe(
      '📋 Same as ticket 1 for all',
    );
    // Back to ticket 2's name: shown with the answer from the list, to keep or change.
    chat.say({ kind: 'choose', id: 'back' });
    expect(firstLine(chat)).toBe("Ticket 2 of 3 — Adult, attendee 2: Visitor's full name");
    expect(chat.view().text).toContain('Current answer: Luis Gomez');
    chat.say({ kind: 'text', text: 'Luisa Gomez' });
    expect(answers(chat)[`1:${name}`]?.stringValue).toBe('Luisa Gomez');
    expect(chat.snapshot().context.draft?.listed).toEqual([`2:${name}`]);
  });

  it('a wrong item is explained by its position; the good ones are kept, it is asked at its ticket', () => {
    const chat = asking(visitors(3));
    chat.say({ kind: 'text', text: 'Ana Gomez\nR2-D2\nLeo Gomez' });
    expect(chat.notices).toEqual([
      '✔️ Noted for tickets 1 and 3.\n' +
        'Line 2 (ticket 2): Enter a name of 2 to 60 letters.\n' +
        'I will ask what is missing at its ticket.',
    ]);
    expect(answers(chat)[`0:${name}`]?.stringValue).toBe('Ana Gomez');
    expect(answers(chat)[`1:${name}`]).toBeUndefined();
    expect(answers(chat)[`2:${name}`]?.stringValue).toBe('Leo Gomez');
    chat.say({ kind: 'choose', id: 'skip' });
    chat.say({ kind: 'text', text: '15/08/1980' });
    expect(firstLine(chat)).toBe("Ticket 2 of 3 — Adult, attendee 2: Visitor's full name");
    // The first item wrong: the question stays, the others are kept all the same.
    const first = asking(visitors(2));
    first.say({ kind: 'text', text: '12, Luis Gomez' });
    expect(first.notices).toEqual([
      '✔️ Noted for ticket 2.\n' +
        'Item 1 (ticket 1): Enter a name of 2 to 60 letters.\n' +
        'I will ask what is missing at its ticket.',
    ]);
    expect(first.snapshot().context.draft?.questionCursor).toBe(0);
    expect(answers(first)[`1:${name}`]?.stringValue).toBe('Luis Gomez');
  });

  it('more items than tickets: nothing is taken', () => {
    const chat = asking(visitors(2));
    chat.say({ kind: 'text', text: 'Ana Gomez; Luis Gomez; Leo Gomez' });
    expect(chat.notices).toEqual([
      'You wrote 3 answers and there are 2 tickets from this one on: one per ticket, please.',
    ]);
    expect(answers(chat)).toEqual({});
  });

  it('a list of birth dates: each checked against the visit, each ticket’s age worked out', () => {
    const chat = asking(visitors(3), { questionCursor: 2 });
    const visit = chat.snapshot().context.draft!.accessDate!;
    expect(chat.view().text).toMatch(/Or all 3 at once \(tickets 1 to 3\)/);
    chat.say({ kind: 'text', text: '15/08/1980, 31/02/1990, 3 March 2018' });
    expect(chat.notices).toEqual([
      '✔️ Noted for tickets 1 and 3.\n' +
        'Item 2 (ticket 2): "31/02/1990" is not a date I understand. Write it like 15/08/1990 or 15 August 1990.\n' +
        'I will ask what is missing at its ticket.',
    ]);
    expect(answers(chat)[`0:${birth}`]?.dateTimeValue).toBe('1980-08-15T00:00:00');
    expect(answers(chat)[`2:${birth}`]?.dateTimeValue).toBe('2018-03-03T00:00:00');
    expect(answers(chat)[`2:${age}`]?.integerValue).toBe(ageOn('2018-03-03', visit));
    // A birth date after the visit is refused as it would be alone.
    const after = asking(visitors(2), { questionCursor: 2 });
    after.say({ kind: 'text', text: '15/08/1980\n15/08/2030' });
    expect(after.notices[0]).toMatch(
      /^Line 2 \(ticket 2\): That date of birth is after the visit\./m,
    );
    // A date that holds a comma is one date, not a list.
    const one = asking(visitors(2), { questionCursor: 2 });
    one.say({ kind: 'text', text: 'August 15, 1990' });
    expect(one.notices).toEqual([]);
    expect(answers(one)[`0:${birth}`]?.dateTimeValue).toBe('1990-08-15T00:00:00');
    expect(answers(one)[`1:${birth}`]).toBeUndefined();
  });

  it('one item answers the current ticket alone, as before', () => {
    const chat = asking(visitors(2));
    chat.say({ kind: 'text', text: 'Ana Gomez' });
    expect(chat.notices).toEqual([]);
    expect(Object.keys(answers(chat))).toEqual([`0:${name}`]);
    expect(chat.snapshot().context.draft?.listed).toEqual([]);
    chat.say({ kind: 'choose', id: 'skip' });
    chat.say({ kind: 'text', text: '15/08/1980' });
    expect(firstLine(chat)).toBe("Ticket 2 of 2 — Adult, attendee 2: Visitor's full name");
    // The last ticket's last question answered: the questions are done.
    const last = asking(visitors(2), {
      questionCursor: 6,
      answers: {
        [`0:${name}`]: { questionId: name, stringValue: 'Ana Gomez' },
        [`1:${name}`]: { questionId: name, stringValue: 'Luis Gomez' },
      },
    });
    expect(firstLine(last)).toBe('Ticket 2 of 2 — Adult, attendee 2: Date of birth');
    expect(last.say({ kind: 'text', text: '15/08/1981' }).matches('adding')).toBe(true);
    expect(answers(last)[`0:${access}`]).toBeUndefined();
  });
});

describe('a family in one pass (two adults and a child)', () => {
  it('takes four answers: the names, a skip, the birth dates, then the same for the rest', () => {
    const sets: TicketQuestionSet[] = [
      { ticketId: 'adult', attendee: 1, label: 'Adult', questions: visitor.questions },
      { ticketId: 'adult', attendee: 2, label: 'Adult', questions: visitor.questions },
      { ticketId: 'child', attendee: 1, label: 'Child', questions: visitor.questions },
    ];
    const chat = asking(sets);
    chat.say({ kind: 'text', text: 'Ana Gomez\nLuis Gomez\nLeo Gomez' });
    chat.say({ kind: 'choose', id: 'skip' });
    chat.say({ kind: 'text', text: '15/08/1980\n15/08/1981\n15/08/2018' });
    expect(firstLine(chat)).toBe(
      'Ticket 2 of 3 — Adult, attendee 2: Do you need an accessible route? (optional)',
    );
    const done = chat.say({ kind: 'choose', id: 'same' });
    expect(done.matches('adding')).toBe(true);
    const visit = done.context.draft!.accessDate!;
    expect(answers(chat)[`2:${name}`]?.stringValue).toBe('Leo Gomez');
    expect(answers(chat)[`2:${age}`]?.integerValue).toBe(ageOn('2018-08-15', visit));
    expect(answers(chat)[`2:${access}`]).toBeUndefined();
  });
});

describe("every ticket's optional questions skipped in one tap", () => {
  it('a family: the names, one skip for the three, the birth dates, and the pass is done', () => {
    const sets: TicketQuestionSet[] = [
      { ticketId: 'adult', attendee: 1, label: 'Adult', questions: visitor.questions },
      { ticketId: 'adult', attendee: 2, label: 'Adult', questions: visitor.questions },
      { ticketId: 'child', attendee: 1, label: 'Child', questions: visitor.questions },
    ];
    const chat = asking(sets);
    chat.say({ kind: 'text', text: 'Ana Gomez\nLuis Gomez\nLeo Gomez' });
    const option = chat.view().options.find((o) => o.id === 'skip-optional-all');
    expect(option?.label).toBe('⏭️ Skip the optional ones of every ticket (3)');
    chat.say({ kind: 'choose', id: 'skip-optional-all' });
    expect(firstLine(chat)).toMatch(/^Ticket 1 of 3 — Adult, attendee 1: Date of birth/);
    const done = chat.say({ kind: 'text', text: '15/08/1980\n15/08/1981\n15/08/2018' });
    expect(done.matches('adding')).toBe(true);
    for (const ticket of [0, 1, 2]) expect(answers(chat)[`${ticket}:${access}`]).toBeUndefined();
    expect(answers(chat)[`2:${name}`]?.stringValue).toBe('Leo Gomez');
  });

  it('is not offered for one ticket, nor when the following tickets have none left', () => {
    const one = asking(visitors(1, visitor.questions), { questionCursor: 1 });
    expect(one.view().options.some((o) => o.id === 'skip-optional-all')).toBe(false);
    const two = asking(visitors(2, visitor.questions));
    two.say({ kind: 'text', text: 'Ana Gomez' });
    // Ticket 1's accessible route: ticket 2 asks it too, so both are offered at once.
    expect(two.view().options.some((o) => o.id === 'skip-optional-all')).toBe(true);
    two.say({ kind: 'choose', id: 'skip' });
    two.say({ kind: 'text', text: '15/08/1980' });
    two.say({ kind: 'text', text: 'Luis Gomez' });
    // Ticket 2's own, the last one left: the plain skip only.
    expect(firstLine(two)).toMatch(/^Ticket 2 of 2 — Adult, attendee 2: Do you need an accessible/);
    expect(two.view().options.some((o) => o.id === 'skip-optional-all')).toBe(false);
  });
});

describe('whose file a file question asks', () => {
  const certificate = route.questions.findIndex((question) => question.dataType === 12);

  it('a ticket question: each ticket its own file, and which ticket it is for', () => {
    const chat = asking(visitors(20, route.questions), { questionCursor: certificate });
    expect(chat.view().text).toMatch(/\nOne file per ticket: this one is for ticket 1 of 20\.$/);
    expect(chat.view().text).not.toMatch(/at once/);
    const alone = asking(visitors(1, route.questions), { questionCursor: certificate });
    expect(alone.view().text).not.toMatch(/per ticket/);
  });

  it('a provider or sale question: one document for the whole group', async () => {
    const mountain = demoProfile(demoIds.profiles.providerMountain);
    const list = mountain.questions.find((question) => question.dataType === 12)!;
    const sets: ProfileQuestionSet[] = [
      { profileId: mountain.id, level: 'provider', label: 'Group details', questions: [list] },
    ];
    const open = (quantity: number) =>
      startBooking(
        'checkoutQuestions',
        context({
          draft: undefined,
          cart: {
            shoppingCartId: 'cart000000001',
            lines: [
              {
                cartItemId: 'item-1',
                productId: demoIds.products.mountainHike,
                providerId: demoIds.providers.mountain,
                name: 'Guided route',
                accessDate: '2026-08-14',
                quantity,
                sessions: [],
                unitPrice: { cents: 1500, currency: 'EUR' },
              },
            ],
          },
          checkout: {
            insuranceDeclined: false,
            profileAnswers: {},
            client: { fullName: 'Ana', surname: 'Gomez' },
          },
        } satisfies Partial<BookingContext>),
        {
          loadCheckoutQuestions: fromPromise<ProfileQuestionSet[], CheckoutQuestionsInput>(
            async () => sets.map((set) => ({ ...set, questions: [{ ...list, required: true }] })),
          ),
        },
      );
    const group = open(20);
    await group.settled();
    expect(group.view().text).toMatch(/\nOne document for the whole group\.$/);
    const single = open(1);
    await single.settled();
    expect(single.view().expects).toBe('file');
    expect(single.view().text).not.toMatch(/whole group/);
  });
});

describe("a ticket's optional questions skipped in one tap", () => {
  it('leaves them unanswered and asks what is required; the next ticket copies the skips', () => {
    const chat = asking(visitors(2, route.questions));
    const option = chat.view().options.find((o) => o.id === 'skip-optional');
    expect(option?.label).toBe("⏭️ Skip this ticket's optional ones (6)");
    chat.say({ kind: 'choose', id: 'skip-optional' });
    expect(firstLine(chat)).toBe(
      'Ticket 1 of 2 — Adult, attendee 1: Medical certificate (PDF or image)',
    );
    const pdf = { name: 'c.pdf', mime: 'application/pdf', base64: 'JVBERi0xLjQK' };
    chat.say({ kind: 'file', file: pdf });
    // The last optional question (a list of files) was skipped too: on to ticket 2.
    expect(firstLine(chat)).toMatch(/^Ticket 2 of 2 — Adult, attendee 2: Participant's allergies/);
    chat.say({ kind: 'choose', id: 'same' });
    expect(firstLine(chat)).toBe(
      'Ticket 2 of 2 — Adult, attendee 2: Medical certificate (PDF or image)',
    );
    expect(chat.say({ kind: 'file', file: pdf }).matches('adding')).toBe(true);
    expect(Object.keys(answers(chat))).toHaveLength(2);
    // Back to a skipped question: asked, to answer after all.
    const back = asking(visitors(1, route.questions));
    back.say({ kind: 'choose', id: 'skip-optional' });
    back.say({ kind: 'choose', id: 'back' });
    expect(firstLine(back)).toBe('Ticket 1 of 1 — Adult: Optional services (optional)');
    // Offered only while two or more are left.
    const one = asking(visitors(1, visitor.questions), { questionCursor: 1 });
    expect(one.view().options.some((o) => o.id === 'skip-optional')).toBe(false);
  });
});
