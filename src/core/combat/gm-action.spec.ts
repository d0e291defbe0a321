import fc from 'fast-check';
import { sheetDamage } from '../harm/campaign';
import { createRng, Dice } from '../random';
import { describeDamage, sheetState, type GmState } from '../engine';
import { harmOf } from '../harm/sheet-harm';
import { gmAction, gmActionV2, gmActionV3 } from './gm-action';
import { gmAttack } from './gm-attack';
import { gmGroupAttack } from './gm-group-attack';
import { gmPsychic } from './gm-psychic';

const dice = (seed: string) => new Dice(createRng(seed));
const target = { survival: 12, verve: 6, injuries: 0, consciousness: 13, endurance: 13 };

/** A Dice that hands out the given faces in order (to replay a part of a stream). */
function scripted(faces: number[]): Dice {
  const queue = [...faces];
  const recorded: number[] = [];
  const pool = (n: number) => {
    const out = queue.splice(0, n);
    recorded.push(...out);
    return out;
  };
  return {
    get faces() {
      return recorded;
    },
    pool,
    die: () => pool(1)[0],
  } as unknown as Dice;
}

describe('combat.gm-action (one roll: the attack and the target’s harm)', () => {
  it('answers the attack exactly as combat.gm-attack does on the same stream (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.integer({ min: -5, max: 10 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom('d4', 'd8+4', '2d6', 'd10+1'),
        fc.constantFrom(null, 'killing', 'knockout'),
        (seed, attackBonus, defense, damage, blow) => {
          const input = {
            attackBonus,
            defense,
            damage,
            ...(blow
              ? {
                  calledShot: true,
                  nonDefending: 'immobile' as const,
                  blow: blow as 'killing',
                  ...(blow === 'knockout' ? { knockoutEvasion: { score: 9 } } : {}),
                }
              : {}),
          };
          const action = gmAction({ attack: input, target }, dice(seed));
          const alone = gmAttack(input, dice(seed));
          expect(action.attack).toEqual(alone);
          expect(action.faces.slice(0, alone.faces.length)).toEqual(alone.faces);
          expect(action.kind).toBe('attack');
          if (!alone.hit || alone.damage === 0) {
            expect(action.harm).toBeNull();
            expect(action.faces).toEqual(alone.faces);
          } else {
            // The harm is harm.sheet-damage's, on the faces that follow the attack's.
            const forced = Math.min(alone.damage, Math.max(alone.weaponDice, alone.toInjuries));
            const replayed = sheetDamage(
              {
                system: 'gm',
                stateBefore: 'up',
                ...target,
                damage: alone.damage,
                archetypal: false,
                weaponDice: forced,
                evaded: false,
                unconscious: false,
              },
              scripted(action.faces.slice(alone.faces.length)),
            );
            expect(action.harm).toEqual(replayed);
            expect(action.harm!.damage).toBe(alone.damage);
          }
        },
      ),
    );
  });

  it('a group attack answers as combat.gm-group-attack does on the same stream (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (seed) => {
        const group = {
          members: [{ attackBonus: 2 }, { attackBonus: 3 }, { attackBonus: 1 }],
          defense: 3,
          damage: 'd6+1',
        };
        const action = gmAction({ groupAttack: group, target }, dice(seed));
        expect(action.kind).toBe('group-attack');
        expect(action.attack).toEqual(gmGroupAttack(group, dice(seed)));
        expect(action.harm === null).toBe(!action.attack!.hit || action.attack!.damage === 0);
      }),
    );
  });

  it('golden (seed yeti-3): d20 3 against 13 hits, d8+4 deals 12 (the Yeti fight’s damage), one forced injury, the fortitude roll 9 keeps it up', () => {
    const out = gmAction({ attack: { attackBonus: 4, defense: 2, damage: 'd8+4' }, target }, dice('yeti-3'));
    expect(out.attack).toMatchObject({ roll: 3, target: 13, hit: true, damage: 12, weaponDice: 1 });
    expect(out.faces).toEqual([3, 8, 9]);
    expect(out.harm!.changes).toEqual([
      { path: 'survival.current', delta: -11, via: 'ledger' },
      { path: 'injuries.current', delta: 1, via: 'ledger' },
    ]);
    expect(out.harm!.state).toBe('up');
    // Replayed on the same seed: the same answer.
    expect(
      gmAction({ attack: { attackBonus: 4, defense: 2, damage: 'd8+4' }, target }, dice('yeti-3')),
    ).toEqual(out);
  });

  it('golden (seed yeti-4): the consciousness roll 14 against fortitude 13 fails: unconscious', () => {
    const out = gmAction({ attack: { attackBonus: 4, defense: 2, damage: 'd8+4' }, target }, dice('yeti-4'));
    expect(out.faces).toEqual([10, 3, 14]);
    expect(out.harm!.state).toBe('unconscious');
    expect(out.harm!.pending[0]).toMatch(/^Unconscious for/);
  });

  it('a psychic attack is combat.gm-psychic on the stream, its damage from verve first, or from survival by choice (golden mind-0)', () => {
    const psychic = {
      action: 'attack' as const,
      attacker: { charisma: 14, monkLevel: 3, verve: 10, spend: 2 },
      defender: { verve: 3, survival: 10 },
    };
    const t = { ...target, verve: 3, survival: 10 };
    const out = gmAction({ psychic, target: t }, dice('mind-0'));
    expect(out.psychic).toEqual(gmPsychic(psychic, dice('mind-0')));
    expect(out.psychic).toMatchObject({ roll: 1, success: true, damage: 5 });
    expect(out.harm!.changes).toEqual([
      { path: 'verve.current', delta: -3, via: 'ledger' },
      { path: 'survival.current', delta: -2, via: 'ledger' },
    ]);
    expect(out.psychic!.defender).toMatchObject({ verve: 0, survival: 8, stun: 2 });
    const chosen = gmAction(
      { psychic: { ...psychic, defender: { ...psychic.defender, fromSurvival: true } }, target: t },
      dice('mind-0'),
    );
    expect(chosen.harm!.changes).toEqual([{ path: 'survival.current', delta: -5, via: 'ledger' }]);
    expect(chosen.psychic!.defender).toMatchObject({ verve: 3, survival: 5, stun: 5 });
    // A miss harms nobody (mind-3: 17).
    expect(gmAction({ psychic, target: t }, dice('mind-3')).harm).toBeNull();
  });

  it('refuses what is not one harming action, naming the field', () => {
    expect(() => gmAction({ target } as never, dice('x'))).toThrow(
      expect.objectContaining({ field: 'input' }),
    );
    expect(() =>
      gmAction(
        { psychic: { action: 'enter', attacker: { charisma: 10, monkLevel: 1, verve: 5 } }, target },
        dice('x'),
      ),
    ).toThrow(expect.objectContaining({ field: 'psychic.action' }));
    expect(() =>
      gmAction(
        {
          attack: { attackBonus: 0, defense: 0, damage: 'd6' },
          target: { ...target, stateBefore: 'asleep' as never },
        },
        dice('x'),
      ),
    ).toThrow(expect.objectContaining({ field: 'target.stateBefore' }));
  });
});

