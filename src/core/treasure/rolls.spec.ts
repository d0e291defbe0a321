import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { scripted } from '../../../test/factories/dice';
import {
  ARTIFACT_TYPES,
  CACHE_DIFFICULTIES,
  HARVEST_GRADES,
  artifactRoll,
  cacheDistribution,
  cacheRoll,
  depletionCheck,
  harvest,
  harvestOdds,
  hordeCount,
  hordeCountOdds,
  siteHordes,
  spellbookRoll,
  GRADE_OFFSETS,
} from '.';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const seeded = (seed: string) => new Dice(createRng(seed));

describe('cacheRoll', () => {
  it('maps the die onto the range: a Major cache is 35 on a 1 and 45 on an 11', () => {
    expect(cacheRoll({ difficulty: 'major' }, scripted(1))).toMatchObject({
      cash: 35,
      die: 1,
      odds: { value: 1 / 11 },
    });
    expect(cacheRoll({ difficulty: 'major' }, scripted(11)).cash).toBe(45);
  });

  it('takes the nominal value without a roll when asked', () => {
    const dice = scripted(3);
    expect(cacheRoll({ difficulty: 'legendary', nominal: true }, dice)).toMatchObject({
      cash: 160,
      die: null,
    });
    expect(dice.faces).toEqual([]);
  });

  it('stays in range, same seed same cash', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CACHE_DIFFICULTIES),
        fc.string({ minLength: 1, maxLength: 20 }),
        (d, seed) => {
          const a = cacheRoll({ difficulty: d }, seeded(seed));
          expect(a.cash).toBeGreaterThanOrEqual(a.min);
          expect(a.cash).toBeLessThanOrEqual(a.max);
          expect(cacheRoll({ difficulty: d }, seeded(seed))).toEqual(a);
        },
      ),
    );
  });

  it('distributions sum to 1', () => {
    for (const d of CACHE_DIFFICULTIES) expect(sum(Object.values(cacheDistribution(d)))).toBeCloseTo(1, 12);
  });

  it('refuses an unknown difficulty', () => {
    expect(() => cacheRoll({ difficulty: 'huge' as never }, scripted())).toThrow(/difficulty/);
  });
});

describe('hordeCount', () => {
  it('T1: five players give 2 or 3 hordes at 1/2 each; the d200 decides', () => {
    expect(hordeCountOdds(5)).toEqual({ hordeCount: { '2': 0.5, '3': 0.5 } });
    expect(hordeCount({ averagePlayers: 5 }, scripted(100)).hordeCount).toBe(3);
    expect(hordeCount({ averagePlayers: 5 }, scripted(101)).hordeCount).toBe(2);
  });

  it('four players always give 2, with no roll', () => {
    const dice = scripted();
    expect(hordeCount({ averagePlayers: 4 }, dice)).toMatchObject({ hordeCount: 2, die: null });
    expect(hordeCountOdds(4)).toEqual({ hordeCount: { '2': 1 } });
    expect(dice.faces).toEqual([]);
  });

  it('4.5 players give 2 at 3/4 and 3 at 1/4', () => {
    expect(hordeCountOdds(4.5)).toEqual({ hordeCount: { '2': 0.75, '3': 0.25 } });
  });

  it('odds match the brute force over the d200 and keep the expectation', () => {
    for (const players of [0.5, 1, 2.37, 4.5, 5, 7.01, 99.99, 100]) {
      const counts: Record<string, number> = {};
      for (let face = 1; face <= 200; face++) {
        const n = String(hordeCount({ averagePlayers: players }, scripted(face)).hordeCount);
        counts[n] = (counts[n] ?? 0) + 1 / 200;
      }
      const odds = hordeCountOdds(players).hordeCount;
      expect(Object.keys(odds).sort()).toEqual(Object.keys(counts).sort());
      for (const k of Object.keys(odds)) expect(odds[k]).toBeCloseTo(counts[k], 12);
      expect(sum(Object.values(odds))).toBeCloseTo(1, 12);
      expect(sum(Object.entries(odds).map(([n, p]) => Number(n) * p))).toBeCloseTo(players / 2, 12);
    }
  });

  it('refuses 0, more than 100 and thousandths of a player', () => {
    expect(() => hordeCount({ averagePlayers: 0 }, scripted())).toThrow(/averagePlayers/);
    expect(() => hordeCount({ averagePlayers: 100.5 }, scripted())).toThrow(/averagePlayers/);
    expect(() => hordeCount({ averagePlayers: 4.125 }, scripted())).toThrow(/hundredth/);
  });
});

describe('siteHordes', () => {
  it('T1: a Major site for five players holds 2 or 3 caches of 35–45, about 100 Cash expected', () => {
    const outcome = siteHordes({ difficulty: 'major', averagePlayers: 5 }, scripted(1, 6, 6, 6));
    expect(outcome.hordeCount).toBe(3);
    expect(outcome.hordes).toEqual([{ cash: 40 }, { cash: 40 }, { cash: 40 }]);
    expect(outcome.totalCash).toBe(120);
    expect(outcome.expectedCash).toBe(100);
  });
});

