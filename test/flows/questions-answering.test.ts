/**
 * The question steps' pure parts: what each input means for a question of every
 * DataType (kept, gathered or refused with which words), dates typed in words, how a
 * kept answer reads, and the buyer's details checks.
 */
import { describe, expect, it } from 'vitest';
import type { Question } from '#src/api/questions.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { FileInput } from '#src/domain/answers.js';
import type { BookingEvent } from '#flows/booking/types.js';
import {
  acceptedFilesText,
  evaluate,
  formatAnswer,
  type Outcome,
} from '#flows/booking/steps/questions/answering.js';
import { normalizeTypedDates } from '#flows/booking/steps/questions/dates.js';
import {
  spanishIdLetterOk,
  validateClientField,
} from '#flows/booking/steps/questions/client-fields.js';

const q = (dataType: DataType, extra: Partial<Question> = {}): Question => ({
  id: `q${dataType}`,
  question: `Question ${dataType}`,
  required: true,
  dataType,
  values: [],
  ...extra,
});

const choices = [
  { value: 'picnic', text: 'Picnic lunch' },
  { value: 'poles', text: 'Hiking poles' },
  { value: 'photos', text: 'Photo report' },
];

const text = (value: string): BookingEvent => ({ type: 'text', text: value });
const pdf = (name = 'a.pdf'): FileInput => ({ name, mime: 'application/pdf', base64: 'JVBERi0=' });

const run = (question: Question, event: BookingEvent) =>
  evaluate(question, event, undefined, undefined, 'en');

const accepted = (outcome: Outcome) => {
  if (outcome.kind !== 'accept') throw new Error(`expected accept, got ${JSON.stringify(outcome)}`);
  return outcome.answer;
};
const refusal = (outcome: Outcome) => {
  if (outcome.kind !== 'refuse') throw new Error(`expected refuse, got ${JSON.stringify(outcome)}`);
  return outcome.text;
};

