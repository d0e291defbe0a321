import fc from 'fast-check';
import { normaliseSheet, trackedPaths } from '../characters/sheets';
import { deriveSheet } from '../characters/sheets-derived';
import { archsoulRest } from './archsoul-survival';
import { attributeLossOf, exhaustionLossOf, statLossOf } from './sheet-hazards';

describe('Archsoul losses kept on the sheet', () => {
  const base = { stats: { Endurance: 6, Intellect: 4, Resolve: 2 }, maxHp: 10 };

  it('attributeLoss and exhaustionLoss are tracked referee values, validated naming the field', () => {
    const sheet = normaliseSheet('archsoul', { ...base, attributeLoss: { Intellect: 2 }, exhaustionLoss: 1 });
    expect(sheet).toMatchObject({ attributeLoss: { Intellect: 2 }, exhaustionLoss: 1 });
    expect(trackedPaths('archsoul', sheet)).toEqual(
      expect.arrayContaining(['attributeLoss.Intellect', 'exhaustionLoss']),
    );
    expect(() => normaliseSheet('archsoul', { ...base, attributeLoss: { endurance: 1 } })).toThrow(
      expect.objectContaining({ field: 'sheet.attributeLoss.endurance' }),
    );
    expect(() => normaliseSheet('archsoul', { ...base, attributeLoss: { Intellect: -1 } })).toThrow(
      expect.objectContaining({ field: 'sheet.attributeLoss.Intellect' }),
    );
    expect(() => normaliseSheet('archsoul', { ...base, attributeLoss: { 'a.b': 1 } })).toThrow(
      expect.objectContaining({ field: 'sheet.attributeLoss.a.b' }),
    );
    expect(() => normaliseSheet('archsoul', { ...base, exhaustionLoss: 1.5 })).toThrow(
      expect.objectContaining({ field: 'sheet.exhaustionLoss' }),
    );
    expect(statLossOf(sheet, 'INTELLECT')).toBe(2);
    expect(attributeLossOf(normaliseSheet('archsoul', base))).toEqual({});
  });

  it('exhaustion’s loss is what the sheet keeps, and at least 1 while exhausted (002:28)', () => {
    expect(exhaustionLossOf({ fatigue: 2 })).toBe(1);
    expect(exhaustionLossOf({ fatigue: 1, exhaustionLoss: 1 })).toBe(1);
    expect(exhaustionLossOf({ fatigue: 2, exhaustionLoss: 2 })).toBe(2);
    expect(exhaustionLossOf({ fatigue: 0 })).toBe(0);
  });

  it('statsNow: Endurance less enduranceLoss and exhaustion, named stats less their loss; left out without a loss', () => {
    const sheet = normaliseSheet('archsoul', {
      ...base,
      fatigue: 2,
      enduranceLoss: 2,
      attributeLoss: { intellect: 1 },
    });
    expect(deriveSheet('archsoul', sheet).statsNow).toEqual({ Endurance: 3, Intellect: 3, Resolve: 2 });
    expect(deriveSheet('archsoul', normaliseSheet('archsoul', base)).statsNow).toBeUndefined();
  });

  it('moveNow: an exhausted character moves 1 less, never below 1 (002:28); a sheet without a base move has none', () => {
    expect(
      deriveSheet('archsoul', normaliseSheet('archsoul', { ...base, move: 4, fatigue: 2 })).moveNow,
    ).toBe(3);
    expect(
      deriveSheet('archsoul', normaliseSheet('archsoul', { ...base, move: 1, fatigue: 2 })).moveNow,
    ).toBe(1);
    expect(
      deriveSheet('archsoul', normaliseSheet('archsoul', { ...base, move: 4, fatigue: 1 })).moveNow,
    ).toBeUndefined();
    expect(
      deriveSheet('archsoul', normaliseSheet('archsoul', { ...base, fatigue: 2 })).moveNow,
    ).toBeUndefined();
    expect(normaliseSheet('archsoul', base).move).toBeUndefined();
    expect(() => normaliseSheet('archsoul', { ...base, move: -1 })).toThrow(/move/);
  });

  it('property: a night gives back one point of every reduced attribute, never below 0 (002:48)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('Intellect', 'Resolve', 'Athletics'), fc.nat(20)), (r) => {
        const out = archsoulRest({ sleepHours: 8, attributeReductions: r });
        for (const [name, v] of Object.entries(r))
          expect(out.attributeReductionsAfter[name]).toBe(Math.max(0, v - 1));
      }),
    );
  });
});
