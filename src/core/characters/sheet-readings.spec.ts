import { RuleError } from '../errors';
import { contestSideFromSheet, crafterFromSheet } from './sheet-readings';

function refusal(work: () => unknown): RuleError {
  try {
    work();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}

describe('crafterFromSheet (002, crafting rolls)', () => {
  const sheet = { stats: { Intellect: 3, smithing: 2 }, fatigue: 0 };

  it('reads Intellect, the skill (ignoring case) and fatigue from the sheet', () => {
    expect(crafterFromSheet(sheet, {}, 'Smithing', 'Hild')).toEqual({
      input: { intellect: 3, skill: 2 },
      readings: [
        { field: 'intellect', source: 'stats.Intellect', amount: 3, overridden: false },
        { field: 'skill', source: 'stats.smithing', amount: 2, overridden: false },
        { field: 'fatigue', source: 'fatigue', amount: 0, overridden: false },
      ],
    });
    expect(crafterFromSheet({ ...sheet, fatigue: 1 }, {}, 'smithing', 'Hild').input.fatigue).toBe('fatigued');
    expect(crafterFromSheet({ ...sheet, fatigue: 2 }, {}, 'smithing', 'Hild').input.fatigue).toBe(
      'exhausted',
    );
  });

  it('lets each sent number win, keeping the sheet’s marked overridden', () => {
    const read = crafterFromSheet(
      { ...sheet, fatigue: 3 },
      { skill: 4, fatigue: 'fatigued' },
      'smithing',
      'Hild',
    );
    expect(read.input).toEqual({ intellect: 3, skill: 4, fatigue: 'fatigued' });
    expect(read.readings.filter((r) => r.overridden).map((r) => r.source)).toEqual([
      'stats.smithing',
      'fatigue',
    ]);
    expect(read.readings.filter((r) => r.source === 'request').map((r) => [r.field, r.amount])).toEqual([
      ['skill', 4],
      ['fatigue', 1],
    ]);
  });

  it('refuses what it cannot read, naming the field', () => {
    expect(refusal(() => crafterFromSheet(sheet, {}, 'weaving', 'Hild'))).toMatchObject({
      code: 'UNPROCESSABLE',
      field: 'skill',
    });
    expect(refusal(() => crafterFromSheet({ stats: {} }, { skill: 1 }, 'weaving', 'Hild'))).toMatchObject({
      code: 'UNPROCESSABLE',
      field: 'intellect',
    });
    expect(refusal(() => crafterFromSheet(null, { skill: 1 }, 'weaving', 'Hild'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'intellect',
      message: 'intellect is required.',
    });
    expect(refusal(() => crafterFromSheet({ ...sheet, fatigue: 3 }, {}, 'smithing', 'Hild'))).toMatchObject({
      code: 'CONFLICT',
      field: 'characterId',
    });
    expect(crafterFromSheet(null, { intellect: 1, skill: 1 }, 'weaving', 'Hild').readings).toHaveLength(2);
  });
});

describe('contestSideFromSheet (001, contested actions; injuries 001:601)', () => {
  const rating = { kind: 'ability', name: 'strength', value: 14 };
  const mods = [
    { source: 'injuries', amount: -2 },
    { source: 'ailment:fever', amount: -1 },
    { source: 'gear:charm', amount: 1 },
  ];

  it('takes the rating and the sheet’s modifiers as bonus and penalty', () => {
    expect(contestSideFromSheet(rating, mods, {})).toEqual({
      spec: { score: 14, bonus: 1, penalty: 3 },
      readings: [
        { field: 'score', source: 'abilities.strength', amount: 14, overridden: false },
        { field: 'penalty', source: 'injuries', amount: -2, overridden: false },
        { field: 'penalty', source: 'ailment:fever', amount: -1, overridden: false },
        { field: 'bonus', source: 'gear:charm', amount: 1, overridden: false },
      ],
    });
    const reaction = contestSideFromSheet({ kind: 'reaction', name: 'evasion', value: 9 }, [], {});
    expect(reaction).toEqual({
      spec: { score: 9 },
      readings: [{ field: 'score', source: 'reactions.evasion', amount: 9, overridden: false }],
    });
  });

  it('a sent score or penalty replaces the sheet’s, which stays listed as overridden', () => {
    const read = contestSideFromSheet(rating, mods, { score: 10, penalty: 0 });
    expect(read.spec).toEqual({ score: 10, bonus: 1 });
    expect(read.readings).toEqual([
      { field: 'score', source: 'abilities.strength', amount: 14, overridden: true },
      { field: 'score', source: 'request', amount: 10, overridden: false },
      { field: 'penalty', source: 'injuries', amount: -2, overridden: true },
      { field: 'penalty', source: 'ailment:fever', amount: -1, overridden: true },
      { field: 'bonus', source: 'gear:charm', amount: 1, overridden: false },
      { field: 'penalty', source: 'request', amount: 0, overridden: false },
    ]);
  });
});
