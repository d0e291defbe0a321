import fc from 'fast-check';
import cases from '../../../test/fixtures/wealth/upkeep-cases.json';
import { RuleError } from '../errors';
import { livingExpenses, upkeep, type LivingExpensesInput, type UpkeepInput } from './upkeep';

describe(upkeep.name, () => {
  it.each(cases.upkeep)(
    'charges $upkeep centisilver for $input.kind costing $input.cost over $input.days days',
    (row) => {
      expect(upkeep(row.input as UpkeepInput).upkeep).toBe(row.upkeep);
    },
  );

  it('reports the rate and a whole period', () => {
    expect(upkeep({ kind: 'weapon', cost: 2000, days: 1 })).toEqual({
      kind: 'weapon',
      cost: 2000,
      days: 1,
      rate: { percent: 10, period: 'year', periodDays: 360 },
      perPeriod: 200,
      upkeep: 1,
    });
  });

  it('refuses unknown kinds, negative costs and spans beyond a century', () => {
    expect(() => upkeep({ kind: 'ship' as never, cost: 1, days: 1 })).toThrow(RuleError);
    expect(() => upkeep({ kind: 'armor', cost: -1, days: 1 })).toThrow(
      expect.objectContaining({ field: 'cost' }),
    );
    expect(() => upkeep({ kind: 'armor', cost: 1, days: 36001 })).toThrow(
      expect.objectContaining({ field: 'days' }),
    );
  });

  it('never charges less than the exact pro-rata amount, nor a whole centisilver more', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('weapon' as const, 'armor' as const, 'riding-animal' as const, 'animal' as const),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 3600 }),
        (kind, cost, days) => {
          const outcome = upkeep({ kind, cost, days });
          const exact = (cost * outcome.rate.percent * days) / (100 * outcome.rate.periodDays);
          expect(outcome.upkeep).toBeGreaterThanOrEqual(exact - 1e-9);
          expect(outcome.upkeep).toBeLessThan(exact + 1);
        },
      ),
    );
  });
});

describe(livingExpenses.name, () => {
  it.each(cases.living)(
    'charges $total centisilver for $input.lifestyle living over $input.days days',
    (row) => {
      expect(livingExpenses(row.input as LivingExpensesInput).total).toBe(row.total);
    },
  );

  it('refuses an extravagant rate outside 10 to 100 silver, or given for other lifestyles', () => {
    expect(() => livingExpenses({ lifestyle: 'extravagant', days: 1, extravagantPerDay: 999 })).toThrow(
      expect.objectContaining({ field: 'extravagantPerDay' }),
    );
    expect(() => livingExpenses({ lifestyle: 'extravagant', days: 1, extravagantPerDay: 10001 })).toThrow(
      RuleError,
    );
    expect(() => livingExpenses({ lifestyle: 'basic', days: 1, extravagantPerDay: 2000 })).toThrow(RuleError);
    expect(() => livingExpenses({ lifestyle: 'royal' as never, days: 1 })).toThrow(RuleError);
  });
});
