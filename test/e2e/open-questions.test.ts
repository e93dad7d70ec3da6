/**
 * Open questions, end to end over the JSON-lines chat against the sandbox: "qué tenéis?",
 * "what can we do this weekend with kids?", a family asking for ideas for Sunday morning,
 * a hotel with the water park, a gift card of an amount. Each gets a short list with
 * prices narrowed by what was said, never "not understood", and no product is picked for
 * a message that names none.
 */
import { describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { useChats } from '#test/support/use-chats.js';

const I = demoIds.products;

const { chatIn } = useChats();

const ids = (view: OutputLine) => view.options.map((option) => option.id);
const texts = (lines: OutputLine[]) => lines.map((line) => line.text);

describe('open questions', () => {
  it('"qué tenéis?" and "qué actividades hay?" list what is on sale with prices', async () => {
    const chat = await chatIn('es');
    for (const question of ['qué tenéis?', 'qué actividades hay?']) {
      await chat.choose('home');
      const answer = await chat.say(question);
      expect(texts(answer).join('\n')).not.toMatch(/No te he entendido/);
      const view = chat.last();
      expect(view.text).toMatch(/^Esto es lo que tenemos:/);
      expect(view.text).toMatch(/Museo del Mar de Valencia — [^\n]+\d+,\d\d\s€/);
      // No gift card and nothing sold only to groups in an answer about what to do.
      expect(view.text).not.toMatch(/Tarjeta regalo|Grupo|grupo/);
      expect(ids(view).filter((id) => id.startsWith('idea:')).length).toBeGreaterThan(2);
    }
  });

  it('"what can we do this weekend with kids?" lists the weekend, nothing for adults only', async () => {
    const chat = await chatIn('en');
    await chat.say('what can we do this weekend with kids?');
    const view = chat.last();
    expect(view.text).toMatch(
      /^This is what there is from Saturday, 13 June 2026 to Sunday, 14 June 2026, with children:/,
    );
    // The museum's ticket types priced per type, the child's included.
    expect(view.text).toMatch(/adult €\d+\.\d\d · child €\d+\.\d\d/);
    expect(view.text).not.toMatch(/Winery|tasting/i);
  });

  it('a family asking for ideas gets what fits three people on Sunday, and books it as said', async () => {
    const chat = await chatIn('en');
    await chat.say('we are 2 adults and a kid (7), any ideas for Sunday morning?');
    const view = chat.last();
    expect(view.text).toMatch(
      /^This is what there is on Sunday, 14 June 2026, for 2 adults and 1 child:/,
    );
    // No product picked for it, and no pack for four people.
    expect(view.text).not.toMatch(/Family pack/);
    expect(ids(view)).not.toContain(`idea:${I.museumFamily}`);
    expect(view.text).not.toMatch(/Ticket 1 of/);

    const picked = await chat.choose(`idea:${I.museumAdult}`);
    const summary = texts(picked).join('\n');
    expect(summary).toMatch(/Sunday, 14 June 2026/);
    expect(summary).toMatch(/2 adults · 1 child/);
    expect(summary).toMatch(/Total: 2 × €\d+\.\d\d \+ 1 × €\d+\.\d\d = €\d+\.\d\d\./);
    expect(chat.last().text).toMatch(/^Ticket 1 of 3 — /);
  });

  it('"the museum" typed after the ideas books the museum for the party and day asked', async () => {
    const chat = await chatIn('en');
    await chat.say('we are 2 adults and a kid (7), any ideas for Sunday morning?');
    const summary = texts(await chat.say('the museum')).join('\n');
    expect(summary).not.toMatch(/I found \d+ products/);
    expect(summary).toMatch(
      /Valencia Sea Museum · Tickets\nSunday, 14 June 2026\n2 adults · 1 child/,
    );
    expect(summary).toMatch(/Total: 2 × €15\.00 \+ 1 × €9\.00 = €39\.00\./);
    expect(chat.last().text).toMatch(/^Ticket 1 of 3 — /);
  });

  it('"el parque" after the ideas opens the park\'s products for the party and day asked', async () => {
    const chat = await chatIn('es');
    await chat.say('somos 2 adultos y un niño, ¿qué nos recomiendas para el domingo?');
    expect(chat.last().text).toMatch(/^Esto es lo que hay para el domingo, 14 de junio de 2026/);
    const said = texts(await chat.say('el parque')).join('\n');
    expect(said).toMatch(/domingo, 14 de junio de 2026, 2 adultos · 1 niño/);
    expect(chat.last().text).toMatch(/^Parque Acuático Atlántico/);
  });

  it('"algo para niños el sábado" after "qué tenéis?" lists what fits children that day, no pack picked', async () => {
    const chat = await chatIn('es');
    await chat.say('qué tenéis?');
    const answer = await chat.say('algo para niños el sábado');
    expect(texts(answer).join('\n')).not.toMatch(/¿Cuántas quieres\?/);
    const view = chat.last();
    expect(view.text).toMatch(
      /^Esto es lo que hay para el sábado, 13 de junio de 2026, con niños:/,
    );
    expect(view.text).toMatch(/Museo del Mar: adulto: adulto 15,00\s€ · niño 9,00\s€/);
    expect(view.text).not.toMatch(/Bodega|Cata/);
    expect(ids(view)).toContain(`idea:${I.museumAdult}`);
  });

  it('"do you have anything for kids on Saturday?" lists what fits children that day, with prices', async () => {
    const chat = await chatIn('en');
    await chat.say('do you have anything for kids on Saturday?');
    const view = chat.last();
    expect(view.text).toMatch(/^This is what there is on Saturday, 13 June 2026, with children:/);
    expect(view.text).toMatch(/Sea Museum: adult: adult €15\.00 · child €9\.00/);
    expect(view.text).not.toMatch(/Winery|tasting/i);
    expect(ids(view).filter((id) => id.startsWith('idea:')).length).toBeGreaterThan(2);
  });

  it('"tienen hotel con el parque acuatico?" shows the packages with a hotel', async () => {
    const chat = await chatIn('es');
    await chat.say('tienen hotel con el parque acuatico?');
    const view = chat.last();
    expect(view.text).toMatch(/Paquetes de actividad \+ alojamiento/);
    expect(view.text).toMatch(/Escapada Atlántico/);
  });

  it('"una tarjeta regalo de 50 euros" says which gift cards there are', async () => {
    const chat = await chatIn('es');
    const answer = await chat.say('una tarjeta regalo de 50 euros');
    expect(texts(answer)[0]).toMatch(/no un importe \(50,00\s€\)\. Estas son las que hay/);
    const view = chat.last();
    expect(view.options.map((option) => option.label).join('\n')).toMatch(
      /Tarjeta regalo: Museo del Mar · Museo del Mar de Valencia · \d+,\d\d\s€/,
    );
  });
});
