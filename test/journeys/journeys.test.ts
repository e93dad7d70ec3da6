/**
 * The journey report's own parts: what counts as a question asked twice, and a scripted
 * customer reaching the payment step through the real JSON-lines chat. The figures
 * themselves are printed by `npm run journeys`, not asserted.
 */
import { describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { answerOf, hurriedAction } from '#journeys/customer.js';
import { journeys } from '#journeys/journeys.js';
import { RepeatCounter, whatIsAsked } from '#journeys/meaning.js';
import { party } from '#journeys/persona.js';
import { runJourney } from '#journeys/report.js';
import { startChat } from '#test/support/chat.js';

const ask = (text: string, options: OutputLine['options'] = []): OutputLine => ({
  text,
  options,
  expects: 'text',
});

describe('what a question asks', () => {
  it('reads a detail and whom it is about, whatever the words', () => {
    expect(
      whatIsAsked(ask('Entrada 2 de 3 — Entrada adulto: Nombre y apellidos del visitante')),
    ).toEqual({
      meanings: ['name', 'surname'],
      person: 2,
      question: true,
    });
    expect(whatIsAsked(ask('Datos del cliente (2/6): Correo electrónico')).meanings).toEqual([
      'email',
    ]);
    expect(
      whatIsAsked(ask('Intro line.\n¿Cuál es tu nombre? (sin los apellidos)')).meanings,
    ).toEqual(['name']);
    expect(whatIsAsked(ask('Ticket 1 of 1 — Adult: Age on the day of the visit')).meanings).toEqual(
      ['birth'],
    );
    expect(whatIsAsked({ text: 'Elige un lugar', options: [], expects: 'choice' }).question).toBe(
      false,
    );
  });
});

describe('counting questions asked twice', () => {
  const buyer = party(2);
  const answer = () => (asked: Parameters<typeof answerOf>[1]) => answerOf(buyer, asked);
  const observe = (counter: RepeatCounter, view: OutputLine) => counter.observe(view, answer());

  it('counts the same detail of the same person asked again', () => {
    const counter = new RepeatCounter();
    observe(counter, ask('Entrada 1 de 2 — Adulto: Nombre y apellidos del visitante'));
    observe(counter, ask('Entrada 2 de 2 — Adulto: Nombre y apellidos del visitante'));
    expect(counter.repeats).toBe(0);
    observe(counter, ask('Datos del cliente (1/6): Nombre y apellidos'));
    observe(counter, ask('¿Y tus apellidos?'));
    expect(counter.repeats).toBe(2);
  });

  it('does not count an answer offered as a button, nor a new purchase', () => {
    const counter = new RepeatCounter();
    observe(counter, ask('Tu correo electrónico:'));
    observe(
      counter,
      ask('Datos del cliente (2/6): Correo electrónico', [
        { id: 'use', label: 'Usar ana0@example.com' },
      ]),
    );
    expect(counter.repeats).toBe(0);
    counter.nextPurchase();
    observe(counter, ask('Tu correo electrónico:'));
    expect(counter.repeats).toBe(0);
  });
});

describe('a list of answers for several tickets', () => {
  const family = party(3, { childFrom: 2 });
  const names = ask(
    'Entrada 1 de 3 — Adulto, asistente 1: Nombre y apellidos del visitante\n' +
      'Escribe tu respuesta.\n' +
      'O las 3 respuestas a la vez (entradas 1 a 3), una por línea o separadas por comas.',
  );

  it('is answered as a person would: each one of the party on a line', () => {
    expect(whatIsAsked(names)).toEqual({
      meanings: ['name', 'surname'],
      person: 1,
      question: true,
      together: 3,
    });
    expect(hurriedAction(names, family, 0)).toEqual({
      kind: 'text',
      text: 'Ana García\nLuis García\nMarta García',
    });
  });

  it('asks each person once: a name given in the list and asked again is asked twice', () => {
    const counter = new RepeatCounter();
    const answer = (asked: Parameters<typeof answerOf>[1]) => answerOf(family, asked);
    counter.observe(names, answer);
    counter.answered(names, 'Ana García\nLuis García\nMarta García');
    expect(counter.repeats).toBe(0);
    counter.observe(ask('Entrada 3 de 3 — Infantil: Nombre y apellidos del visitante'), answer);
    expect(counter.repeats).toBe(1);
    // Answered for one ticket only, the next ticket's name is asked for the first time.
    const single = new RepeatCounter();
    single.observe(names, answer);
    single.answered(names, 'Ana García');
    single.observe(ask('Entrada 2 de 3 — Adulto: Nombre y apellidos del visitante'), answer);
    expect(single.repeats).toBe(0);
  });
});

/** A chat as `npm run journeys` opens one: its own sandbox, sold on account. */
async function openChat(language: 'es' | 'en') {
  const chat = await startChat({ env: { PARTNER_LANGUAGE: language, PAYMENT_MODE: 'on-account' } });
  await chat.start();
  return chat;
}

describe('a scripted journey', () => {
  it('reaches the payment step through the JSON-lines chat and counts its turns', async () => {
    const plan = journeys.find((journey) => /buttons only/.test(journey.name))!;
    const result = await runJourney(plan, openChat);
    const [leg] = result.legs;
    expect(leg?.reached).toBe(true);
    // At least: the place, the product, the date and the quantity were tapped.
    expect(leg?.turns).toBeGreaterThanOrEqual(4);
  });

  it('adds to a reserved order and checks out again asking nothing twice', async () => {
    const plan = journeys.find((journey) => /reserved order/.test(journey.name))!;
    const result = await runJourney(plan, openChat);
    const [reserved, again] = result.legs;
    expect(reserved?.reached).toBe(true);
    expect(again?.reached).toBe(true);
    // The way back to the cart, another product, its date and quantity, at the least.
    expect(again?.turns).toBeGreaterThanOrEqual(5);
    // One purchase: the first line's answers and the buyer's details are not asked again.
    expect(again?.repeatedQuestions).toEqual([]);
  });

  it('redeems the sandbox’s seeded gift card to the payment step', async () => {
    const plan = journeys.find((journey) => /redeemed/.test(journey.name))!;
    const result = await runJourney(plan, openChat);
    expect(result.legs[0]?.reached).toBe(true);
  });
});
