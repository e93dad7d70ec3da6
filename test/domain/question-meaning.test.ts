import { describe, expect, it } from 'vitest';
import { ageOn, detailMeaning } from '#src/domain/question-meaning.js';

describe('what detail a question asks', () => {
  it.each([
    ['Nombre y apellidos', 'Nombre', 'fullName'],
    ['Nombre y apellidos del visitante', 'Nombre', 'fullName'],
    ["Visitor's full name", 'Name', 'fullName'],
    ['Full name', undefined, 'fullName'],
    ['¿Cuál es tu nombre?', undefined, undefined],
    ['Nombre', undefined, 'firstName'],
    ['Apellidos', undefined, 'surname'],
    ['Correo electrónico', 'Correo', 'email'],
    ['E-mail address', 'E-mail', 'email'],
    ['Teléfono de contacto', 'Teléfono', 'phone'],
    ['Mobile phone', 'Phone', 'phone'],
    ['DNI, NIE o pasaporte', 'Documento', 'document'],
    ['ID card or passport number', 'Document', 'document'],
    ['Fecha de nacimiento del comprador', 'Nacimiento', 'birthDate'],
    ['Date of birth', 'Birth date', 'birthDate'],
    ['Edad el día de la visita', 'Edad', 'age'],
    ['Age on the day of the visit', 'Age', 'age'],
    ['Número de acompañantes adultos', 'Acompañantes', undefined],
    ['Responsable del grupo', 'Responsable', undefined],
    ['Centro u organización', 'Organización', undefined],
    ['¿Cómo nos ha conocido?', 'Origen', undefined],
    ['Comentarios para el proveedor', 'Comentarios', undefined],
    ['¿Necesitas un itinerario accesible?', 'Accesibilidad', undefined],
    ['País de residencia', 'País', undefined],
  ])('%s (%s) → %s', (question, shortQuestion, meaning) => {
    expect(detailMeaning({ question, shortQuestion })).toBe(meaning);
  });
});

describe('an age from a birth date', () => {
  it('counts whole years on the day', () => {
    expect(ageOn('1990-08-15', '2026-08-14')).toBe(35);
    expect(ageOn('1990-08-15', '2026-08-15')).toBe(36);
    expect(ageOn('2020-02-29', '2026-02-28')).toBe(5);
    expect(ageOn('2020-02-29', '2026-03-01')).toBe(6);
  });
  it('has none for a birth after the day or a date it cannot read', () => {
    expect(ageOn('2027-01-01', '2026-06-10')).toBeUndefined();
    expect(ageOn('15/08/1990', '2026-06-10')).toBeUndefined();
  });
});