describe('combat.gm-action.v2 (issue 39: a hit in a stored combat as 001:567, 583, 748, 776 say)', () => {
  /** Toromeen: 7 survival, 17 verve, a warrior (001:567). */
  const toromeen = { survival: 7, verve: 17, injuries: 0, consciousness: 10, endurance: 14 };
  const orcAttack = { attackBonus: 10, defense: 0, damage: 'd6+1' };

  it('a warrior player character spends verve and nothing else while verve lasts (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (seed) => {
        const out = gmActionV2({ attack: orcAttack, target: { ...toromeen, warrior: true } }, dice(seed));
        if (!out.harm) return;
        const damage = out.harm.damage;
        expect(damage).toBeLessThanOrEqual(17);
        expect(out.harm.changes).toEqual([{ path: 'verve.current', delta: -damage, via: 'ledger' }]);
        expect(out.harm.state).toBe('up');
        expect(JSON.stringify(out.harm.steps)).not.toContain('conscious');
      }),
      { numRuns: 200 },
    );
  });

  it('a target that is no warrior loses survival, and no weapon die forces an injury', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (seed) => {
        const out = gmActionV2({ attack: { ...orcAttack, damage: '2d6' }, target: toromeen }, dice(seed));
        if (!out.harm) return;
        const byPath = Object.fromEntries(out.harm.changes.map((c) => [c.path, c.delta]));
        expect(byPath['verve.current']).toBeUndefined();
        const damage = out.harm.damage;
        expect(byPath['survival.current']).toBe(-Math.min(7, damage));
        // Only what survival cannot take becomes injuries (001:597), never the weapon's two dice.
        expect(byPath['injuries.current'] ?? 0).toBe(Math.max(0, damage - 7));
      }),
      { numRuns: 200 },
    );
  });

  it('version 1 is kept for replay: the same seed forces one injury a weapon die and never spends verve', () => {
    const seeds = Array.from({ length: 60 }, (_, i) => `v1-${i}`);
    const hit = seeds
      .map((seed) => ({ seed, v1: gmAction({ attack: orcAttack, target: toromeen }, dice(seed)) }))
      .find((x) => x.v1.harm !== null && x.v1.harm.damage > 0);
    expect(hit).toBeDefined();
    const v1 = hit!.v1.harm!;
    expect(v1.changes.find((c) => c.path === 'injuries.current')?.delta).toBe(1);
    expect(v1.changes.find((c) => c.path === 'verve.current')).toBeUndefined();
    const v2 = gmActionV2(
      { attack: orcAttack, target: { ...toromeen, warrior: true } },
      dice(hit!.seed),
    ).harm!;
    expect(v2.damage).toBe(v1.damage);
    expect(v2.changes).toEqual([{ path: 'verve.current', delta: -v1.damage, via: 'ledger' }]);
  });

  it('a killing blow’s injuries stand even when the warrior’s verve could take the blow', () => {
    const seeds = Array.from({ length: 200 }, (_, i) => `kill-${i}`);
    const input = {
      attackBonus: 10,
      defense: 0,
      damage: 'd8+4',
      calledShot: true,
      nonDefending: 'immobile' as const,
      blow: 'killing' as const,
    };
    const found = seeds
      .map((seed) => gmActionV2({ attack: input, target: { ...toromeen, warrior: true } }, dice(seed)))
      .find(
        (o) => o.harm !== null && o.attack !== null && (o.attack as { toInjuries: number }).toInjuries > 0,
      );
    expect(found).toBeDefined();
    const toInjuries = (found!.attack as { toInjuries: number }).toInjuries;
    expect(found!.harm!.changes.find((c) => c.path === 'injuries.current')?.delta).toBe(toInjuries);
  });
});

