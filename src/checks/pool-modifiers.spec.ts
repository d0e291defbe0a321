import type { EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal';
import { modifyPool, takePoolTask } from './pool-modifiers';

const referee: Principal = { keyId: 'k', campaignId: 'c', role: 'referee', characterIds: [] };
const player: Principal = { keyId: 'p', campaignId: 'c', role: 'player', characterIds: ['mine'] };
const m = {} as EntityManager;

describe(takePoolTask.name, () => {
  it('answers null and leaves the input alone when no task is named', () => {
    const input = { pool: 3, objective: 2 };
    expect(takePoolTask(input, referee)).toBeNull();
    expect(input).toEqual({ pool: 3, objective: 2 });
  });

  it('takes characterId and taskTags out of the input', () => {
    const input: Record<string, unknown> = { pool: 3, characterId: 'mine', taskTags: ['library'] };
    expect(takePoolTask(input, player)).toEqual({ characterId: 'mine', taskTags: ['library'] });
    expect(input).toEqual({ pool: 3 });
    const nulls: Record<string, unknown> = { pool: 3, characterId: null, taskTags: null };
    expect(takePoolTask(nulls, undefined)).toBeNull();
    expect(nulls).toEqual({ pool: 3 });
  });

  it('refuses a stateless check, tags without a character and another player’s character', () => {
    expect(() => takePoolTask({ characterId: 'mine' }, undefined)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ field: 'characterId' })],
      }),
    );
    expect(() => takePoolTask({ taskTags: ['x'] }, referee)).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ field: 'characterId' })] }),
    );
    expect(() => takePoolTask({ characterId: 'theirs' }, player)).toThrow(
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
