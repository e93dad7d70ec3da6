import { describe, expect, it } from 'vitest';
import { question as questionSchema } from '#src/api/questions.js';
import { validateAnswer, type AnswerInput, type FileInput } from '#src/domain/answers.js';

function q(dataType: number, fields: Record<string, unknown> = {}) {
  return questionSchema.parse({ id: 'q1', question: 'Pregunta', dataType, ...fields });
}

const options = {
  values: [
    { text: 'Vegetariano', value: 'VEG' },
    { text: 'Sin gluten', value: 'GF' },
    { text: 'Niños, menú', value: 'KIDS' },
  ],
};

/** The answer sent for a valid input: the id, the question text and one value property. */
const sent = (value: Record<string, unknown>) => ({
  ok: true,
  answer: { questionId: 'q1', question: 'Pregunta', ...value },
});

describe('validateAnswer: one value property chosen by DataType', () => {
  it.each([
    ['0 text', 0, '  Juan  ', { stringValue: 'Juan' }],
    ['0 text keeps commas', 0, 'Calle Mayor, 5', { stringValue: 'Calle Mayor, 5' }],
    ['1 list of texts', 1, 'ana, luis;eva', { stringCollectionValue: ['ana', 'luis', 'eva'] }],
    ['1 list of texts as a list', 1, ['ana', ' luis '], { stringCollectionValue: ['ana', 'luis'] }],
    ['2 boolean sí', 2, 'Sí', { booleanValue: true }],
    ['2 boolean si', 2, 'si', { booleanValue: true }],
    ['2 boolean yes', 2, 'YES', { booleanValue: true }],
    ['2 boolean true', 2, 'true', { booleanValue: true }],
    ['2 boolean no', 2, 'no', { booleanValue: false }],
    ['2 boolean false', 2, 'False', { booleanValue: false }],
    ['3 list of booleans', 3, 'sí, no, yes', { booleanCollectionValue: [true, false, true] }],
    ['4 date day first', 4, '15/08/2024', { dateTimeValue: '2024-08-15T00:00:00' }],
    ['4 date ISO', 4, '2024-08-15', { dateTimeValue: '2024-08-15T00:00:00' }],
    ['4 leap day', 4, '29/02/2024', { dateTimeValue: '2024-02-29T00:00:00' }],
    [
      '5 list of dates',
      5,
      '15/08/2024, 2024-08-16',
      { dateTimeCollectionValue: ['2024-08-15T00:00:00', '2024-08-16T00:00:00'] },
    ],
    ['6 integer', 6, ' 42 ', { integerValue: 42 }],
    ['6 negative integer', 6, '-3', { integerValue: -3 }],
    ['7 list of integers', 7, '1, 2,3', { integerCollectionValue: [1, 2, 3] }],
    ['8 decimal comma', 8, '12,5', { decimalValue: 12.5 }],
    ['8 decimal point', 8, '12.5', { decimalValue: 12.5 }],
    ['8 whole decimal', 8, '12', { decimalValue: 12 }],
    [
      '9 decimals with commas and spaces',
      9,
      '12,5, 13,25',
      { decimalCollectionValue: [12.5, 13.25] },
    ],
    ['9 decimals with points', 9, '12.5,13', { decimalCollectionValue: [12.5, 13] }],
    ['9 decimals with semicolons', 9, '12,5;3', { decimalCollectionValue: [12.5, 3] }],
    ['9 one decimal comma', 9, '1,5', { decimalCollectionValue: [1.5] }],
    ['9 bare commas between integers', 9, '1,2,3', { decimalCollectionValue: [1, 2, 3] }],
  ] as const)('%s', (_name, dataType, input, value) => {
    expect(validateAnswer(q(dataType), input as AnswerInput)).toEqual(sent(value));
  });
});

