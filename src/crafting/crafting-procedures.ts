import { attunementRitual, channelingTest, craftingRoll, orbIntegrationTest } from '../core/crafting';

/**
 * The crafting procedures as named, replayable procedures. The names are stored in the roll log:
 * never rename one.
 */
export const CRAFTING_PROCEDURES = {
  roll: { name: 'crafting.roll', run: craftingRoll },
  attunement: { name: 'crafting.attunement-ritual', run: attunementRitual },
  channeling: { name: 'crafting.channeling', run: channelingTest },
  orbIntegration: { name: 'crafting.orb-integration', run: orbIntegrationTest },
};
