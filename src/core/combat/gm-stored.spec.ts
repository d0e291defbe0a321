import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { gmCasting, gmLeadCover, gmPsychicDefend, GM_ROUND_SECONDS } from './gm-stored';

const dice = () => new Dice(createRng('none'));

describe('G&M stored-combat procedures without dice', () => {
  it('a psychic defence: +2 a verve, at most monk level, never more than held (PC2)', () => {
    expect(gmPsychicDefend({ monkLevel: 3, verve: 5, spend: 2 }, dice())).toMatchObject({
      verveSpent: 2,
      psychicDefense: 4,
      fromSurvival: null,
      faces: [],
    });
    expect(() => gmPsychicDefend({ monkLevel: 2, verve: 5, spend: 3 }, dice())).toThrow(
      expect.objectContaining({ field: 'spend' }),
    );
    expect(() => gmPsychicDefend({ monkLevel: 3, verve: 1, spend: 2 }, dice())).toThrow(
      expect.objectContaining({ field: 'spend' }),
    );
    // One who is not a monk spends no verve on defence, but chooses where damage comes from (PC4).
    expect(gmPsychicDefend({ monkLevel: 0, verve: 5, fromSurvival: true }, dice())).toMatchObject({
      verveSpent: 0,
      psychicDefense: 0,
      fromSurvival: true,
    });
    expect(() => gmPsychicDefend({ monkLevel: 3, verve: 5 }, dice())).toThrow(
      expect.objectContaining({ field: 'spend' }),
    );
  });

  it('casting cuts Movement by the casting time; a round or more, or more than Movement, leaves none (CB21)', () => {
    expect(gmCasting({ movement: 10, seconds: 3 }, dice())).toMatchObject({ movementLeft: 7, canMove: true });
    expect(gmCasting({ movement: 10, seconds: 10 }, dice())).toMatchObject({
      movementLeft: 0,
      canMove: false,
    });
    expect(gmCasting({ movement: 4, seconds: 6 }, dice())).toMatchObject({ movementLeft: 0, canMove: false });
    expect(gmCasting({ movement: 8, seconds: 8, calling: true }, dice())).toMatchObject({ movementLeft: 0 });
    expect(gmCasting({ movement: 8, seconds: 0 }, dice())).toMatchObject({
      movementLeft: 8,
      modifiers: [expect.objectContaining({ name: 'movement' })],
    });
  });

  it('Movement left is never negative, never more than Movement, and 0 from a round on (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 40 }), (movement, seconds) => {
        const out = gmCasting({ movement, seconds }, dice());
        expect(out.movementLeft).toBeGreaterThanOrEqual(0);
        expect(out.movementLeft).toBeLessThanOrEqual(movement);
        if (seconds >= GM_ROUND_SECONDS || seconds > movement) expect(out.movementLeft).toBe(0);
        else expect(out.movementLeft).toBe(movement - seconds);
        expect(out.faces).toEqual([]);
      }),
    );
  });

  it('a leading warrior’s perception roll: d20 at or under perception, at most level companions (CB10)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 20 }),
        (seed, perception) => {
          const out = gmLeadCover({ perception, level: 3, companions: 2 }, new Dice(createRng(seed)));
          expect(out.granted).toBe(out.roll <= perception);
          expect(out.odds.success).toBeCloseTo(
            Math.min(perception, 20) / 20 || (perception >= 1 ? 0.05 : 0),
            10,
          );
          expect(out.faces).toEqual([out.roll]);
        },
      ),
    );
    expect(() => gmLeadCover({ perception: 10, level: 1, companions: 2 }, dice())).toThrow(
      expect.objectContaining({ field: 'companions' }),
    );
  });
});