describe('evaluate: every DataType', () => {
  it('0 text, with the question pattern and its own error message', () => {
    const question = q(DataType.Text, {
      regexValidationPattern: "^[A-Za-z' .-]{2,60}$",
      regexValidationErrorMessage: 'Enter a name of 2 to 60 letters.',
    });
    expect(refusal(run(question, text('R2D2')))).toBe('Enter a name of 2 to 60 letters.');
    expect(accepted(run(question, text('Ana Gomez')))).toEqual({
      questionId: 'q0',
      question: 'Question 0',
      stringValue: 'Ana Gomez',
    });
  });

  it('0 text without its own message: a generic one', () => {
    const question = q(DataType.Text, { regexValidationPattern: '^\\d+$' });
    expect(refusal(run(question, text('abc')))).toBe(
      'That answer is not in the expected format. Please check it.',
    );
    expect(refusal(evaluate(question, text('abc'), undefined, undefined, 'es'))).toBe(
      'La respuesta no tiene el formato esperado. Revísala, por favor.',
    );
  });

  it('1 list of texts, comma-separated', () => {
    expect(accepted(run(q(DataType.TextList), text('nuts, gluten')))).toMatchObject({
      stringCollectionValue: ['nuts', 'gluten'],
    });
  });

  it('2 boolean, from buttons and typed words', () => {
    expect(
      accepted(run(q(DataType.Boolean), { type: 'answer.choose', value: 'false' })),
    ).toMatchObject({
      booleanValue: false,
    });
    expect(accepted(run(q(DataType.Boolean), text('sí')))).toMatchObject({ booleanValue: true });
    expect(refusal(run(q(DataType.Boolean), text('maybe')))).toBe(
      '"maybe" is not a valid answer: answer yes or no.',
    );
  });

  it('3 list of booleans', () => {
    expect(accepted(run(q(DataType.BooleanList), text('yes, no')))).toMatchObject({
      booleanCollectionValue: [true, false],
    });
    expect(refusal(run(q(DataType.BooleanList), text('yes, perhaps')))).toContain('"perhaps"');
  });

  it('4 date: day first, ISO, and in words in both languages', () => {
    const date = q(DataType.Date);
    for (const typed of ['15/08/1990', '1990-08-15', '15 August 1990', 'August 15, 1990']) {
      expect(accepted(run(date, text(typed)))).toMatchObject({
        dateTimeValue: '1990-08-15T00:00:00',
      });
    }
    expect(
      accepted(evaluate(date, text('15 de agosto de 1990'), undefined, undefined, 'es')),
    ).toMatchObject({ dateTimeValue: '1990-08-15T00:00:00' });
    expect(refusal(run(date, text('31/02/1990')))).toBe(
      '"31/02/1990" is not a date I understand. Write it like 15/08/1990 or 15 August 1990.',
    );
  });

  it('5 list of dates', () => {
    expect(accepted(run(q(DataType.DateList), text('15/08/2026, 22 August 2026')))).toMatchObject({
      dateTimeCollectionValue: ['2026-08-15T00:00:00', '2026-08-22T00:00:00'],
    });
  });

  it('6 integer', () => {
    expect(accepted(run(q(DataType.Integer), text('12')))).toMatchObject({ integerValue: 12 });
    expect(refusal(run(q(DataType.Integer), text('12.5')))).toBe(
      '"12.5" is not a whole number. Use digits only, e.g. 12.',
    );
  });

  it('7 list of integers', () => {
    expect(accepted(run(q(DataType.IntegerList), text('8, 11')))).toMatchObject({
      integerCollectionValue: [8, 11],
    });
    expect(refusal(run(q(DataType.IntegerList), text('8, eleven')))).toContain('"eleven"');
  });

  it('8 decimal with a comma or a dot', () => {
    expect(accepted(run(q(DataType.Decimal), text('12,5')))).toMatchObject({ decimalValue: 12.5 });
    expect(accepted(run(q(DataType.Decimal), text('12.5')))).toMatchObject({ decimalValue: 12.5 });
    expect(refusal(run(q(DataType.Decimal), text('tall')))).toBe(
      '"tall" is not a number. Write it like 12.5 or 12,5.',
    );
  });

  it('9 list of decimals', () => {
    expect(accepted(run(q(DataType.DecimalList), text('70,5; 8,2')))).toMatchObject({
      decimalCollectionValue: [70.5, 8.2],
    });
  });

  it('10 select one: by button value, typed text or number; else the options are listed', () => {
    const question = q(DataType.SelectOne, { values: choices });
    expect(accepted(run(question, { type: 'answer.choose', value: 'poles' }))).toMatchObject({
      stringValue: 'poles',
    });
    expect(accepted(run(question, text('photo report')))).toMatchObject({ stringValue: 'photos' });
    expect(accepted(run(question, text('1')))).toMatchObject({ stringValue: 'picnic' });
    expect(refusal(run(question, text('kayak')))).toBe(
      '"kayak" is not one of the options: Picnic lunch, Hiking poles, Photo report.',
    );
  });

  it('11 select several: ticks and unticks, bounded by MaxNumberOfValues, then done', () => {
    const question = q(DataType.SelectMany, { values: choices, maxNumberOfValues: 2 });
    const tick = (value: string): BookingEvent => ({ type: 'answer.toggle', value });
    const first = evaluate(question, tick('picnic'), undefined, undefined, 'en');
    expect(first).toEqual({ kind: 'collect', pending: { values: ['picnic'] } });
    const two = { values: ['picnic', 'poles'] };
    expect(refusal(evaluate(question, tick('photos'), undefined, two, 'en'))).toBe(
      'You can tick at most 2; untick one first.',
    );
    expect(evaluate(question, tick('picnic'), undefined, two, 'en')).toEqual({
      kind: 'collect',
      pending: { values: ['poles'] },
    });
    expect(
      accepted(evaluate(question, { type: 'answer.done' }, undefined, two, 'en')),
    ).toMatchObject({
      stringCollectionValue: ['picnic', 'poles'],
    });
    expect(refusal(evaluate(question, { type: 'answer.done' }, undefined, undefined, 'en'))).toBe(
      'This question is required: I need an answer to go on.',
    );
    expect(refusal(run(question, text('picnic, poles, photos')))).toBe(
      'You can tick at most 2; untick one first.',
    );
    expect(accepted(run(question, text('picnic, photos')))).toMatchObject({
      stringCollectionValue: ['picnic', 'photos'],
    });
  });

  it('12 file: type and size checked, text refused', () => {
    const question = q(DataType.File);
    expect(accepted(run(question, { type: 'file', file: pdf() }))).toEqual({
      questionId: 'q12',
      question: 'Question 12',
      binaryValue: 'JVBERi0=',
      binaryMimeType: 'application/pdf',
      binaryExtension: 'pdf',
    });
    expect(
      refusal(
        run(question, {
          type: 'file',
          file: { name: 'a.exe', mime: 'application/x-msdownload', base64: 'TVqQ' },
        }),
      ),
    ).toBe(
      'That file type (application/x-msdownload) is not accepted. Accepted: PDF, JPEG or PNG, up to 5 MB.',
    );
    const big = { name: 'big.pdf', mime: 'application/pdf', base64: 'A'.repeat(8 * 1024 * 1024) };
    expect(refusal(run(question, { type: 'file', file: big }))).toBe(
      'The file is too large: at most 5 MB.',
    );
    expect(refusal(run(question, text('here it is')))).toBe(
      'This question expects a file: send it as an attachment.',
    );
    expect(refusal(run(q(DataType.Text), { type: 'file', file: pdf() }))).toBe(
      'This question does not take a file: type or choose the answer.',
    );
  });

  it('13 list of files: gathered one by one, same type, then done', () => {
    const question = q(DataType.FileList, { required: false });
    const one = evaluate(
      question,
      { type: 'file', file: pdf('1.pdf') },
      undefined,
      undefined,
      'en',
    );
    expect(one).toEqual({ kind: 'collect', pending: { files: [pdf('1.pdf')] } });
    const png: FileInput = { name: 'p.png', mime: 'image/png', base64: 'iVBORw==' };
    expect(
      refusal(
        evaluate(question, { type: 'file', file: png }, undefined, { files: [pdf('1.pdf')] }, 'en'),
      ),
    ).toBe('All the files of this answer must be of the same type.');
    const two = { files: [pdf('1.pdf'), pdf('2.pdf')] };
    expect(
      accepted(evaluate(question, { type: 'answer.done' }, undefined, two, 'en')),
    ).toMatchObject({
      binaryCollectionValue: ['JVBERi0=', 'JVBERi0='],
      binaryMimeType: 'application/pdf',
      binaryExtension: 'pdf',
    });
    // Optional and nothing sent: done leaves it unanswered.
    expect(
      accepted(evaluate(question, { type: 'answer.done' }, undefined, undefined, 'en')),
    ).toBeNull();
  });
});

