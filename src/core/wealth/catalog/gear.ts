import type { AnimalStats, GearItem, ImprovisedWeapon, PerTenPages } from './types';

interface GearExtras {
  per?: string;
  atLeast?: boolean;
  notes?: string;
  improvisedWeapon?: ImprovisedWeapon;
  animal?: AnimalStats;
  perTenPages?: PerTenPages;
}

/** Builds the rows of one gear table; cost in centisilver, bulk in hundredths (null when blank). */
export function gearTable(category: GearItem['category']) {
  return (name: string, cost: number, bulkHundredths: number | null, extras: GearExtras = {}): GearItem => ({
    name,
    category,
    cost,
    bulkHundredths,
    per: extras.per ?? null,
    atLeast: extras.atLeast ?? false,
    notes: extras.notes ?? null,
    improvisedWeapon: extras.improvisedWeapon ?? null,
    animal: extras.animal ?? null,
    perTenPages: extras.perTenPages ?? null,
  });
}
