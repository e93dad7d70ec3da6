/**
 * Ticket questions, checkout questions and client details through the real bot against
 * the sandbox: products whose tickets ask every kind of question (museum visitor,
 * planetarium, park child, mountain route, the dynamic sea lion show), each answered
 * wrongly first (explained, asked again) and then rightly, ending with the product in
 * the cart with its answers (the sandbox checks them on Add); then the way to pay with
 * provider, sale and client questions and the client details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingContext } from '#flows/booking/types.js';
import type { OutputLine } from '#src/channels/console/lines.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { ageOn } from '#src/domain/question-meaning.js';
import { startChat, type Chat } from '#test/support/chat.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const P = demoIds.products;
const pdf = (name: string) => ({ name, mime: 'application/pdf', base64: 'JVBERi0xLjQK' });

/** The conversation's saved context (what the next turn starts from). */
async function saved(chat: Chat): Promise<BookingContext> {
  const entry = await chat.app.store.get<{ snapshot: { context: BookingContext } }>(
    `conv:${chat.conversationId}`,
  );
  if (!entry) throw new Error('no saved conversation');
  return entry.value.snapshot.context;
}

const notices = (lines: OutputLine[]) => lines.slice(0, -1).map((line) => line.text);

/**
 * Books `productId` up to its first ticket question: the first dates offered (a weekend
 * day when `weekend`), the first sessions, and `quantity`.
 */
async function toQuestions(
  chat: Chat,
  providerId: string,
  productId: string,
  quantity: number,
  options: { base?: string; weekend?: boolean } = {},
) {
  await chat.start();
  await chat.choose('book');
  await chat.choose(`provider:${providerId}`);
  if (options.base) await chat.choose(`base:${options.base}`);
  await chat.choose(`product:${productId}`);
  await chat.choose('next');
  for (let turn = 0; turn < 8; turn += 1) {
    const view = chat.last();
    if (/^(Ticket \d+ of|Entrada \d+ de) \d+/.test(view.text)) return view;
    const ids = view.options.map((option) => option.id);
    const dates = view.options.filter((option) => option.id.startsWith('date:'));
    // How many: the quantity step, or the ticket-types step (a number is of the ticket chosen).
    if (ids.some((id) => id.startsWith('qty:') || id === 'types:go'))
      await chat.say(String(quantity));
    else if (dates.length > 0) {
      const weekend = dates.find((option) => /Sat|Sun/.test(option.label));
      await chat.choose((options.weekend && weekend ? weekend : dates[0]!).id);
    } else if (ids.some((id) => id.startsWith('session:'))) {
      await chat.choose(ids.find((id) => id.startsWith('session:'))!);
    } else throw new Error(`stuck before the questions at: ${view.text}`);
  }
  throw new Error(`no ticket question reached: ${chat.last().text}`);
}

/** Says `wrong`, expects it explained with `why` and the same question again; then `right`. */
async function wrongThenRight(chat: Chat, wrong: string, why: string | RegExp, right: string) {
  const question = chat.last().text;
  const reply = await chat.say(wrong);
  expect(notices(reply)).toEqual([expect.stringMatching(why)]);
  expect(chat.last().text).toBe(question);
  return chat.say(right);
}

/** The answers sent with the cart line's tickets, by ticket. */
async function sentAnswers(chat: Chat) {
  const context = await saved(chat);
  const line = context.cart.lines.at(-1);
  return line?.activity?.tickets?.filter((ticket) => ticket.questions !== undefined) ?? [];
}

