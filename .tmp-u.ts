import { catalogFinder } from '#flows/booking/choosing/finder.js';
import { understand } from '#flows/understanding/understand.js';
import { NOW, demo } from '#test/flows/selection-harness.js';
const catalog = demo('es');
const finder = catalogFinder(catalog, NOW);
for (const t of process.argv.slice(2)) { const u = understand(t, { today: '2026-06-10' as any, finder }); console.log(t, JSON.stringify(u.slots), u.rest); console.log('  hits', finder(u.rest.join(' ')).slice(0,5).map(h=>[h.name,h.providerId,h.score])); }
