import table from '../../../test/fixtures/strongholds/improvement-ob.json';
import { RuleError } from '../errors';
import { smallestWagerFor } from '../wealth/wager-odds';
import { strongholdImprovementObjective, strongholdRankTable, tagAllowance } from './objective';

describe(strongholdImprovementObjective.name, () => {
  it.each(table.rows)('gives Ob $objective for target rank $rank (seed table)', ({ rank, objective }) => {
    expect(strongholdImprovementObjective(rank)).toBe(objective);
  });

  it('refuses ranks outside 1 to 12', () => {
    for (const rank of [0, 13, 1.5, -2]) {
      expect(() => strongholdImprovementObjective(rank)).toThrow(RuleError);
    }
  });
});

describe(strongholdRankTable.name, () => {
  it('lists the twelve ranks of the seed table with two tags per rank', () => {
    expect(strongholdRankTable()).toEqual(table.rows.map((row) => ({ ...row, tagAllowance: 2 * row.rank })));
    expect(tagAllowance(0)).toBe(0);
  });
});

describe('stronghold wagers (RULES-INDEX golden cases S2, S3)', () => {
  it('needs 14 Cash for an even chance of building (rank 1) on Wealth 5', () => {
    expect(smallestWagerFor({ procedure: 'stronghold', targetRank: 1, wealth: 5 }, 0.5, 1000)).toEqual({
      wager: 14,
      probability: 0.5,
    });
  });

  it('needs 18 Cash for an even chance of rank 2 on Wealth 5', () => {
    expect(smallestWagerFor({ procedure: 'stronghold', targetRank: 2, wealth: 5 }, 0.5, 1000)).toEqual({
      wager: 18,
      probability: 0.5,
    });
  });
});
