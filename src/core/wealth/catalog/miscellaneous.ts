import { gearTable } from './gear';
import type { GearItem } from './types';

const row = gearTable('miscellaneous');

/** G&M, Money and Equipment: Miscellaneous (seed 001). Cost in centisilver, bulk in hundredths. */
export const MISCELLANEOUS: readonly GearItem[] = [
  row('Axe', 100, 800, { improvisedWeapon: { damage: 'd6', attackPenalty: 1, bulkHundredths: 1600 } }),
  row('Blanket', 20, 500),
  row('Book, handwritten', 500, 50, { atLeast: true, perTenPages: { cost: 10, bulkHundredths: 3 } }),
  row('Book, printed', 100, 50, {
    atLeast: true,
    perTenPages: { cost: 15, bulkHundredths: 3 },
    notes: 'What it says also moves the price.',
  }),
  row('Journal, blank', 100, 50, { atLeast: true, perTenPages: { cost: 10, bulkHundredths: 3 } }),
  row('Candle', 1, 100, { notes: 'Lights 6 yards, actions past 1 yard at -1; burns 6 hours.' }),
  row('Canvas', 25, 50, { per: 'square yard' }),
  row('Chain, large', 100, 300, { per: 'yard', notes: 'Iron links.' }),
  row('Chain, small', 200, 100, { per: 'yard', notes: 'Iron links.' }),
  row('Flint, steel, tinderbox', 50, 100, {
    notes: 'Two rounds to light a fire, given tinder and kindling.',
  }),
  row('Hunting horn', 2500, 600, { notes: 'Coiled horn.' }),
  row('Ink', 800, 50, { notes: 'Enough for some 100 pages.' }),
  row('Lantern', 800, 300, { notes: 'Lights 20 yards; 6 hours per flask of oil; 1 round to light.' }),
  row('Lock and key', 800, 100, { notes: 'Each doubling of the price gives -1 to attempts to pick it.' }),
  row('Mirror', 1000, 10),
  row('Oil', 5, 100, { per: 'flask' }),
  row('Paper', 10, 3, { per: 'ten pages' }),
  row('Parchment', 100, 1, { per: 'square foot' }),
  row('Pick', 100, 1000, { improvisedWeapon: { damage: 'd8', attackPenalty: 2, bulkHundredths: 2000 } }),
  row('Pole', 2, 700, {
    notes: 'Wooden, 3 yards long.',
    improvisedWeapon: { damage: 'd4', attackPenalty: 2, bulkHundredths: 1400 },
  }),
  row('Quill', 20, 5),
  row('Rope', 20, 300, { per: '3 yards', notes: 'Hemp.' }),
  row('Rope, light', 200, 100, { per: '3 yards', notes: 'Silk.' }),
  row('Shovel', 500, 900, { improvisedWeapon: { damage: 'd6', attackPenalty: 3, bulkHundredths: 1800 } }),
  row('Spike (iron)', 30, 150, { notes: 'Roughly seven inches.' }),
  row('Tent, enclosed', 1500, 3200, { notes: 'Covers 3 by 3 yards.' }),
  row("Thieves' tools", 500, 100),
  row('Torch', 1, 100, { notes: 'Lights 10 yards; burns 3 hours; 2 rounds to light.' }),
  row('Tent, canopy', 1000, 2400, { notes: 'Covers 4 by 4 yards.' }),
];