describe('ticket questions through the chat', () => {
  it('museum visitor: text with a pattern, boolean, date, integer', async () => {
    const chat = await startChat({ sandbox });
    try {
      const first = await toQuestions(chat, demoIds.providers.museum, P.museumAdult, 1, {
        base: demoIds.productBases.museumTickets,
      });
      expect(first.text).toMatch(/^Ticket 1 of 1 — [^,]+: Visitor's full name/);
      await wrongThenRight(chat, '12', 'Enter a name of 2 to 60 letters.', 'Ana Gomez');
      await wrongThenRight(chat, 'maybe', /answer yes or no/, 'yes');
      expect(chat.last().expects).toBe('date');
      // The age on the day of the visit is worked out from the birth date, not asked.
      const done = await wrongThenRight(
        chat,
        '31/02/1990',
        /not a date I understand/,
        '15 August 1990',
      );
      expect(done.map((line) => line.text).join('\n')).toMatch(/is in your cart/);
      const [ticket] = await sentAnswers(chat);
      const visit = (await saved(chat)).cart.lines.at(-1)!.accessDate;
      expect(ticket?.questions?.map((answer) => Object.entries(answer).at(-1))).toEqual([
        ['stringValue', 'Ana Gomez'],
        ['booleanValue', true],
        ['dateTimeValue', '1990-08-15T00:00:00'],
        ['integerValue', ageOn('1990-08-15', visit)],
      ]);
    } finally {
      await chat.close();
    }
  });

  it('planetarium: select one and a list of integers, with a session', async () => {
    const chat = await startChat({ sandbox });
    try {
      await toQuestions(chat, demoIds.providers.museum, P.museumPlanetarium, 1, {
        base: demoIds.productBases.museumTickets,
      });
      expect(
        chat
          .last()
          .options.map((option) => option.id)
          .slice(0, 3),
      ).toEqual(['choice:es', 'choice:en', 'choice:va']);
      await wrongThenRight(
        chat,
        'Klingon',
        '"Klingon" is not one of the options: Spanish, English, Valencian.',
        'English',
      );
      const done = await wrongThenRight(
        chat,
        '8, eleven',
        /"eleven" is not a whole number/,
        '8, 11',
      );
      expect(done.map((line) => line.text).join('\n')).toMatch(/is in your cart/);
      const tickets = await sentAnswers(chat);
      expect(
        tickets
          .flatMap((t) => t.questions ?? [])
          .map((a) => a.stringValue ?? a.integerCollectionValue),
      ).toEqual(['en', [8, 11]]);
    } finally {
      await chat.close();
    }
  });

  it('park child: a decimal with a decimal comma', async () => {
    const chat = await startChat({ sandbox });
    try {
      const first = await toQuestions(chat, demoIds.providers.waterpark, P.parkChild, 1, {
        base: demoIds.productBases.parkTickets,
      });
      expect(first.expects).toBe('number');
      const done = await wrongThenRight(chat, 'tall', /"tall" is not a number/, '1,15');
      expect(done.map((line) => line.text).join('\n')).toMatch(/is in your cart/);
      const [ticket] = await sentAnswers(chat);
      expect(ticket?.questions?.[0]?.decimalValue).toBe(1.15);
    } finally {
      await chat.close();
    }
  });

  it('dynamic sea lion show on a weekend: the generated questions are asked', async () => {
    const chat = await startChat({ sandbox });
    try {
      const first = await toQuestions(chat, demoIds.providers.waterpark, P.parkShowAdult, 1, {
        base: demoIds.productBases.parkTickets,
        weekend: true,
      });
      expect(first.text).toMatch(/Ticket holder's name/);
      await wrongThenRight(chat, '12', 'Enter a name of 2 to 60 letters.', 'Ana Gomez');
      expect(chat.last().text).toMatch(/meet the sea lions/);
      const done = await wrongThenRight(chat, 'perhaps', /answer yes or no/, 'no');
      expect(done.map((line) => line.text).join('\n')).toMatch(/is in your cart/);
    } finally {
      await chat.close();
    }
  });

  it('mountain route for a group of 20: lists, select several, a file and a list of files', async () => {
    const chat = await startChat({ sandbox });
    try {
      const first = await toQuestions(chat, demoIds.providers.mountain, P.mountainHike, 20);
      expect(first.text).toMatch(/^Ticket 1 of 20 — .+, attendee 1: .*allergies/);
      await chat.say('nuts, gluten');
      await wrongThenRight(chat, 'yes, perhaps', /"perhaps" is not a valid answer/, 'yes, no');
      await wrongThenRight(
        chat,
        '15/08/2026, someday',
        /"someday" is not a date/,
        '15/08/2026, 22 August 2026',
      );
      await wrongThenRight(chat, 'heavy', /"heavy" is not a number/, '70,5; 8,2');
      // Select several, at most 2.
      await chat.choose('toggle:picnic');
      await chat.choose('toggle:photos');
      const third = await chat.choose('toggle:poles');
      expect(notices(third)).toEqual(['You can tick at most 2; untick one first.']);
      await chat.choose('done');
      // A file: what is accepted is said; text and a wrong type are refused.
      expect(chat.last().expects).toBe('file');
      expect(chat.last().text).toMatch(/PDF, JPEG or PNG, up to 5 MB/);
      expect(notices(await chat.say('I will bring it'))).toEqual([
        'This question expects a file: send it as an attachment.',
      ]);
      expect(
        notices(
          await chat.send({
            kind: 'file',
            file: { name: 'virus.exe', mime: 'application/x-msdownload', base64: 'TVqQAA==' },
          }),
        ),
      ).toEqual([
        'That file type (application/x-msdownload) is not accepted. Accepted: PDF, JPEG or PNG, up to 5 MB.',
      ]);
      await chat.send({ kind: 'file', file: pdf('certificate.pdf') });
      // A list of files: several sends, all of one type, then done.
      await chat.send({ kind: 'file', file: pdf('consent-1.pdf') });
      const png = { name: 'photo.png', mime: 'image/png', base64: 'iVBORw0KGgo=' };
      expect(notices(await chat.send({ kind: 'file', file: png }))).toEqual([
        'All the files of this answer must be of the same type.',
      ]);
      await chat.send({ kind: 'file', file: pdf('consent-2.pdf') });
      expect(chat.last().text).toMatch(/Files received: 2\./);
      await chat.choose('done');
      // Attendees 2 to 20: only the certificate is required.
      for (let attendee = 2; attendee <= 20; attendee += 1) {
        expect(chat.last().text).toMatch(new RegExp(`^Ticket ${attendee} of 20 — `));
        for (let optional = 0; optional < 5; optional += 1) await chat.choose('skip');
        await chat.send({ kind: 'file', file: pdf(`certificate-${attendee}.pdf`) });
        await chat.choose('skip');
      }
      expect(chat.transcript.map((line) => line.text).join('\n')).toMatch(/is in your cart/);
      const tickets = await sentAnswers(chat);
      expect(tickets).toHaveLength(20);
      expect(tickets[0]?.questions?.map((answer) => Object.keys(answer).at(-1))).toEqual([
        'stringCollectionValue',
        'booleanCollectionValue',
        'dateTimeCollectionValue',
        'decimalCollectionValue',
        'stringCollectionValue',
        'binaryExtension',
        'binaryExtension',
      ]);
      expect(tickets[0]?.questions?.[4]?.stringCollectionValue).toEqual(['picnic', 'photos']);
      expect(tickets[0]?.questions?.[6]?.binaryCollectionValue).toHaveLength(2);
      expect(tickets[19]?.questions).toHaveLength(1);
    } finally {
      await chat.close();
    }
  });
});

describe('a group sharing answers', () => {
  it('same as ticket 1 for all: what is not about one person is copied, each file asked per ticket', async () => {
    const chat = await startChat({ sandbox });
    try {
      // The route sells to groups (20 here, as a school would book it).
      await toQuestions(chat, demoIds.providers.mountain, P.mountainHike, 20);
      await chat.say('nuts');
      await chat.say('yes, no');
      await chat.say('15/08/2026');
      await chat.say('70; 8');
      await chat.choose('toggle:picnic');
      await chat.choose('done');
      await chat.send({ kind: 'file', file: pdf('certificate-1.pdf') });
      await chat.choose('skip');
      expect(chat.last().text).toMatch(/^Ticket 2 of 20 — /);
      expect(chat.last().options.find((o) => o.id === 'same')?.label).toBe(
        '📋 Same as ticket 1 for all',
      );
      await chat.choose('same');
      // Only the certificate is left for each later ticket (the optional files skipped on
      // ticket 1 are skipped on the others too): one turn each.
      for (let attendee = 2; attendee <= 20; attendee += 1) {
        expect(chat.last().text).toMatch(
          new RegExp(`^Ticket ${attendee} of 20 — .+: Medical certificate`),
        );
        expect(chat.last().options.some((o) => o.id === 'same')).toBe(false);
        // Whose file it is, said in the prompt.
        expect(chat.last().text).toContain(
          `One file per ticket: this one is for ticket ${attendee} of 20.`,
        );
        await chat.send({ kind: 'file', file: pdf(`certificate-${attendee}.pdf`) });
      }
      expect(chat.transcript.map((line) => line.text).join('\n')).toMatch(/is in your cart/);
      const tickets = await sentAnswers(chat);
      expect(tickets).toHaveLength(20);
      for (const ticket of tickets) {
        expect(ticket.questions?.[0]?.stringCollectionValue).toEqual(['nuts']);
        expect(ticket.questions?.[4]?.stringCollectionValue).toEqual(['picnic']);
      }
      // Each ticket its own certificate (sent 20 times), never a copy left out.
      for (const ticket of tickets) expect(ticket.questions?.at(-1)?.binaryValue).toBeTruthy();
    } finally {
      await chat.close();
    }
  });
});

describe('a group answering as one list', () => {
  it("the visitors' names and birth dates, one per line; a wrong line asked again at its ticket", async () => {
    const chat = await startChat({ sandbox });
    try {
      const first = await toQuestions(chat, demoIds.providers.museum, P.museumAdult, 3, {
        base: demoIds.productBases.museumTickets,
      });
      expect(first.text).toContain(
        'Or all 3 at once (tickets 1 to 3), one per line or separated by commas.',
      );
      const named = await chat.say('Ana Gomez\nLuis Gomez\nLeo Gomez');
      expect(notices(named)).toEqual(['✔️ Noted for tickets 1 to 3.']);
      expect(chat.last().text).toMatch(/^Ticket 1 of 3 — .+: Do you need an accessible route\?/);
      await chat.choose('skip');
      expect(chat.last().text).toMatch(/^Ticket 1 of 3 — .+: Date of birth\nType the date/);
      // Three adults' tickets: three adults' dates (a child's is refused as the ticket's own
      // would be: eligibility.test.ts).
      const born = await chat.say('15/08/1980\n31/02/1981\n3 March 2001');
      expect(notices(born)).toEqual([
        '✔️ Noted for tickets 1 and 3.\n' +
          'Line 2 (ticket 2): "31/02/1981" is not a date I understand. Write it like 15/08/1990 or 15 August 1990.\n' +
          'I will ask what is missing at its ticket.',
      ]);
      // Ticket 2: its name came in the list; the rest as ticket 1, then its birth date.
      expect(chat.last().text).toMatch(/^Ticket 2 of 3 — .+: Do you need an accessible route\?/);
      await chat.choose('same');
      expect(chat.last().text).toMatch(/^Ticket 2 of 3 — .+: Date of birth/);
      const done = await chat.say('15/08/1981');
      expect(done.map((line) => line.text).join('\n')).toMatch(/is in your cart/);
      const tickets = await sentAnswers(chat);
      const visit = (await saved(chat)).cart.lines.at(-1)!.accessDate;
      const values = (index: number) =>
        tickets[index]?.questions?.map((answer) => Object.values(answer).at(-1));
      expect(values(0)).toEqual(['Ana Gomez', '1980-08-15T00:00:00', ageOn('1980-08-15', visit)]);
      expect(values(1)).toEqual(['Luis Gomez', '1981-08-15T00:00:00', ageOn('1981-08-15', visit)]);
      expect(values(2)).toEqual(['Leo Gomez', '2001-03-03T00:00:00', ageOn('2001-03-03', visit)]);
    } finally {
      await chat.close();
    }
  });
});

describe("the customer's language at a ticket question", () => {
  it('offered with a one-tap button when a Spanish customer writes in English: the question loaded in Spanish shown again in English, answers kept', async () => {
    const chat = await startChat({ sandbox, env: { PARTNER_LANGUAGE: 'es' } });
    try {
      await chat.say('hola'); // something said in Spanish: the conversation's language stands
      const first = await toQuestions(chat, demoIds.providers.museum, P.museumAdult, 2, {
        base: demoIds.productBases.museumTickets,
      });
      expect(first.text).toMatch(/^Entrada 1 de 2 — .+: Nombre y apellidos del visitante/);
      await chat.say('Ana Gómez');
      expect(chat.last().text).toMatch(
        /^Entrada 1 de 2 — .+: ¿Necesitas un itinerario accesible\?/,
      );
      const offered = await chat.say('I do not know what you mean');
      expect(notices(offered)).toContain(
        'It looks like you write in English. Write to me in English again and we carry on in English (or type "English").',
      );
      // The step's own options kept, the offer's button last.
      expect(chat.last().text).toMatch(/^Entrada 1 de 2 — /);
      expect(chat.last().options.map((option) => option.label)).toEqual([
        'Sí',
        'No',
        '⏭️ Omitir',
        '⏭️ Omitir las opcionales de todas las entradas (2)',
        '⬅️ Atrás',
        '🏠 Inicio',
        '🌐 Continue in English',
      ]);
      const switched = await chat.choose('language:en');
      expect(notices(switched)).toEqual(['Language changed to English.']);
      // The same question, where it was, in the service's English words; no button left.
      expect(chat.last().text).toBe(
        'Ticket 1 of 2 — Adult entry, attendee 1: Do you need an accessible route? (optional)\nChoose Yes or No.',
      );
      expect(chat.last().options.map((option) => option.id)).not.toContain('language:en');
      await chat.choose('back');
      expect(chat.last().text).toMatch(/^Ticket 1 of 2 — .+: Visitor's full name/);
      expect(chat.last().text).toContain('Current answer: Ana Gómez');
    } finally {
      await chat.close();
    }
  });

  it('a first message in English starts in English; asking for a language is never taken as an answer', async () => {
    const chat = await startChat({ sandbox, env: { PARTNER_LANGUAGE: 'es' } });
    try {
      await chat.start();
      const started = await chat.say('two adult tickets for the maritime museum next saturday');
      expect(notices(started)).toContain('Language changed to English.');
      const question = /^Ticket 1 of 2 — Adult entry, attendee 1: Visitor's full name/;
      expect(chat.last().text).toMatch(question);
      await chat.say('please continue in English');
      expect(chat.last().text).toMatch(question);
      expect(chat.last().text).not.toContain('Current answer');
      expect((await saved(chat)).draft?.answers).toEqual({});
      const spanish = await chat.say('en español, por favor');
      expect(notices(spanish)).toEqual(['Idioma cambiado a español.']);
      expect(chat.last().text).toMatch(
        /^Entrada 1 de 2 — Entrada adulto, asistente 1: Nombre y apellidos del visitante/,
      );
      const english = await chat.say('yes please, switch to English');
      expect(notices(english)).toEqual(['Language changed to English.']);
      expect(chat.last().text).toMatch(question);
      expect((await saved(chat)).draft?.answers).toEqual({});
    } finally {
      await chat.close();
    }
  });
});

describe("'same as ticket 1 for all' where the next question is a person's own", () => {
  it('says what it copied and that the next ticket is asked its own name', async () => {
    const chat = await startChat({ sandbox, env: { PARTNER_LANGUAGE: 'es' } });
    try {
      await chat.start();
      await chat.say('two adult tickets for the maritime museum next saturday');
      await chat.say('Ana Gómez');
      await chat.choose('no');
      await chat.say('15/08/1990');
      const name = /^Ticket 2 of 2 — Adult entry, attendee 2: Visitor's full name/;
      expect(chat.last().text).toMatch(name);
      expect(chat.last().options.map((option) => option.label)).toContain(
        '📋 Same as ticket 1 for all',
      );
      const copied = await chat.choose('same');
      expect(notices(copied)).toEqual([
        "📋 Copied ticket 1's answers that are the same for everyone (1); what is about each person is asked at their ticket: now ticket 2.",
      ]);
      expect(chat.last().text).toMatch(name);
      // The accessible route was copied; the name and the birth date are ticket 2's own.
      const answers = (await saved(chat)).draft?.answers ?? {};
      expect(Object.keys(answers).filter((key) => key.startsWith('1:'))).toHaveLength(1);
    } finally {
      await chat.close();
    }
  });
});

describe('on the way to pay', () => {
  it("the buyer's details first, with wrong ones explained; questions that ask them answered from them; the optional ones from the review", async () => {
    const chat = await startChat({ sandbox });
    try {
      await toQuestions(chat, demoIds.providers.museum, P.museumAdult, 1, {
        base: demoIds.productBases.museumTickets,
      });
      for (const answer of ['Ana Gomez', 'no', '15/08/1990']) await chat.say(answer);
      await chat.choose('checkout');
      // The client details, before any question of the service.
      expect(chat.last().text).toMatch(/the booking service may need the buyer's details/);
      await chat.say('Ana');
      await chat.say('Gómez Ruiz');
      await wrongThenRight(chat, '12345678A', /letter does not match/, '12345678Z');
      expect(chat.last().expects).toBe('phone');
      await chat.say('+34 612 345 678');
      expect(chat.last().expects).toBe('email');
      await wrongThenRight(chat, 'ana@example', /e-mail address is not valid/, 'ana@example.com');
      // The museum's contact phone and the client profile's name and e-mail (required) came
      // from the details: nothing required is left, and the review offers the optional ones.
      expect(chat.last().text).toMatch(/^📋 Check your order/);
      await chat.pick('Optional questions');
      expect(chat.last().text).toMatch(/^Valencia Sea Museum — Visit contact \(1\/1\)/);
      await chat.choose('yes');
      expect(chat.last().text).toMatch(/^Purchase survey \(1\/2\)/);
      await chat.choose('toggle:friends');
      await chat.choose('done');
      await chat.choose('skip');
      expect(chat.last().text).toMatch(/^Customer details \(1\/2\): Date of birth/);
      await chat.choose('skip');
      await chat.choose('skip');
      expect(chat.last().text).toMatch(/^📋 Check your order/);
      const context = await saved(chat);
      expect(context.checkout.client).toEqual({
        fullName: 'Ana',
        surname: 'Gómez Ruiz',
        documentIdentifier: '12345678Z',
        phoneNumber: '+34612345678',
        email: 'ana@example.com',
      });
      const profiles = Object.keys(context.checkout.profileAnswers).sort();
      expect(profiles).toEqual(
        [demoIds.profiles.providerMuseum, demoIds.profiles.sale, demoIds.profiles.client].sort(),
      );
      // Answered from the buyer's details: the contact phone, the client's name and e-mail.
      expect(
        context.checkout.profileAnswers[demoIds.profiles.client]?.map((a) => a.stringValue),
      ).toEqual(['Ana Gómez Ruiz', 'ana@example.com', '+34612345678', '12345678Z']);
      expect(context.checkout.profileAnswers[demoIds.profiles.sale]).toEqual([
        {
          questionId: expect.any(String),
          question: 'How did you hear about us?',
          stringCollectionValue: ['friends'],
        },
      ]);
    } finally {
      await chat.close();
    }
  });
});
