import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { formatDiceNotation, parseDiceNotation, tableRoll } from './table-roll';
import { scripted } from '../../../test/factories/dice';

/** Every total of `count` dice of `sides`, with how many rolls give it. */
function enumerateSums(count: number, sides: number): Map<number, number> {
  let sums = new Map<number, number>([[0, 1]]);
  for (let die = 0; die < count; die++) {
    const next = new Map<number, number>();
    for (const [total, ways] of sums) {
      for (let face = 1; face <= sides; face++) next.set(total + face, (next.get(total + face) ?? 0) + ways);
    }
    sums = next;
  }
  return sums;
}

const REACTIONS = [
  { min: 2, max: 2, result: 'hostile' },
  { min: 3, max: 5, result: 'wary' },
  { min: 6, max: 8, result: 'curious' },
  { min: 9, max: 11, result: 'kind' },
  { min: 12, max: 12, result: 'helpful' },
];

describe(tableRoll.name, () => {
  it('rolls a single die and looks the total up', () => {
    expect(
      tableRoll({ dice: 'd6', entries: [{ min: 1, max: 2, result: 'encounter' }] }, scripted(2)),
    ).toEqual({
      dice: 'd6',
      faces: [2],
      total: 2,
      success: null,
      entry: { min: 1, max: 2, result: 'encounter' },
      odds: { outcome: 1 / 6, success: null, entry: 2 / 6 },
    });
  });

  it('sums several dice, with exact odds for the total and the entry', () => {
    expect(tableRoll({ dice: '2d6', entries: REACTIONS }, scripted(3, 4))).toEqual({
      dice: '2d6',
      faces: [3, 4],
      total: 7,
      success: null,
      entry: { min: 6, max: 8, result: 'curious' },
      odds: { outcome: 6 / 36, success: null, entry: 16 / 36 },
    });
  });

  it('gives no entry for a total that falls in a gap', () => {
    const outcome = tableRoll(
      { dice: 'd8', entries: [{ min: 1, max: 1, result: 'sea serpent' }] },
      scripted(5),
    );
    expect(outcome.entry).toBeNull();
    expect(outcome.odds.entry).toBeNull();
  });

  it('reads a d66 as a tens die then a units die', () => {
    const entries = [
      { min: 11, max: 16, result: 'first row' },
      { min: 17, max: 20, result: 'unreachable' },
      { min: 21, max: 36, result: 'rows two and three' },
    ];
    expect(tableRoll({ dice: 'd66', entries }, scripted(3, 5))).toEqual({
      dice: 'd66',
      faces: [3, 5],
      total: 35,
      success: null,
      entry: { min: 21, max: 36, result: 'rows two and three' },
      odds: { outcome: 1 / 36, success: null, entry: 12 / 36 },
    });
  });

  it('rolls a d100 as one hundred-sided die', () => {
    const outcome = tableRoll({ dice: 'D100' }, scripted(100));
    expect(outcome).toMatchObject({ dice: 'd100', faces: [100], total: 100, odds: { outcome: 0.01 } });
  });

  it('succeeds on X or less for an X-in-N chance', () => {
    expect(tableRoll({ dice: '2-in-6' }, scripted(2))).toEqual({
      dice: '2-in-6',
      faces: [2],
      total: 2,
      success: true,
      entry: null,
      odds: { outcome: 1 / 6, success: 2 / 6, entry: null },
    });
    expect(tableRoll({ dice: '1-in-8' }, scripted(2)).success).toBe(false);
    expect(tableRoll({ dice: '0-in-6' }, scripted(1))).toMatchObject({
      success: false,
      odds: { success: 0 },
    });
  });

  it('answers odds equal to enumerating every roll', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 8 }),
        fc.string({ minLength: 1 }),
        fc.integer({ min: 0, max: 33 }),
        fc.integer({ min: 0, max: 10 }),
        (count, sides, seed, low, width) => {
          const sums = enumerateSums(count, sides);
          const rolls = sides ** count;
          const entries = [{ min: low, max: low + width, result: 'x' }];
          const outcome = tableRoll({ dice: `${count}d${sides}`, entries }, new Dice(createRng(seed)));
          expect(outcome.odds.outcome).toBeCloseTo((sums.get(outcome.total) ?? 0) / rolls, 15);
          if (outcome.entry !== null) {
            let ways = 0;
            for (const [total, w] of sums) if (total >= low && total <= low + width) ways += w;
            expect(outcome.odds.entry).toBeCloseTo(ways / rolls, 15);
          }
        },
      ),
    );
  });

  it('stays exact for the largest sums', () => {
    const outcome = tableRoll(
      { dice: '100d1000', entries: [{ min: 100, max: 50_050, result: 'low half' }] },
      new Dice(createRng('big')),
    );
    expect(outcome.faces).toHaveLength(100);
    expect(outcome.odds.outcome).toBeGreaterThan(0);
    expect(outcome.odds.outcome).toBeLessThan(1e-3);
    // The sum is symmetric about 50,050: the halves either side match exactly and, with the middle, fill 1.
    const chance = (min: number, max: number, face: number): number =>
      tableRoll(
        { dice: '100d1000', entries: [{ min, max, result: 'x' }] },
        scripted(...Array(100).fill(face)),
      ).odds.entry ?? 0;
    const below = chance(0, 50_049, 1);
    const above = chance(50_051, 200_000, 1000);
    const middle = tableRoll({ dice: '100d1000' }, scripted(...Array(50).fill(1), ...Array(50).fill(1000)));
    expect(middle.total).toBe(50_050);
    expect(below).toBe(above);
    expect(below + above + middle.odds.outcome).toBeCloseTo(1, 15);
  });

  it('gives the same outcome for the same seed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom('d6', '3d6', 'd66', 'd100', '2-in-6', 'd20'),
        (seed, dice) => {
          const outcome = tableRoll({ dice, entries: REACTIONS }, new Dice(createRng(seed)));
          expect(tableRoll({ dice, entries: REACTIONS }, new Dice(createRng(seed)))).toStrictEqual(outcome);
          expect(JSON.parse(JSON.stringify(outcome))).toStrictEqual(outcome);
        },
      ),
    );
  });

  it('refuses notation it cannot read, naming the dice', () => {
    for (const dice of [
      '',
      'd1',
      'd1001',
      '0d6',
      '101d6',
      '2d66',
      '7-in-6',
      '1-in-1',
      'abc',
      '2d6+1',
      5,
      null,
    ]) {
      expect(() => tableRoll({ dice } as never, scripted())).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field: 'dice' }),
      );
    }
  });

  it('refuses overlapping or malformed entries', () => {
    const cases: [unknown, string][] = [
      [
        [
          { min: 1, max: 3, result: 'a' },
          { min: 3, max: 6, result: 'b' },
        ],
        'entries',
      ],
      [
        [
          { min: 4, max: 6, result: 'a' },
          { min: 1, max: 4, result: 'b' },
        ],
        'entries',
      ],
      [[{ min: 3, max: 2, result: 'a' }], 'entries[0].max'],
      [[{ min: 1, max: 2 }], 'entries[0].result'],
      [[{ min: 1.5, max: 2, result: 'a' }], 'entries[0].min'],
      [[null], 'entries[0]'],
      ['1-6', 'entries'],
    ];
    for (const [entries, field] of cases) {
      expect(() => tableRoll({ dice: 'd6', entries } as never, scripted())).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      );
    }
  });
});

describe(parseDiceNotation.name, () => {
  it('normalises case, spaces and a leading 1', () => {
    expect(formatDiceNotation(parseDiceNotation(' 1D6 '))).toBe('d6');
    expect(formatDiceNotation(parseDiceNotation('3D6'))).toBe('3d6');
    expect(parseDiceNotation('1d66')).toEqual({ kind: 'd66' });
    expect(parseDiceNotation('2-In-6')).toEqual({ kind: 'chance', in: 2, sides: 6 });
  });
});
