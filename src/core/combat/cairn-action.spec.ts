import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { sheetDamage } from '../harm/campaign';
import { describeDamage, sheetState, type CairnState } from '../engine';
import { harmOf } from '../harm/sheet-harm';
import { cairnAction, cairnActionV2 } from './cairn-action';
import { cairnAttack } from './cairn-attack';

const dice = (seed: string) => new Dice(createRng(seed));
const sheet = { hp: 6, str: 12, dex: 10, wil: 9, maxHp: 6, maxDex: 10, maxWil: 9, armor: 0 };

describe('combat.cairn-action (one roll: the attack and each sheet’s harm)', () => {
  it('answers the attack exactly as combat.cairn-attack does on the same stream (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.constantFrom('d4', 'd6', 'd8', 'd10', 'd12'),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (seed, die, hp, armor, npc) => {
          const target = { ...sheet, hp, armor, npc };
          const action = cairnAction({ attackers: [{ die: die as 'd6' }], targets: [target] }, dice(seed));
          const attack = cairnAttack({ attackers: [{ die: die as 'd6' }], target }, dice(seed));
          expect(action.attack).toEqual(attack);
          expect(action.faces).toEqual(attack.faces);
        },
      ),
    );
  });

  it('each target’s harm is what harm.sheet-damage computes for the kept die (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.integer({ min: 0, max: 6 }), (seed, hp) => {
        const targets = [0, 1, 2].map((i) => ({ ...sheet, hp: hp + i, npc: i === 2 }));
        const action = cairnAction({ attackers: [{ die: 'd8' }], targets, blast: true }, dice(seed));
        expect(action.harm).toHaveLength(3);
        action.attack.targets.forEach((t, i) => {
          // harm.sheet-damage on the faces the action gave that target's harm answers the same.
          const queue = [...action.harm[i].faces];
          const recorded: number[] = [];
          const pool = (n: number) => {
            const out = queue.splice(0, n);
            recorded.push(...out);
            return out;
          };
          const scripted = {
            get faces() {
              return recorded;
            },
            pool,
            die: () => pool(1)[0],
          } as unknown as Dice;
          const replayed = sheetDamage(
            { system: 'cairn', ...targets[i], damage: t.kept, die: null, target: 'hp', doomed: false },
            scripted,
          );
          expect(action.harm[i]).toEqual(replayed);
          expect(action.harm[i].damage).toBe(t.kept);
          expect(t.harm.dealt).toBe(Math.max(0, t.kept - targets[i].armor));
        });
      }),
    );
  });

  it('golden: a blast on five, each its own d8; the target-count roll catches the first ones', () => {
    const five = [1, 2, 3, 4, 5].map((i) => ({ ...sheet, name: `PC ${i}` }));
    const blast = cairnAction(
      { attackers: [{ die: 'd8' }], targets: five, blast: true },
      dice('dragon-breath'),
    );
    expect(blast.attack.blast).toBe(true);
    expect(blast.attack.targets).toHaveLength(5);
    expect(blast.harm).toHaveLength(5);
    expect(blast.attack.targets.map((t) => t.rolls.length)).toEqual([1, 1, 1, 1, 1]);
    const again = cairnAction(
      { attackers: [{ die: 'd8' }], targets: five, blast: true },
      dice('dragon-breath'),
    );
    expect(again).toEqual(blast);
    const counted = cairnAction(
      { attackers: [{ die: 'd8' }], targets: five, blast: true, countTargets: true },
      dice('dragon-breath'),
    );
    const caught = counted.attack.targetCount!.caught;
    expect(caught).toBe(Math.min(counted.attack.targetCount!.face, 5));
    expect(counted.attack.targets).toHaveLength(caught);
    expect(counted.harm.filter(Boolean)).toHaveLength(caught);
  });

  it('golden: a detachment takes critical damage and is routed, not killed (seed rout-3)', () => {
    const band = { ...sheet, hp: 0, maxHp: 4, npc: true, detachment: true };
    const out = cairnAction({ attackers: [{ die: 'd8' }], targets: [band] }, dice('rout-3'));
    const t = out.attack.targets[0];
    // One against a detachment is impaired: d4.
    expect(t.rolls[0].rolled).toBe('d4');
    expect(t.kept).toBe(3);
    expect(t.detachment).toEqual({ routed: true, destroyed: false });
    expect(out.harm[0].state).toBe('critical');
  });

  it('golden: several attackers keep the single highest die (seed gang-0: d4 2, d10 10)', () => {
    const out = cairnAction(
      { attackers: [{ die: 'd4' }, { die: 'd10' }], targets: [{ ...sheet, hp: 40, maxHp: 40, npc: true }] },
      dice('gang-0'),
    );
    const t = out.attack.targets[0];
    expect(t.rolls.map((r) => r.face)).toEqual([2, 10]);
    expect(t.kept).toBe(10);
    expect(t.keptFrom).toBe(1);
    expect(out.harm[0].changes).toEqual([expect.objectContaining({ path: 'hp', delta: -10 })]);
  });

  it('refuses a target state it does not know, naming the field', () => {
    expect(() =>
      cairnAction(
        { attackers: [{ die: 'd6' }], targets: [{ ...sheet, stateBefore: 'asleep' as never }] },
        dice('x'),
      ),
    ).toThrow(expect.objectContaining({ field: 'targets[0].stateBefore' }));
  });
});

