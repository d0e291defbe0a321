import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { gmSuffocation } from './gm-suffocation';

const total = (chances: { probability: number }[]) => chances.reduce((sum, c) => sum + c.probability, 0);

describe(gmSuffocation.name, () => {
  it('gives a prepared character endurance rounds, then a roll each minute at a growing penalty', () => {
    const outcome = gmSuffocation(
      { rounds: 24, endurance: 10, health: 12, prepared: true },
      scripted(13, 5, 12),
    );
    expect(outcome).toMatchObject({ buffer: 10, bufferRoll: null, interval: 6, injuries: 2 });
    expect(outcome.rolls.map((r) => [r.round, r.penalty, r.target, r.passed])).toEqual([
      [11, 0, 12, false],
      [17, 1, 11, true],
      [23, 2, 10, false],
    ]);
    expect(outcome.effects).toEqual([{ track: 'injuries', change: 2, status: null }]);
  });

  it('rolls d4 plus endurance as a minor contributor when unprepared, and may leave no buffer', () => {
    const outcome = gmSuffocation({ rounds: 1, endurance: 2, health: 10 }, scripted(1, 3));
    expect(outcome).toMatchObject({ bufferRoll: 1, buffer: 0, injuries: 0 });
    expect(outcome.modifiers).toEqual([{ name: 'endurance (minor contributor)', value: -2 }]);
    expect(outcome.odds.buffer).toEqual([
      { value: 0, probability: 0.5 },
      { value: 1, probability: 0.25 },
      { value: 2, probability: 0.25 },
    ]);
  });

  it('doubles the buffer and the interval at rest', () => {
    expect(
      gmSuffocation({ rounds: 30, endurance: 10, health: 20, prepared: true, resting: true }, scripted()),
    ).toMatchObject({ buffer: 20, interval: 12 });
  });

  it('gives an exact injury distribution over the d4 and the rolls', () => {
    const outcome = gmSuffocation({ rounds: 40, endurance: 12, health: 10 }, scripted());
    expect(total(outcome.odds.injuries)).toBeCloseTo(1, 12);
  });

  it('golden: seed "air"', () => {
    expect(
      gmSuffocation({ rounds: 20, endurance: 12, health: 10 }, new Dice(createRng('air'))),
    ).toMatchObject({
      faces: [2, 8, 17, 5],
      buffer: 2,
      injuries: 1,
    });
  });

  it('refuses a negative health score, naming the field', () => {
    expect(() => gmSuffocation({ rounds: 3, endurance: 3, health: -1 }, scripted())).toThrow(
      expect.objectContaining({ field: 'health' }),
    );
  });
});
