import type { EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal';
import { modifyPool, takePoolTask } from './pool-modifiers';

const referee: Principal = { keyId: 'k', campaignId: 'c', role: 'referee', characterIds: [] };
const player: Principal = { keyId: 'p', campaignId: 'c', role: 'player', characterIds: ['mine'] };
const m = {} as EntityManager;

describe(takePoolTask.name, () => {
  it('answers null when no task is named (absent or null)', () => {
    expect(takePoolTask(undefined, undefined, referee)).toBeNull();
    expect(takePoolTask(null, null, undefined)).toBeNull();
  });

  it('answers the task characterId and taskTags describe', () => {
    expect(takePoolTask('mine', ['library'], player)).toEqual({ characterId: 'mine', taskTags: ['library'] });
    expect(takePoolTask('mine', null, referee)).toEqual({ characterId: 'mine', taskTags: [] });
  });

  it('refuses a stateless check, tags without a character and another player’s character', () => {
    expect(() => takePoolTask('mine', undefined, undefined)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ field: 'characterId' })],
      }),
    );
    expect(() => takePoolTask(undefined, ['x'], undefined)).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ field: 'taskTags' })] }),
    );
    expect(() => takePoolTask(undefined, ['x'], referee)).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ field: 'characterId' })] }),
    );
    expect(() => takePoolTask('theirs', undefined, player)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });
});

describe(modifyPool.name, () => {
  it('adds every modifier’s bonus and penalty dice to the pool’s own and merges their echoes', async () => {
    const task = { characterId: 'mine', taskTags: ['library'] };
    const result = await modifyPool(
      m,
      referee,
      task,
      [
        async () => ({ bonusDice: 2, echo: { strongholdBonus: { bonusDice: 2, applied: [] } } }),
        async () => ({ penaltyDice: 1, echo: { attunementPenalty: 1 } }),
        async () => ({}),
      ],
      { pool: 3, bonusDice: 1, objective: 2 },
    );
    expect(result).toEqual({
      input: { pool: 3, bonusDice: 3, penaltyDice: 1, objective: 2 },
      echo: { strongholdBonus: { bonusDice: 2, applied: [] }, attunementPenalty: 1 },
    });
  });

  it('leaves the input as it was when no modifier changes the dice', async () => {
    const input = { pool: 3, objective: 2 };
    expect(await modifyPool(m, referee, { characterId: 'x', taskTags: [] }, [], input)).toEqual({
      input,
      echo: {},
    });
  });
});
