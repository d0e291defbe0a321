import { depletionCheck } from '../core/treasure';

/** Inventory procedures as the roll log names them; never rename one. */
export const INVENTORY_PROCEDURES = {
  depletion: { name: 'inventory.depletion', run: depletionCheck },
};