describe('evaluate: skip and keep', () => {
  it('skips an optional question and refuses to skip a required one', () => {
    expect(
      accepted(run(q(DataType.Text, { required: false }), { type: 'answer.skip' })),
    ).toBeNull();
    expect(refusal(run(q(DataType.Text), { type: 'answer.skip' }))).toBe(
      'This question is required: I need an answer to go on.',
    );
  });

  it('keeps the answer given before', () => {
    const current = { questionId: 'q6', integerValue: 3 };
    expect(
      accepted(evaluate(q(DataType.Integer), { type: 'answer.keep' }, current, undefined, 'en')),
    ).toBe(current);
    expect(refusal(run(q(DataType.Integer), { type: 'answer.keep' }))).toBe(
      'This question is required: I need an answer to go on.',
    );
  });
});

describe('typed dates', () => {
  it('reads month names in Spanish and English, leaves the rest alone', () => {
    expect(normalizeTypedDates('3 de marzo de 2001', 'es')).toBe('2001-03-03');
    expect(normalizeTypedDates('1st Dec 1999, 2 January 2000', 'en')).toBe(
      '1999-12-01, 2000-01-02',
    );
    expect(normalizeTypedDates('30 February 2001', 'en')).toBe('30 February 2001');
    expect(normalizeTypedDates('next tuesday', 'en')).toBe('next tuesday');
  });

  it('reads month-first numbers in English only when day-first is impossible', () => {
    expect(normalizeTypedDates('08/15/1990', 'en')).toBe('1990-08-15');
    expect(normalizeTypedDates('05/06/1990', 'en')).toBe('05/06/1990');
    expect(normalizeTypedDates('08/15/1990', 'es')).toBe('08/15/1990');
  });
});