describe('validateAnswer: choices (10, 11)', () => {
  it.each([
    ['by value', 10, 'GF', { stringValue: 'GF' }],
    ['by text, ignoring case and accents', 10, 'sin GLUTEN', { stringValue: 'GF' }],
    ['by position', 10, '1', { stringValue: 'VEG' }],
    ['a text holding a comma', 10, 'Niños, menú', { stringValue: 'KIDS' }],
    ['several', 11, 'VEG, sin gluten', { stringCollectionValue: ['VEG', 'GF'] }],
    ['several as a list', 11, ['GF', 'KIDS'], { stringCollectionValue: ['GF', 'KIDS'] }],
    ['repeats count once', 11, 'VEG, 1, vegetariano', { stringCollectionValue: ['VEG'] }],
    ['one whose text holds a comma', 11, 'ninos, menu', { stringCollectionValue: ['KIDS'] }],
  ] as const)('%s', (_name, dataType, input, value) => {
    expect(validateAnswer(q(dataType, options), input as AnswerInput)).toEqual(sent(value));
  });

  it.each([
    [10, 'Carne'],
    [10, '4'],
    [11, 'VEG, Carne'],
  ])('DataType %i refuses %j', (dataType, input) => {
    expect(validateAnswer(q(dataType, options), input)).toMatchObject({
      ok: false,
      error: 'not-an-option',
      allowed: ['Vegetariano', 'Sin gluten', 'Niños, menú'],
    });
  });

  it.each([
    ['VEG', true],
    ['VEG, GF', true],
    ['VEG, GF, KIDS', false],
  ])('MaxNumberOfValues 2: %j is ok %s', (input, ok) => {
    const result = validateAnswer(q(11, { ...options, maxNumberOfValues: 2 }), input);
    expect(result.ok).toBe(ok);
    if (!ok) expect(result).toMatchObject({ error: 'too-many-values', max: 2 });
  });
});

describe('validateAnswer: refusals', () => {
  it.each([
    [2, 'quizá', 'not-a-boolean'],
    [3, 'sí, tal vez', 'not-a-boolean'],
    [4, '29/02/2023', 'not-a-date'],
    [4, '2024-02-30', 'not-a-date'],
    [4, 'mañana', 'not-a-date'],
    [5, '2024-08-15, ayer', 'not-a-date'],
    [6, '12,5', 'not-an-integer'],
    [6, '12.0', 'not-an-integer'],
    [6, 'doce', 'not-an-integer'],
    [6, '99999999999999999999', 'not-an-integer'],
    [7, '1, dos', 'not-an-integer'],
    [8, '12,5,3', 'not-a-decimal'],
    [8, '1.000,50', 'not-a-decimal'],
    [8, 'abc', 'not-a-decimal'],
    [9, '1,5; x', 'not-a-decimal'],
  ])('DataType %i refuses %j: %s', (dataType, input, error) => {
    expect(validateAnswer(q(dataType), input)).toMatchObject({ ok: false, error });
  });

  it('names the failing item of a list', () => {
    expect(validateAnswer(q(7), '1, dos, 3')).toMatchObject({
      error: 'not-an-integer',
      item: 'dos',
    });
  });
});

describe('validateAnswer: Required', () => {
  it.each([
    [0, undefined],
    [0, ''],
    [0, '   '],
    [1, []],
    [11, ''],
    [12, undefined],
    [13, []],
  ])('DataType %i with %j: required error, or nothing to send', (dataType, input) => {
    expect(validateAnswer(q(dataType, { required: true }), input)).toEqual({
      ok: false,
      error: 'required',
    });
    expect(validateAnswer(q(dataType, { required: false }), input)).toEqual({
      ok: true,
      answer: null,
    });
  });
});

describe('validateAnswer: RegexValidationPattern', () => {
  const phone = {
    regexValidationPattern: '^[0-9]{9}$',
    regexValidationErrorMessage: 'Teléfono de 9 cifras',
  };

  it.each([
    ['matching text', 0, phone, '600123456', true],
    ['unanchored like .NET IsMatch', 0, { regexValidationPattern: '@' }, 'a@b.es', true],
    ['each item of a list', 1, phone, '600123456, 600123457', true],
    [
      'the normalized decimal may match',
      8,
      { regexValidationPattern: '^\\d+\\.\\d$' },
      '12,5',
      true,
    ],
    ['the typed decimal may match', 8, { regexValidationPattern: '^\\d+,\\d$' }, '12,5', true],
    ['the ISO date may match', 4, { regexValidationPattern: '^2024-' }, '15/08/2024', true],
    ['(?i) is ignore-case', 0, { regexValidationPattern: '(?i)^abc$' }, 'ABC', true],
    ['an invalid pattern is ignored', 0, { regexValidationPattern: '([a-z' }, 'anything', true],
    [
      'a choice is tested on its Value',
      10,
      { ...options, regexValidationPattern: '^[A-Z]+$' },
      'vegetariano',
      true,
    ],
  ])('%s', (_name, dataType, fields, input, ok) => {
    expect(validateAnswer(q(dataType, fields), input).ok).toBe(ok);
  });

  it.each([
    ['text', 0, '12345', '12345'],
    ['an item of a list', 1, '600123456, 1234', '1234'],
  ])('refuses %s with the question’s own message', (_name, dataType, input, item) => {
    expect(validateAnswer(q(dataType, phone), input)).toEqual({
      ok: false,
      error: 'pattern',
      item,
      questionMessage: 'Teléfono de 9 cifras',
    });
  });

  it('refuses without a message when the question has none', () => {
    expect(validateAnswer(q(0, { regexValidationPattern: '^x' }), 'y')).toEqual({
      ok: false,
      error: 'pattern',
      item: 'y',
    });
  });
});