describe('combat.cairn-action.v2 (issue 39: each target’s harm through the engine’s transition, golden)', () => {
  const SHEETS = [
    {
      hp: 4,
      maxHp: 6,
      str: { current: 12, max: 12 },
      dex: { current: 10, max: 10 },
      wil: { current: 9, max: 9 },
    },
    {
      hp: 1,
      maxHp: 5,
      str: { current: 8, max: 9 },
      dex: { current: 11, max: 11 },
      wil: { current: 7, max: 7 },
    },
    {
      hp: 0,
      maxHp: 4,
      str: { current: 5, max: 10 },
      dex: { current: 9, max: 9 },
      wil: { current: 8, max: 8 },
    },
  ];
  const owners = [
    { name: 'Ash', id: 'c1', npc: false },
    { name: 'Bran', id: 'c2', npc: false },
    { name: 'Rat', id: 'n1', npc: true },
  ];
  const seeds = ['cairn-v2-1', 'cairn-v2-2', 'cairn-v2-3', 'cairn-v2-4', 'cairn-v2-5', 'cairn-v2-6'];

  it('answers v1’s attack and harm on the same seed (shield, NPC, detachment), with the engine’s events', () => {
    let harmed = 0;
    for (const seed of seeds)
      for (const detachment of [false, true]) {
        const armor = [0, 1, 2];
        const states = SHEETS.map(
          (s, i) => sheetState(owners[i], 'cairn', s, { armor: armor[i] }, harmOf(s)) as CairnState,
        );
        const targets = SHEETS.map((s, i) => ({
          name: owners[i].name,
          hp: s.hp,
          str: s.str.current,
          armor: armor[i],
          ...(i === 1 ? { shield: true } : {}),
          ...(owners[i].npc ? { npc: true } : {}),
          ...(detachment && i === 2 ? { detachment: true } : {}),
        }));
        const v1Targets = targets.map((t, i) => ({
          ...t,
          maxHp: SHEETS[i].maxHp,
          dex: SHEETS[i].dex.current,
          wil: SHEETS[i].wil.current,
          maxDex: SHEETS[i].dex.max,
          maxWil: SHEETS[i].wil.max,
          maxStr: SHEETS[i].str.max,
          stateBefore: 'up' as const,
          ...(owners[i].npc ? { npcScars: false } : {}),
        }));
        const attackers = [{ die: 'd10' as const }];
        const v1 = cairnAction({ attackers, targets: v1Targets, blast: true }, dice(seed));
        const v2 = cairnActionV2({ attackers, targets, states, blast: true }, dice(seed));
        expect(v2.attack).toEqual(v1.attack);
        expect(v2.harm).toEqual(v1.harm);
        expect(v2.faces).toEqual(v1.faces);
        v1.harm.forEach((h, i) => {
          if (!h) return;
          harmed += 1;
          expect(v2.events[i]).toEqual(
            describeDamage({ ...states[i], armor: armor[i] + (i === 1 ? 1 : 0) }, h).events,
          );
        });
      }
    expect(harmed).toBeGreaterThan(10);
  });

  it('refuses states that do not match the targets, naming the field', () => {
    expect(() =>
      cairnActionV2(
        { attackers: [{ die: 'd6' }], targets: [{ hp: 1, str: 5, armor: 0 }], states: [] },
        dice('x'),
      ),
    ).toThrow(/one state a target/);
  });
});
