import { cairnAction, cairnActionV2 } from '../core/combat';
import { ProcedureRegistry } from '../rolls/procedures';
import { COMBAT_PROCEDURES } from './combat-procedures';

/*
 * Issue 39: a stored Cairn action now logs `combat.cairn-action.v2` (the engine's transition in the
 * roll); rolls logged as `combat.cairn-action` keep replaying by their name (the audit replays every
 * roll of a campaign through the registry).
 */
describe('the stored Cairn action procedures', () => {
  it('v1 and v2 are registered, each with its own run; new rolls take v2', () => {
    const registry = new ProcedureRegistry();
    registry.register(...(Object.values(COMBAT_PROCEDURES) as never[]));
    expect(registry.get('combat.cairn-action').run).toBe(cairnAction);
    expect(registry.get('combat.cairn-action.v2').run).toBe(cairnActionV2);
    expect(COMBAT_PROCEDURES.cairnAction.name).toBe('combat.cairn-action.v2');
  });
});
