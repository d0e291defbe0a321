import fixture from '../../../test/fixtures/hazards/gm-jumping.json';
import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { gmJump, JUMP_PENALTY_TABLE, JUMP_SIZE_MULTIPLIERS } from './gm-jumps';
import { majorContributor, minorContributor } from './gm-contributors';

const total = (chances: { probability: number }[]) => chances.reduce((sum, c) => sum + c.probability, 0);

describe(gmJump.name, () => {
  it('matches the jump penalty table and size multipliers', () => {
    expect(JUMP_PENALTY_TABLE).toEqual(fixture.penalties);
    expect(JUMP_SIZE_MULTIPLIERS).toEqual(fixture.sizes);
  });

  it('adds strength as a major contributor and 8, less the height penalty', () => {
    // Agility 10, strength 15 (+2), 4 feet (−4): 10 + 2 + 8 − 4 = 16.
    const outcome = gmJump({ agility: 10, strength: 15, distance: 4 }, scripted(16));
    expect(outcome).toMatchObject({ target: 16, passed: true, reached: 4, unit: 'feet' });
    expect(outcome.modifiers).toEqual([
      { name: 'strength (major contributor)', value: 2 },
      { name: 'jumping bonus', value: 8 },
      { name: 'height penalty', value: -4 },
    ]);
  });

  it('on a failure reaches the highest row the roll would have made', () => {
    // Base 20: rows 1–3 need ≤ 20, 19, 18; row 5 needs ≤ 12. A 17 reaches 3 feet... row 4 needs ≤ 16.
    expect(gmJump({ agility: 10, strength: 15, distance: 5 }, scripted(17))).toMatchObject({
      passed: false,
      reached: 3,
    });
  });

  it('scales by size: a large creature clears 4 feet with the 2-foot row', () => {
    expect(gmJump({ agility: 10, strength: 10, distance: 4, size: 'large' }, scripted(1))).toMatchObject({
      row: 2,
      target: 17,
    });
  });

  it('adds running Movement to a leap across, in yards', () => {
    const outcome = gmJump(
      { kind: 'across', agility: 10, strength: 10, distance: 3, running: 6 },
      scripted(20),
    );
    expect(outcome).toMatchObject({ unit: 'yards', target: 22, passed: true });
    expect(total(outcome.odds.reached)).toBeCloseTo(1, 12);
  });

  it('golden: seed "jump"', () => {
    expect(gmJump({ agility: 12, strength: 15, distance: 3 }, new Dice(createRng('jump')))).toMatchObject({
      roll: 1,
      target: 20,
      reached: 3,
    });
  });

  it('refuses running Movement on a jump up, naming the field', () => {
    expect(() => gmJump({ agility: 10, strength: 10, distance: 2, running: 3 }, scripted())).toThrow(
      expect.objectContaining({ field: 'running' }),
    );
  });
});

describe(majorContributor.name, () => {
  it('reproduces the values the seeds give (001 Toromeen example and the bow)', () => {
    expect([8, 10, 12, 15, 18].map(majorContributor)).toEqual([-1, 0, 1, 2, 4]);
    expect([8, 10, 12, 15, 18].map(minorContributor)).toEqual([0, 0, 0, 1, 2]);
  });
});
