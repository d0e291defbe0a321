import { gmAction, gmActionV2, gmActionV3 } from '../core/combat/gm-action';
import { sheetState, type GmState } from '../core/engine';
import { harmOf } from '../core/harm';
import { createRng, Dice } from '../core/random';
import { ProcedureRegistry } from '../rolls/procedures';
import { GM_COMBAT_PROCEDURES } from './combat-actions.gm';

const dice = (seed: string) => new Dice(createRng(seed));

/*
 * Issue 39: a stored G&M attack now logs `combat.gm-action.v3` (the engine's transition in the roll).
 * Rolls logged as `combat.gm-action` and `.v2` keep replaying by their names (the audit replays every
 * roll of a campaign through this registry).
 */
describe('the G&M stored-combat procedures', () => {
  it('v1, v2 and v3 of the harming action are registered, each with its own run', () => {
    const registry = new ProcedureRegistry();
    registry.register(...(Object.values(GM_COMBAT_PROCEDURES) as never[]));
    expect(registry.get('combat.gm-action').run).toBe(gmAction);
    expect(registry.get('combat.gm-action.v2').run).toBe(gmActionV2);
    expect(registry.get('combat.gm-action.v3').run).toBe(gmActionV3);
    expect(GM_COMBAT_PROCEDURES.action.name).toBe('combat.gm-action.v3');
  });

  it('a v3 input logged as JSON replays to the same answer (what the audit does)', () => {
    const sheet = {
      survival: { current: 9, max: 12 },
      verve: { current: 4, max: 6 },
      injuries: { current: 1, max: 13 },
      abilities: { endurance: 12 },
    };
    const state = sheetState(
      { name: 'Yeti', id: 'n1', npc: true },
      'gm',
      sheet,
      { reactions: { fortitude: 11 } },
      harmOf(sheet),
    ) as GmState;
    let hits = 0;
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const input = { attack: { attackBonus: 8, defense: 1, damage: 'd8+4' }, state, warrior: false };
      const first = gmActionV3(input, dice(seed));
      const logged = JSON.parse(JSON.stringify(input)) as typeof input;
      expect(JSON.parse(JSON.stringify(gmActionV3(logged, dice(seed))))).toEqual(
        JSON.parse(JSON.stringify(first)),
      );
      if (first.harm) hits += 1;
    }
    expect(hits).toBeGreaterThan(0);
  });
});
