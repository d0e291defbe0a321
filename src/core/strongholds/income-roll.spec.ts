import { bruteForce, scripted } from '../../../test/factories/dice';
import { strongholdIncomeRoll } from './income-roll';

describe(strongholdIncomeRoll.name, () => {
  it('rolls one die per economic tag, 1 Cash per success', () => {
    const outcome = strongholdIncomeRoll(
      {
        strongholdDice: [
          { strongholdId: 'a', dice: 2 },
          { strongholdId: 'b', dice: 1 },
        ],
      },
      scripted(4, 1, 6),
    );
    expect(outcome).toEqual({
      strongholdDice: [
        { strongholdId: 'a', dice: 2 },
        { strongholdId: 'b', dice: 1 },
      ],
      pool: 3,
      faces: [4, 1, 6],
      successes: 2,
      cashGained: 2,
      odds: { expected: 1.5, atLeastOne: bruteForce(3, 1) },
    });
  });

  it('rolls nothing without economic tags', () => {
    expect(strongholdIncomeRoll({ strongholdDice: [] }, scripted())).toMatchObject({
      pool: 0,
      faces: [],
      cashGained: 0,
      odds: { expected: 0, atLeastOne: 0 },
    });
  });

  it('refuses a negative count', () => {
    expect(() =>
      strongholdIncomeRoll({ strongholdDice: [{ strongholdId: 'a', dice: -1 }] }, scripted()),
    ).toThrow(expect.objectContaining({ field: 'strongholdDice[0].dice' }));
  });
});