describe('combat.gm-action.v3 (issue 39: the harm through the engine’s transition, golden on fixed seeds)', () => {
  const SHEET = {
    survival: { current: 12, max: 12 },
    verve: { current: 6, max: 6 },
    injuries: { current: 0, max: 13 },
    abilities: { endurance: 13 },
  };
  const owner = { name: 'Brand', id: 'c1', npc: false };
  const stateOf = (sheet: Record<string, unknown>) =>
    sheetState(owner, 'gm', sheet, { reactions: { fortitude: 13 } }, harmOf(sheet)) as GmState;
  const v2Target = (sheet: typeof SHEET, warrior: boolean) => ({
    survival: sheet.survival.current,
    verve: sheet.verve.current,
    injuries: sheet.injuries.current,
    consciousness: 13,
    endurance: 13,
    stateBefore: 'up' as const,
    warrior,
  });
  const seeds = ['gm-v3-1', 'gm-v3-2', 'gm-v3-3', 'gm-v3-4', 'gm-v3-5', 'gm-v3-6', 'gm-v3-7', 'gm-v3-8'];

  it('answers v2’s attack and harm on the same seed, and the events the engine tells of that harm', () => {
    let harmed = 0;
    for (const seed of seeds)
      for (const warrior of [false, true])
        for (const blow of [null, 'killing'] as const) {
          const attack = {
            attackBonus: 6,
            defense: 2,
            damage: '2d6+3',
            ...(blow ? { calledShot: true, nonDefending: 'immobile' as const, blow } : {}),
          };
          const state = stateOf(SHEET);
          const v2 = gmActionV2({ attack, target: v2Target(SHEET, warrior) }, dice(seed));
          const v3 = gmActionV3({ attack, state, warrior }, dice(seed));
          expect(v3.attack).toEqual(v2.attack);
          expect(v3.harm).toEqual(v2.harm);
          expect(v3.faces).toEqual(v2.faces);
          if (v2.harm) {
            harmed += 1;
            expect(v3.events).toEqual(describeDamage(state, v2.harm).events);
            expect(v3.events.length).toBeGreaterThan(0);
          } else expect(v3.events).toEqual([]);
        }
    expect(harmed).toBeGreaterThan(4);
  });

  it('a psychic attack: v2’s harm (archetypal, or from survival) with the engine’s events', () => {
    let harmed = 0;
    for (const seed of seeds)
      for (const fromSurvival of [false, true]) {
        const psychic = {
          action: 'attack' as const,
          attacker: { charisma: 16, monkLevel: 3, verve: 10 },
          defender: {
            intelligence: 9,
            monk: false,
            verve: 6,
            survival: 12,
            ...(fromSurvival ? { fromSurvival } : {}),
          },
        };
        const v2 = gmActionV2({ psychic, target: v2Target(SHEET, false) }, dice(seed));
        const v3 = gmActionV3({ psychic, state: stateOf(SHEET) }, dice(seed));
        expect(v3.psychic).toEqual(v2.psychic);
        expect(v3.harm).toEqual(v2.harm);
        if (v2.harm) harmed += 1;
      }
    expect(harmed).toBeGreaterThan(0);
  });

  it('reads what v2 never did: a temporary survival pool takes the blow first', () => {
    const sheet = { ...SHEET, temporarySurvival: 40, temporarySurvivalSource: 'potion' };
    const attack = { attackBonus: 20, defense: 0, damage: '2d6' };
    let harmed = 0;
    for (const seed of seeds) {
      const v3 = gmActionV3({ attack, state: stateOf(sheet) }, dice(seed));
      if (!v3.harm) continue;
      harmed += 1;
      expect(v3.harm.changes.some((c) => c.path === 'survival.current')).toBe(false);
      expect(v3.harm.changes.some((c) => c.path === 'temporarySurvival' && c.delta < 0)).toBe(true);
    }
    expect(harmed).toBeGreaterThan(4);
  });

  it('refuses a state of another system, naming it', () => {
    expect(() =>
      gmActionV3(
        { attack: { attackBonus: 1, defense: 1, damage: 'd4' }, state: { system: 'cairn' } as never },
        dice('x'),
      ),
    ).toThrow(/G&M state/);
  });
});
