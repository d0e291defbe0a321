import fc from 'fast-check';
import {
  ARCHSOUL_CHECK_ACTIONS,
  ARCHSOUL_STATUSES,
  archsoulStatusNamed,
  archsoulStatusRuling,
  type ArchsoulCheckAction,
} from './archsoul-condition';

describe('Archsoul statuses on a check (002:82–90)', () => {
  it('reads a status however a referee spells it, and nothing else', () => {
    expect(archsoulStatusNamed('Knocked Down')).toBe('knocked-down');
    expect(archsoulStatusNamed(' knocked_down ')).toBe('knocked-down');
    expect(archsoulStatusNamed('GRAPPLED')).toBe('grappled');
    expect(archsoulStatusNamed('Asleep')).toBeNull();
    expect(archsoulStatusNamed('knocked')).toBeNull();
  });

  it('Knocked Down makes a melee attack 1 harder and leaves every other check alone', () => {
    expect(archsoulStatusRuling(['Knocked Down'], 'melee-attack', ['Agility', 'Melee'])).toEqual({
      refusedBy: null,
      why: null,
      byAction: false,
      difficulty: [{ status: 'knocked-down', difficulty: 1 }],
    });
    for (const action of [null, 'ranged-attack', 'move', 'movement-ritual', 'physical'] as const) {
      expect(archsoulStatusRuling(['knocked-down'], action, ['Agility']).difficulty).toEqual([]);
    }
  });

  it('Restrained refuses every declared action; Grappled weapon attacks, moves and movement rituals', () => {
    for (const action of ARCHSOUL_CHECK_ACTIONS) {
      expect(archsoulStatusRuling(['restrained'], action, []).refusedBy).toBe('restrained');
    }
    expect(archsoulStatusRuling(['restrained'], null, ['Lore']).refusedBy).toBeNull();
    const grappled = ARCHSOUL_CHECK_ACTIONS.filter(
      (a) => archsoulStatusRuling(['grappled'], a, []).refusedBy === 'grappled',
    );
    expect(grappled).toEqual(['melee-attack', 'ranged-attack', 'move', 'movement-ritual']);
    expect(archsoulStatusRuling(['grappled'], 'physical', []).refusedBy).toBeNull();
  });

  it('Disabled refuses every check first; Disaligned only a check naming Soulpower', () => {
    expect(archsoulStatusRuling(['grappled', 'disabled'], 'move', []).refusedBy).toBe('disabled');
    expect(archsoulStatusRuling(['disabled'], null, ['Lore']).refusedBy).toBe('disabled');
    expect(archsoulStatusRuling(['Disaligned'], null, ['soulpower']).refusedBy).toBe('disaligned');
    expect(archsoulStatusRuling(['Disaligned'], 'melee-attack', ['Agility']).refusedBy).toBeNull();
  });

  it('property: a refusal adds no difficulty; difficulty comes only from Knocked Down on a melee attack', () => {
    const status = fc.constantFrom(...ARCHSOUL_STATUSES, 'asleep', 'Knocked Down');
    const action = fc.constantFrom<ArchsoulCheckAction | null>(null, ...ARCHSOUL_CHECK_ACTIONS);
    fc.assert(
      fc.property(fc.array(status, { maxLength: 6 }), action, fc.boolean(), (statuses, a, soul) => {
        const ruling = archsoulStatusRuling(statuses, a, soul ? ['Soulpower'] : ['Lore']);
        if (ruling.refusedBy !== null) {
          expect(ruling.difficulty).toEqual([]);
          expect(ruling.why).toEqual(expect.any(String));
          // Only the statuses that forbid some actions refuse by the action.
          expect(ruling.byAction).toBe(['restrained', 'grappled'].includes(ruling.refusedBy));
        }
        const knocked = statuses.some((s) => archsoulStatusNamed(s) === 'knocked-down');
        const total = ruling.difficulty.reduce((sum, d) => sum + d.difficulty, 0);
        expect(total).toBe(ruling.refusedBy === null && knocked && a === 'melee-attack' ? 1 : 0);
        // No status, no ruling: a check without any of the five is never touched.
        if (!statuses.some((s) => archsoulStatusNamed(s) !== null)) {
          expect(ruling).toEqual({ refusedBy: null, why: null, byAction: false, difficulty: [] });
        }
      }),
    );
  });
});
