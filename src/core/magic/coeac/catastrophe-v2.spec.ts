import { createRng, Dice } from '../../random';
import { CATASTROPHE_SAVE_OBJECTIVE, catastropheV2, COEAC_CATASTROPHES } from './channeling';

const dice = (seed: string) => new Dice(createRng(seed));
const caster = {
  vigorPool: 3,
  disciplinePool: 4,
  heldSpells: [
    { spell: 'fog-cloud', pool: 4 },
    { spell: 'disintegrate', pool: 5 },
  ],
};

describe('COEAC catastrophe v2: the entries’ own numbers (003:385–389)', () => {
  it('golden: result 2 rolls the caster’s Ob 4 Vigor save', () => {
    const out = catastropheV2(caster, dice('cat6'));
    expect(out.catastrophe).toEqual(COEAC_CATASTROPHES[1]);
    expect(out.consequences!.vigorSave).toEqual(
      expect.objectContaining({
        dice: 3,
        faces: [5, 2, 1],
        successes: 1,
        objective: CATASTROPHE_SAVE_OBJECTIVE,
      }),
    );
    expect(out.consequences!.vomitingBlood).toBe(true);
    expect(out.consequences!.waveDamage).toBeNull();
  });

  it('golden: result 3 rolls the Ob 4 Discipline save, then 6d on a failure', () => {
    const out = catastropheV2(caster, dice('cat0'));
    expect(out.catastrophe!.roll).toBe(3);
    expect(out.consequences!.waveSave).toEqual(expect.objectContaining({ successes: 2, passed: false }));
    expect(out.consequences!.waveDice).toBe(6);
    expect(out.consequences!.waveFaces).toEqual([3, 3, 3, 1, 4, 1]);
    expect(out.consequences!.waveDamage).toBe(1);
  });

  it('result 3 after a passed save halves the dice before rolling (3d)', () => {
    let seen = 0;
    for (let i = 0; i < 400 && seen < 3; i++) {
      const out = catastropheV2({ disciplinePool: 12 }, dice(`wave${i}`));
      if (out.catastrophe!.roll !== 3) continue;
      const c = out.consequences!;
      expect(c.waveDice).toBe(c.waveSave!.passed ? 3 : 6);
      expect(c.waveFaces).toHaveLength(c.waveDice!);
      expect(c.waveDamage).toBe(c.waveFaces!.filter((f) => f >= 4).length);
      if (c.waveSave!.passed) seen++;
    }
    expect(seen).toBe(3);
  });

  it('golden: result 5 draws one held spell by lot and channels it; result 1 flags the mutation', () => {
    const wild = catastropheV2(caster, dice('cat2'));
    expect(wild.catastrophe!.roll).toBe(5);
    expect(wild.consequences!.wildCast).toEqual(
      expect.objectContaining({ spell: 'fog-cloud', lot: 1, of: 2 }),
    );
    expect(wild.consequences!.wildCast!.channeling.faces).toEqual([3, 2, 2, 2]);
    const mutation = catastropheV2(caster, dice('cat4'));
    expect(mutation.catastrophe!.roll).toBe(1);
    expect(mutation.consequences!.mutation).toBe(true);
  });

  it('a passed trigger save rolls nothing; bad input names its field', () => {
    const safe = catastropheV2({ damage: 1, disciplinePool: 12, vigorPool: 3 }, dice('b'));
    expect(safe.happened).toBe(false);
    expect(safe.consequences).toBeNull();
    expect(() => catastropheV2({ heldSpells: [{ spell: 'nope', pool: 2 }] }, dice('a'))).toThrow(
      expect.objectContaining({ field: 'heldSpells[0].spell' }),
    );
    expect(() => catastropheV2({ vigorPool: -1 }, dice('a'))).toThrow(
      expect.objectContaining({ field: 'vigorPool' }),
    );
  });
});