describe('answers as the customer reads them', () => {
  it('names choices by their text, dates and numbers in the language', () => {
    const many = q(DataType.SelectMany, { values: choices });
    expect(
      formatAnswer(many, { questionId: 'x', stringCollectionValue: ['poles', 'picnic'] }, 'en'),
    ).toBe('Hiking poles, Picnic lunch');
    expect(
      formatAnswer(
        q(DataType.Date),
        { questionId: 'x', dateTimeValue: '1990-08-15T00:00:00' },
        'es',
      ),
    ).toBe('15 de agosto de 1990');
    expect(formatAnswer(q(DataType.Decimal), { questionId: 'x', decimalValue: 1.25 }, 'es')).toBe(
      '1,25',
    );
    expect(formatAnswer(q(DataType.Boolean), { questionId: 'x', booleanValue: true }, 'es')).toBe(
      'Sí',
    );
    expect(
      formatAnswer(
        q(DataType.FileList),
        { questionId: 'x', binaryCollectionValue: ['a', 'b'], binaryExtension: 'pdf' },
        'en',
      ),
    ).toBe('2 files (pdf)');
    expect(acceptedFilesText('es')).toBe('PDF, JPEG o PNG, hasta 5 MB');
  });
});

describe('client details', () => {
  it('checks DNI and NIE letters, accepts passport-like numbers', () => {
    expect(spanishIdLetterOk('12345678Z')).toBe(true);
    expect(spanishIdLetterOk('X1234567L')).toBe(true);
    expect(validateClientField('documentIdentifier', '12345678-z')).toEqual({
      ok: true,
      value: '12345678Z',
    });
    expect(validateClientField('documentIdentifier', '12345678A')).toEqual({
      ok: false,
      error: 'document-letter',
    });
    expect(validateClientField('documentIdentifier', 'Y 1234567 X')).toEqual({
      ok: true,
      value: 'Y1234567X',
    });
    expect(validateClientField('documentIdentifier', 'pa1234567')).toEqual({
      ok: true,
      value: 'PA1234567',
    });
    expect(validateClientField('documentIdentifier', 'ABC')).toEqual({
      ok: false,
      error: 'document',
    });
    expect(validateClientField('documentIdentifier', 'NODIGITS')).toEqual({
      ok: false,
      error: 'document',
    });
  });

  it('checks phones, e-mails and names', () => {
    expect(validateClientField('phoneNumber', '+34 612 34 56 78')).toEqual({
      ok: true,
      value: '+34612345678',
    });
    expect(validateClientField('phoneNumber', '(020) 7946-0958')).toEqual({
      ok: true,
      value: '02079460958',
    });
    expect(validateClientField('phoneNumber', '12345')).toEqual({ ok: false, error: 'phone' });
    expect(validateClientField('phoneNumber', '+34 612 abc')).toEqual({
      ok: false,
      error: 'phone',
    });
    expect(validateClientField('email', ' ana@example.com ')).toEqual({
      ok: true,
      value: 'ana@example.com',
    });
    for (const bad of ['ana@example', 'ana example@x.com', 'ana@@x.com', '@x.com', 'ana@x.c']) {
      expect(validateClientField('email', bad)).toEqual({ ok: false, error: 'email' });
    }
    expect(validateClientField('fullName', '  María   José ')).toEqual({
      ok: true,
      value: 'María José',
    });
    expect(validateClientField('surname', "O'Neill-García")).toEqual({
      ok: true,
      value: "O'Neill-García",
    });
    expect(validateClientField('surname', '   ')).toEqual({ ok: false, error: 'empty' });
    expect(validateClientField('fullName', 'R2D2')).toEqual({ ok: false, error: 'name' });
    expect(validateClientField('fullName', 'a'.repeat(61))).toEqual({
      ok: false,
      error: 'too-long',
    });
  });
});
