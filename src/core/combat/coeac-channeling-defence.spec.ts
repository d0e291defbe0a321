import fc from 'fast-check';
import { countPoolSuccesses } from '../checks/pool-test';
import { createRng, Dice } from '../random';
import { coeacChannelingDefence } from './coeac-channeling-defence';

const dice = (seed: string) => new Dice(createRng(seed));

function* allFaces(n: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of allFaces(n - 1)) for (let f = 1; f <= 6; f += 1) yield [...rest, f];
}

const input = (aPool: number, cPool: number, free = 0) => ({
  attacker: { pool: aPool, ...(free ? { freeSuccesses: free } : {}) },
  channeling: { pool: cPool, spell: 'hekaphage', disciplinePool: 3, vigorPool: 3 },
});

describe('COEAC exchange calling the channeling defence', () => {
  it('deals the attacker’s successes beyond the Potency, +Ns on a hit, and the backlash apart', () => {
    for (let i = 0; i < 40; i++) {
      const out = coeacChannelingDefence(input(4, 3, 1), dice(`chan-${i}`));
      const margin = out.attacker.successes - out.channeling.potency;
      expect(out.damageToDefender).toBe(margin > 0 ? margin + 1 : 0);
      expect(out.channeling.defence?.attackerSuccesses).toBe(out.attacker.successes);
      expect(out.backlashDamage).toBe(Math.max(0, 3 - out.channeling.potency));
      expect(out.channeling.controlSpent).toBe(1);
      // A damaged channeler saves Discipline against the margin; a failure rolls the catastrophe d6.
      if (margin > 0) expect(out.channeling.defence?.discipline?.objective).toBe(margin);
      if (out.channeling.defence?.discipline && !out.channeling.defence.discipline.passed)
        expect(out.channeling.defence.catastrophe?.roll).toBeGreaterThanOrEqual(1);
    }
  });

  it('golden: seed golden-channel-0 (5d against Hekaphage 4d, +1s)', () => {
    const out = coeacChannelingDefence(
      {
        attacker: { pool: 5, freeSuccesses: 1 },
        channeling: { pool: 4, spell: 'hekaphage', disciplinePool: 3, vigorPool: 3 },
      },
      dice('golden-channel-0'),
    );
    expect(out.attacker).toEqual({ dice: 5, faces: [4, 3, 2, 6, 4], successes: 3 });
    expect(out.channeling.faces).toEqual([2, 2, 5, 2]);
    expect(out.channeling.potency).toBe(1);
    // 3 successes against Potency 1: margin 2, +1s → 3 damage; Ob 3 backlash on Potency 1 → 2 more.
    expect(out.damageToDefender).toBe(3);
    expect(out.backlashDamage).toBe(2);
    expect(out.channeling.defence?.discipline).toMatchObject({
      objective: 2,
      faces: [1, 2, 4],
      passed: false,
    });
    expect(out.channeling.defence?.catastrophe).toMatchObject({ roll: 5, id: 'wild-cast' });
    expect(out.faces).toEqual([4, 3, 2, 6, 4, 2, 2, 5, 2, 2, 1, 2, 4, 5]);
    // Bin(5, ½) > Bin(4, ½) exactly half the time (toss the fifth die last).
    expect(out.odds.hit).toBe(0.5);
  });

  it('replays from its seed', () => {
    expect(coeacChannelingDefence(input(5, 4), dice('same'))).toEqual(
      coeacChannelingDefence(input(5, 4), dice('same')),
    );
  });

  it('gives exact odds, checked against every face of small pools', () => {
    const out = coeacChannelingDefence(input(2, 2, 1), dice('odds'));
    let hit = 0;
    const damage: Record<string, number> = {};
    let total = 0;
    for (const a of allFaces(2))
      for (const c of allFaces(2)) {
        total += 1;
        const d =
          countPoolSuccesses(a) > countPoolSuccesses(c)
            ? countPoolSuccesses(a) - countPoolSuccesses(c) + 1
            : 0;
        if (d > 0) hit += 1;
        damage[d] = (damage[d] ?? 0) + 1;
      }
    expect(out.odds.hit).toBeCloseTo(hit / total, 12);
    for (const [d, n] of Object.entries(damage))
      expect(out.odds.damageToDefender[d]).toBeCloseTo(n / total, 12);
  });

  it('never deals negative damage and its damage odds sum to 1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (a, c, seed) => {
          const out = coeacChannelingDefence(input(a, c), dice(seed));
          expect(out.damageToDefender).toBeGreaterThanOrEqual(0);
          const sum = Object.values(out.odds.damageToDefender).reduce((x, y) => x + y, 0);
          expect(sum).toBeCloseTo(1, 12);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses an unknown spell with 400 naming it', () => {
    expect(() =>
      coeacChannelingDefence({ attacker: { pool: 3 }, channeling: { pool: 3, spell: 'nope' } }, dice('x')),
    ).toThrow(expect.objectContaining({ field: 'spell' }));
  });
});