describe('validateAnswer: files (12, 13)', () => {
  const pdf = (name: string | undefined, bytes: number): FileInput => ({
    ...(name !== undefined ? { name } : {}),
    mime: 'application/pdf',
    base64: Buffer.alloc(bytes, 7).toString('base64'),
  });
  const rules = { allowedMimeTypes: ['application/pdf', 'image/*'], maxBytes: 10 };

  it.each([
    [
      'one file, extension from its name',
      12,
      pdf('DNI.PDF', 10),
      {
        binaryValue: 'BwcHBwcHBwcHBw==',
        binaryMimeType: 'application/pdf',
        binaryExtension: 'pdf',
      },
    ],
    [
      'extension from the type when unnamed',
      12,
      { mime: 'image/jpeg', base64: 'data:image/jpeg;base64,/9j/' },
      { binaryValue: '/9j/', binaryMimeType: 'image/jpeg', binaryExtension: 'jpg' },
    ],
    [
      'a list of files',
      13,
      [pdf('a.pdf', 1), pdf('b.pdf', 2)],
      {
        binaryCollectionValue: ['Bw==', 'Bwc='],
        binaryMimeType: 'application/pdf',
        binaryExtension: 'pdf',
      },
    ],
  ] as const)('%s', (_name, dataType, input, value) => {
    expect(validateAnswer(q(dataType), input as AnswerInput, rules)).toEqual(sent(value));
  });

  it.each([
    ['exactly the maximum size', pdf('a.pdf', 10), true, undefined],
    ['one byte over', pdf('a.pdf', 11), false, 'file-too-large'],
    ['a type not allowed', { mime: 'text/html', base64: 'PGI+' }, false, 'file-type'],
    ['not base64', { mime: 'application/pdf', base64: 'not base64!' }, false, 'not-a-file'],
    ['text instead of a file', 'hola', false, 'not-a-file'],
    ['two files for one', [pdf('a.pdf', 1), pdf('b.pdf', 1)], false, 'too-many-values'],
  ] as const)('12: %s', (_name, input, ok, error) => {
    const result = validateAnswer(q(12), input as AnswerInput, rules);
    expect(result.ok).toBe(ok);
    if (error !== undefined) expect(result).toMatchObject({ error });
  });

  it('13 refuses files of different types', () => {
    const png = { name: 'a.png', mime: 'image/png', base64: 'iVBO' };
    expect(validateAnswer(q(13), [pdf('a.pdf', 1), png], rules)).toMatchObject({
      ok: false,
      error: 'file-types-differ',
    });
  });

  it('uses default rules: PDF and images up to 5 MB', () => {
    expect(validateAnswer(q(12), pdf('a.pdf', 5 * 1024 * 1024)).ok).toBe(true);
    expect(validateAnswer(q(12), pdf('a.pdf', 5 * 1024 * 1024 + 1))).toMatchObject({
      error: 'file-too-large',
    });
  });
});

describe('validateAnswer: the answer object', () => {
  it('leaves out an empty question text', () => {
    const question = questionSchema.parse({ id: 'q9', dataType: 6 });
    expect(validateAnswer(question, '7')).toEqual({
      ok: true,
      answer: { questionId: 'q9', integerValue: 7 },
    });
  });

  it('refuses files given to a text question', () => {
    expect(validateAnswer(q(0), { mime: 'application/pdf', base64: 'Bw==' })).toEqual({
      ok: false,
      error: 'not-text',
    });
  });
});