describe('artifactRoll', () => {
  it('T6: the d10 picks the subtable with its chance', () => {
    expect(artifactRoll({}, scripted(1))).toEqual({ roll: 1, type: 'Weapons', odds: { value: 0.2 } });
    expect(artifactRoll({}, scripted(7))).toEqual({
      roll: 7,
      type: 'Relics and Enchanted Items',
      odds: { value: 0.3 },
    });
    expect(artifactRoll({}, scripted(10))).toMatchObject({ type: 'Plasmids', odds: { value: 0.1 } });
    expect(sum(ARTIFACT_TYPES.map((r) => (r.max - r.min + 1) / 10))).toBeCloseTo(1, 12);
  });
});

describe('harvest', () => {
  it('rolls three cuts of d6 + the grade offset; a Rare Organ rolls its d6 (T7)', () => {
    const outcome = harvest({ grade: 'major' }, scripted(1, 4, 5, 6));
    expect(outcome.offset).toBe(6);
    expect(outcome.cuts.map((c) => [c.roll, c.cut, c.empowerDice])).toEqual([
      [7, 'Viscera', 3],
      [10, 'Rare Organ', 5],
      [12, 'Heart', 6],
    ]);
    expect(outcome.cuts[1].rareOrgan).toMatchObject({ roll: 5, organ: 'Teeth, Claws or Horn' });
    expect(outcome.cuts[0].rareOrgan).toBeNull();
  });

  it('offset overrides the grade', () => {
    expect(harvest({ grade: 'minor', offset: 9 }, scripted(6, 6, 6)).cuts[0].cut).toBe('Brain');
    expect(() => harvest({ grade: 'minor', offset: 10 }, scripted())).toThrow(/offset/);
  });

  it('odds per grade: the index’s table, each summing to 1', () => {
    expect(harvestOdds(GRADE_OFFSETS.minor)).toEqual([
      { cut: 'Scraps', probability: 3 / 6 },
      { cut: 'Meat', probability: 2 / 6 },
      { cut: 'Viscera', probability: 1 / 6 },
    ]);
    expect(harvestOdds(GRADE_OFFSETS.severe).map((o) => o.cut)).toEqual(['Rare Organ', 'Heart', 'Brain']);
    for (const grade of HARVEST_GRADES) {
      expect(sum(harvestOdds(GRADE_OFFSETS[grade]).map((o) => o.probability))).toBeCloseTo(1, 12);
    }
  });
});

describe('spellbookRoll', () => {
  it('draws a d100 spell; a scroll costs no Fatigue and is single-use (T16)', () => {
    expect(spellbookRoll({}, scripted(50))).toMatchObject({
      kind: 'spellbook',
      spell: 'Marble Craze',
      fatigue: 1,
      singleUse: false,
      odds: { value: 0.01 },
    });
    expect(spellbookRoll({ kind: 'scroll' }, scripted(100))).toMatchObject({
      spell: 'X-Ray Vision',
      fatigue: 0,
      singleUse: true,
    });
  });
});

describe('every distribution sums to 1', () => {
  it('spells: 100 faces of 1/100; harvest cuts at every offset 0–9', () => {
    let spells = 0;
    for (let face = 1; face <= 100; face++) spells += spellbookRoll({}, scripted(face)).odds.value;
    expect(spells).toBeCloseTo(1, 12);
    for (let offset = 0; offset <= 9; offset++) {
      expect(sum(harvestOdds(offset).map((o) => o.probability))).toBeCloseTo(1, 12);
    }
  });
});

describe('depletionCheck', () => {
  it('T5: Torches (15+) — a 15 leaves one use, a 14 changes nothing', () => {
    expect(depletionCheck({ score: 15 }, scripted(15))).toEqual({
      score: 15,
      roll: 15,
      lastUse: true,
      spent: false,
      odds: { lastUse: 0.3 },
    });
    expect(depletionCheck({ score: 15 }, scripted(14)).lastUse).toBe(false);
  });

  it('an item on its last use is spent with no roll', () => {
    const dice = scripted(20);
    expect(depletionCheck({ score: 15, lastUse: true }, dice)).toMatchObject({ roll: null, spent: true });
    expect(dice.faces).toEqual([]);
  });

  it('odds match the brute force over the d20 for every score', () => {
    for (let score = 1; score <= 20; score++) {
      let hits = 0;
      for (let face = 1; face <= 20; face++) if (depletionCheck({ score }, scripted(face)).lastUse) hits++;
      expect(depletionCheck({ score }, scripted(1)).odds.lastUse).toBe(hits / 20);
    }
  });
});
