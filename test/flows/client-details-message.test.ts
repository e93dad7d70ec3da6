import { describe, expect, it } from 'vitest';
import { readClientDetails } from '#flows/booking/steps/questions/client-fields.js';

describe("the buyer's details in one message", () => {
  it('reads every detail, in any order, with or without commas', () => {
    const all = {
      fullName: 'Ana',
      surname: 'García López',
      documentIdentifier: '12345678Z',
      phoneNumber: '+34600111222',
      email: 'ana@example.com',
    };
    expect(
      readClientDetails('Ana García López, 12345678Z, +34 600 111 222, ana@example.com'),
    ).toEqual(all);
    expect(readClientDetails('ana@example.com +34600111222 Ana García López 12345678-Z')).toEqual(
      all,
    );
    expect(
      readClientDetails('Ana García López\n12345678Z\n+34 600 111 222\nana@example.com'),
    ).toEqual(all);
  });

  it('splits a name into first name and surname as Spanish names go', () => {
    expect(readClientDetails('Ana')).toEqual({ fullName: 'Ana' });
    expect(readClientDetails('Ana García')).toEqual({ fullName: 'Ana', surname: 'García' });
    expect(readClientDetails('María José García López')).toEqual({
      fullName: 'María José',
      surname: 'García López',
    });
  });

  it('takes a passport and an NIE, and a phone without a prefix', () => {
    expect(readClientDetails('John Smith, 123456789, PA1234567, john@example.co.uk')).toEqual({
      fullName: 'John',
      surname: 'Smith',
      phoneNumber: '123456789',
      documentIdentifier: 'PA1234567',
      email: 'john@example.co.uk',
    });
    expect(readClientDetails('X1234567L')).toEqual({ documentIdentifier: 'X1234567L' });
  });

  it('keeps nothing that fails its check', () => {
    // A DNI with the wrong letter is neither a document nor part of a name.
    expect(readClientDetails('12345678A')).toEqual({});
    expect(readClientDetails('ana@@example')).toEqual({});
    expect(readClientDetails('Ana 3')).toEqual({});
  });
});
