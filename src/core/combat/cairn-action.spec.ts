import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { sheetDamage } from '../harm/campaign';
import { cairnAction } from './cairn-action';
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
