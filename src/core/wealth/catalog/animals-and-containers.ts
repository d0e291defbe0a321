import { gearTable } from './gear';
import type { GearItem } from './types';

const row = gearTable('animals-and-containers');

/**
 * G&M, Money and Equipment: Animals & containers (seed 001). Cost in centisilver, bulk in hundredths.
 * Animals have no bulk of their own; their movement and load are in `animal`.
 */
export const ANIMALS_AND_CONTAINERS: readonly GearItem[] = [
  row('Backpack', 200, 200, { notes: 'Slow to reach into: one round to take something out.' }),
  row('Donkey', 700, null, { animal: { movement: 9, carryBulk: 225, upkeepKind: 'animal' } }),
  row('Horse bit & bridle', 150, 300),
  row('Horse saddle', 1000, 2800, { notes: 'Comes with a saddle blanket.' }),
  row('Horse saddle bags', 300, 500),
  row('Horse saddle blanket', 30, 400, {
    notes: 'Riding on it alone: -2 to riding rolls, -1 daily movement.',
  }),
  row('Horse shoe', 40, 200, { notes: 'Horses and donkeys are sold already shod.' }),
  row('Horse, pack', 3000, null, { animal: { movement: 10, carryBulk: 200, upkeepKind: 'animal' } }),
  row('Horse, riding', 7500, null, { animal: { movement: 14, carryBulk: 250, upkeepKind: 'riding-animal' } }),
  row('Horse, war', 20000, null, { animal: { movement: 14, carryBulk: 300, upkeepKind: 'riding-animal' } }),
  row('Keg, small', 300, 600, { notes: 'Holds three gallons.' }),
  row('Mule', 2000, null, { animal: { movement: 10, carryBulk: 400, upkeepKind: 'animal' } }),
  row('Ox', 1200, null, { animal: { movement: 5, carryBulk: 400, upkeepKind: 'animal' } }),
  row('Pony', 3000, null, { animal: { movement: 12, carryBulk: 180, upkeepKind: 'riding-animal' } }),
  row('Pouch, belt', 50, 50),
  row('Pouch, shoulder', 100, 100),
  row('Sack', 20, 50),
  row('Scroll case', 80, 50),
  row('Trunk, wooden', 800, 2500, { notes: 'Size and decoration move cost and bulk a long way.' }),
  row('Wineskin/Waterskin', 150, 100, { notes: 'Holds four pints.' }),
];
