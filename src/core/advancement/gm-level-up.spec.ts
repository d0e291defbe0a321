import fc from 'fast-check';
import levels from '../../../test/fixtures/treasure/gm-levels.json';
import { createRng, Dice } from '../random';
import { gmExperienceAward, gmLevelStanding, gmLevelUp, levelGainDistribution } from './gm-level-up';

const dice = (seed: string) => new Dice(createRng(seed));
const toromeen = { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 };

describe('G&M level-ups (001:426–517)', () => {
  it('Toromeen at level 2: +1 to every reaction (perception 3 → 4, willpower 6 → 7, fortitude 10 → 11; 001:887)', () => {
    const r = gmLevelUp({ archetype: 'warrior', level: 2, abilities: toromeen }, dice('toromeen'));
    expect(r.reactions).toMatchObject({
      perception: 1,
      willpower: 1,
      fortitude: 1,
      health: 1,
      evasion: 1,
      reason: 1,
    });
    expect(r).toMatchObject({ fightingArt: 1, specialty: false, mojo: 12, experienceToReach: 1000 });
    expect(r.roll).toMatchObject({ pool: 'verve', modifier: 2 });
    expect(r.roll.gain).toBe(r.roll.die + 2);
  });

  it('verve 7 → 17 (001:567) is a die of 8 with the +2 verve modifier, a 1-in-10 chance', () => {
    const r = gmLevelUp({ archetype: 'warrior', level: 2, abilities: toromeen }, dice('x'));
    expect(r.roll.distribution.find((d) => d.total === 10)?.probability).toBe(0.1);
  });

  it('odd levels roll survival with endurance (major), give a specialty, and only the archetypal reaction', () => {
    const r = gmLevelUp({ archetype: 'sorceror', level: 3, abilities: toromeen }, dice('s'));
    expect(r.roll).toMatchObject({ pool: 'survival', modifier: 2 });
    expect(r).toMatchObject({ specialty: true, fightingArt: 1, spellSlots: 3, callingPoints: 0 });
    expect(r.reactions).toMatchObject({ reason: 1, health: 0, fortitude: 0 });
  });

  it('is reproducible from the seed', () => {
    const input = { archetype: 'prophet', level: 4, abilities: toromeen };
    expect(gmLevelUp(input, dice('same'))).toEqual(gmLevelUp(input, dice('same')));
  });

  it('names the field at fault', () => {
    expect(() => gmLevelUp({ archetype: 'warrior', level: 1, abilities: toromeen }, dice('a'))).toThrow(
      expect.objectContaining({ field: 'level' }),
    );
    expect(() => gmLevelUp({ archetype: 'bard', level: 2, abilities: toromeen }, dice('a'))).toThrow(
      expect.objectContaining({ field: 'archetype' }),
    );
  });

  it('distributions sum to 1 and never go below 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), (modifier) => {
        const d = levelGainDistribution(modifier);
        expect(d.reduce((s, r) => s + r.probability, 0)).toBeCloseTo(1, 12);
        expect(Math.min(...d.map((r) => r.total))).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('G&M level standing (001:433–445)', () => {
  it.each(levels.rows.map((r) => [r.level, r.experience] as const))(
    'level %i starts at %i experience',
    (level, xp) => {
      expect(gmLevelStanding(xp)).toMatchObject({ level, experienceForLevel: xp });
      if (xp > 0) expect(gmLevelStanding(xp - 1).level).toBe(level - 1);
    },
  );

  it('gives the next threshold, and more experience never lowers the level', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (xp, award) => {
          const s = gmLevelStanding(xp);
          expect(s.nextThreshold).toBe(500 * s.nextLevel * (s.nextLevel - 1));
          expect(s.experienceToNext).toBeGreaterThan(0);
          expect(gmLevelStanding(xp + award).level).toBeGreaterThanOrEqual(s.level);
        },
      ),
    );
  });
});

describe('G&M experience award with its level-ups, one procedure', () => {
  const fighter = { strength: 16, agility: 9, endurance: 15, intelligence: 10, wisdom: 11, charisma: 8 };
  const warrior = [{ archetype: 'warrior', level: 1 }];

  it('golden: 3,000 experience take a first-level warrior to level 3, each level from the one seed in turn', () => {
    const r = gmExperienceAward(
      { amount: 3000, experience: 0, archetypes: warrior, abilities: fighter },
      dice('award'),
    );
    expect(r).toMatchObject({ experienceBefore: 0, experience: 3000, levelBefore: 1, levelAfter: 3 });
    // Level 2: verve d10 + 1 (strength 16 minor, intelligence 10 none); level 3: survival d10 + 2
    // (endurance 15 major), and the specialty.
    expect(r.levelUps.map((u) => [u.level, u.roll.pool, u.roll.die, u.roll.modifier, u.roll.gain])).toEqual([
      [2, 'verve', 4, 1, 5],
      [3, 'survival', 6, 2, 8],
    ]);
    expect(r.levelUps[1].specialty).toBe(true);
    expect(r.archetypes).toEqual([{ archetype: 'warrior', level: 3 }]);
    // The same as rolling each level-up in turn on one dice stream.
    const d = dice('award');
    expect(r.levelUps).toEqual([
      gmLevelUp({ archetype: 'warrior', level: 2, abilities: fighter }, d),
      gmLevelUp({ archetype: 'warrior', level: 3, abilities: fighter }, d),
    ]);
  });

  it('several archetypes: the named one gains, with its own level, verve from the highest', () => {
    const r = gmExperienceAward(
      {
        amount: 3000,
        experience: 1000,
        archetypes: [
          { archetype: 'Warrior', level: 1 },
          { archetype: 'thief', level: 1 },
        ],
        abilities: fighter,
        archetype: 'thief',
      },
      dice('multi'),
    );
    expect(r.levelUps.map((u) => [u.archetype, u.level, u.archetypeLevel])).toEqual([['thief', 3, 2]]);
    expect(r.archetypes).toEqual([
      { archetype: 'Warrior', level: 1 },
      { archetype: 'thief', level: 2 },
    ]);
  });

  it('gains nothing below the next threshold or without archetypes, and refuses an archetype the sheet lacks', () => {
    expect(
      gmExperienceAward({ amount: 999, experience: 0, archetypes: warrior, abilities: fighter }, dice('x'))
        .levelUps,
    ).toEqual([]);
    expect(
      gmExperienceAward({ amount: 5000, experience: 0, archetypes: [], abilities: fighter }, dice('x'))
        .levelUps,
    ).toEqual([]);
    expect(() =>
      gmExperienceAward(
        { amount: 1000, experience: 0, archetypes: warrior, abilities: fighter, archetype: 'monk' },
        dice('x'),
      ),
    ).toThrow(expect.objectContaining({ field: 'archetype' }));
  });

  it('never lowers experience, and makes exactly the level-ups the new total is owed, reproducibly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat().map((n) => `s${n}`),
        (experience, amount, level, seed) => {
          const input = {
            amount,
            experience,
            archetypes: [{ archetype: 'monk', level }],
            abilities: fighter,
          };
          const r = gmExperienceAward(input, dice(seed));
          expect(r.experience).toBe(experience + amount);
          expect(r.experience).toBeGreaterThanOrEqual(experience);
          expect(r.levelUps).toHaveLength(Math.max(0, r.levelAfter - level));
          expect(r.levelUps.map((u) => u.level)).toEqual(r.levelUps.map((_, i) => level + 1 + i));
          expect(gmExperienceAward(input, dice(seed))).toEqual(r);
        },
      ),
      { numRuns: 50 },
    );
  });
});
