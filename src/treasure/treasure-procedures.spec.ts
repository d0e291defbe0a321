import { INVENTORY_PROCEDURES } from '../inventory/inventory-procedures';
import { TREASURE_PROCEDURES } from './treasure-procedures';

describe('treasure procedures', () => {
  it('keep their roll-log names forever (the log replays by name)', () => {
    expect(Object.values(TREASURE_PROCEDURES).map((p) => p.name)).toEqual([
      'treasure.cache',
      'treasure.site-hordes',
      'treasure.horde-count',
      'treasure.artifact',
      'treasure.harvest',
      'treasure.spellbook',
      'treasure.division',
    ]);
    expect(INVENTORY_PROCEDURES.depletion.name).toBe('inventory.depletion');
  });
});
