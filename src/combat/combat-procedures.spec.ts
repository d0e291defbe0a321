import {
  archsoulAttack,
  archsoulAttackV2,
  cairnAction,
  cairnActionV2,
  coeacAction,
  coeacActionV2,
  coeacActionV3,
} from '../core/combat';
import { ProcedureRegistry } from '../rolls/procedures';
import { COMBAT_PROCEDURES } from './combat-procedures';

/*
 * Issue 39: a stored Cairn action now logs `combat.cairn-action.v2` (the engine's transition in the
 * roll); rolls logged as `combat.cairn-action` keep replaying by their name (the audit replays every
 * roll of a campaign through the registry).
 */
describe('the stored Cairn, COEAC and Archsoul action procedures', () => {
  it('v1 and v2 are registered, each with its own run; new rolls take v2', () => {
    const registry = new ProcedureRegistry();
    registry.register(...(Object.values(COMBAT_PROCEDURES) as never[]));
    expect(registry.get('combat.cairn-action').run).toBe(cairnAction);
    expect(registry.get('combat.cairn-action.v2').run).toBe(cairnActionV2);
    expect(COMBAT_PROCEDURES.cairnAction.name).toBe('combat.cairn-action.v2');
  });

  it('COEAC: v1, v2 and v3 of the stored action are registered; new rolls take v3', () => {
    const registry = new ProcedureRegistry();
    registry.register(...(Object.values(COMBAT_PROCEDURES) as never[]));
    expect(registry.get('combat.coeac-action').run).toBe(coeacAction);
    expect(registry.get('combat.coeac-action.v2').run).toBe(coeacActionV2);
    expect(registry.get('combat.coeac-action.v3').run).toBe(coeacActionV3);
    expect(COMBAT_PROCEDURES.coeacAction.name).toBe('combat.coeac-action.v3');
  });

  it('Archsoul: the attack v1 (its harm a second roll) and v2 (the harm in the roll) are registered', () => {
    const registry = new ProcedureRegistry();
    registry.register(...(Object.values(COMBAT_PROCEDURES) as never[]));
    expect(registry.get('combat.archsoul-attack').run).toBe(archsoulAttack);
    expect(registry.get('combat.archsoul-attack.v2').run).toBe(archsoulAttackV2);
  });
});
