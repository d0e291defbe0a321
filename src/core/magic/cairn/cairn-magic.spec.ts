import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { saveSuccessChance } from '../../checks/roll-under-save';
import { RuleError } from '../../errors';
import { createRng, Dice } from '../../random';
import {
  CAIRN_SPELL_BOOK,
  cairnCast,
  findCairnSpell,
  searchCairnSpells,
  worstCaseFatigue,
  type CairnCastInput,
} from './index';

const fixture = JSON.parse(
  readFileSync(join(__dirname, '../../../../test/fixtures/magic/cairn-spell-names.json'), 'utf8'),
) as { rows: Array<{ number: number; name: string }> };

const cast = (input: Record<string, unknown>, seed = 'cairn-1') =>
  cairnCast(input as unknown as CairnCastInput, new Dice(createRng(seed)));

function ruleError(run: () => unknown): RuleError {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('no RuleError');
}

describe('Cairn spells as data', () => {
  it('holds all 100 spells, by number and name as the seed lists them (004:163–262)', () => {
    expect(CAIRN_SPELL_BOOK).toHaveLength(100);
    expect(fixture.rows).toHaveLength(100);
    for (const row of fixture.rows) {
      const spell = CAIRN_SPELL_BOOK[row.number - 1];
      expect({ number: spell.number, name: spell.name }).toEqual(row);
      expect(spell.effect.length).toBeGreaterThan(10);
      expect(spell.effect.length).toBeLessThanOrEqual(200);
    }
    expect(new Set(CAIRN_SPELL_BOOK.map((s) => s.id)).size).toBe(100);
    expect(new Set(CAIRN_SPELL_BOOK.map((s) => s.effect)).size).toBe(100);
  });

  it('keeps the seed’s numbers in the effects (Cure Wounds rolls 1d4 STR once a day)', () => {
    const cure = findCairnSpell('cure-wounds')!;
    expect(cure).toMatchObject({ number: 20, dice: '1d4' });
    expect(cure.effect).toContain('1d4 STR');
    expect(findCairnSpell(28)!.effect).toMatch(/50ft long and 10ft tall/);
    expect(findCairnSpell('Time Control')!.effect).toMatch(/30 seconds.*50ft.*10%/);
    expect(findCairnSpell('manse')!.effect).toContain('12 hours');
    expect(CAIRN_SPELL_BOOK.filter((s) => s.dice !== null).map((s) => s.name)).toEqual(['Cure Wounds']);
  });

  it('finds a spell by number, id or name, and searches names and effects', () => {
    expect(findCairnSpell('45')!.name).toBe('Knock');
    expect(findCairnSpell('push-pull')!.number).toBe(63);
    expect(findCairnSpell('X-RAY VISION')!.number).toBe(100);
    expect(findCairnSpell(0)).toBeNull();
    expect(findCairnSpell('101')).toBeNull();
    expect(findCairnSpell('no such')).toBeNull();
    expect(searchCairnSpells('illusion').map((s) => s.number)).toEqual(expect.arrayContaining([8, 80, 95]));
    expect(searchCairnSpells(null)).toHaveLength(100);
  });
});

describe('Cairn casting', () => {
  it('a spellbook adds 1 Fatigue into a free slot; no save when safe', () => {
    const out = cast({ from: 'spellbook', spell: 'Knock', freeSlots: 3 });
    expect(out.riskySave).toBeNull();
    expect(out.fatigue).toEqual({
      fromCasting: 1,
      fromFailure: 0,
      total: 1,
      freeSlots: 3,
      drops: 0,
      freeSlotsAfter: 2,
    });
    expect(out.faces).toEqual([]);
    expect(out.spell!.name).toBe('Knock');
    expect(out.odds).toEqual({ savePasses: null, failure: 0, drop: 0, expectedFatigue: 1 });
  });

  it('a full inventory forces a drop', () => {
    const out = cast({ from: 'spellbook', freeSlots: 0 });
    expect(out.fatigue.drops).toBe(1);
    expect(out.odds.drop).toBe(1);
  });

  it('a scroll costs no Fatigue and is used up; its own slot (if any) frees up', () => {
    const out = cast({ from: 'scroll', freeSlots: 0 });
    expect(out).toMatchObject({ consumed: true, fatigue: { total: 0, drops: 0 } });
    const risky = cast({ from: 'scroll', freeSlots: 0, carrierSlots: 1, danger: true, wil: 10 }, 'cairn-1');
    // cairn-1: the d20 shows 17, a failure: 1 Fatigue goes into the scroll's freed slot.
    expect(risky.riskySave).toMatchObject({ roll: 17, passed: false, reason: 'danger' });
    expect(risky.fatigue).toMatchObject({ total: 1, freeSlots: 1, drops: 0 });
  });

  it('a relic spends one charge, costs no Fatigue and refuses when spent', () => {
    const out = cast({ from: 'relic', charges: 1, maxCharges: 3, deprived: true });
    expect(out.relic).toEqual({ before: 1, after: 0, max: 3, exhausted: true });
    expect(out.riskySave).toBeNull(); // a relic's risky save only when the referee asks
    expect(out.fatigue.total).toBe(0);
    expect(ruleError(() => cast({ from: 'relic', charges: 0 })).field).toBe('charges');
    expect(ruleError(() => cast({ from: 'spellbook', charges: 2 })).field).toBe('charges');
    expect(cast({ from: 'relic', riskySave: true, wil: 5 }).riskySave!.reason).toBe('referee');
  });

  it('golden cairn-1: Deprived, WIL 10, d6 failure damage on HP 3 / STR 10', () => {
    const out = cast({
      from: 'spellbook',
      spell: 45,
      deprived: true,
      wil: 10,
      freeSlots: 1,
      failure: { damage: 'd6' },
      hp: 3,
      str: 10,
    });
    expect(out.faces).toEqual([17, 4, 9]);
    expect(out.riskySave).toEqual({
      reason: 'deprived',
      wil: 10,
      roll: 17,
      passed: false,
      automatic: null,
      odds: { pass: 0.5, fail: 0.5 },
    });
    expect(out.failure).toEqual({ fatigue: 1, damageDie: 'd6', damage: 4, destroyed: false });
    expect(out.fatigue).toMatchObject({ total: 2, freeSlots: 1, drops: 1, freeSlotsAfter: 0 });
    expect(out.harm).toMatchObject({ hp: 0, str: 9, overflow: 1, criticalSave: { roll: 9, passed: true } });
    expect(out.changes).toEqual([
      { field: 'hp', delta: -3, after: 0 },
      { field: 'str', delta: -1, after: 9 },
      { field: 'fatigue', delta: 2, after: null },
    ]);
    expect(out.odds).toEqual({ savePasses: 0.5, failure: 0.5, drop: 0.5, expectedFatigue: 1.5 });
  });

  it('golden cairn-2 and cairn-3: a natural 1 always passes, a natural 20 always fails', () => {
    const one = cast({ from: 'spellbook', deprived: true, wil: 10 }, 'cairn-2');
    expect(one.riskySave).toMatchObject({ roll: 1, passed: true, automatic: 'always-passes' });
    expect(one.failure).toBeNull();
    const twenty = cast(
      { from: 'spellbook', deprived: true, wil: 19, failure: { destroyed: true } },
      'cairn-3',
    );
    expect(twenty.riskySave).toMatchObject({ roll: 20, passed: false, automatic: 'always-fails' });
    expect(twenty.destroyed).toBe(true);
  });

  it('without HP and STR the failure damage is rolled and left to the harm routes', () => {
    const out = cast({ from: 'spellbook', danger: true, wil: 10, failure: { damage: 'd8', fatigue: 0 } });
    expect(out.failure).toEqual({ fatigue: 0, damageDie: 'd8', damage: 6, destroyed: false });
    expect(out.harm).toBeNull();
    expect(out.fatigue.total).toBe(1);
  });

  it('names the field at fault', () => {
    expect(ruleError(() => cast({ from: 'wand' })).field).toBe('from');
    expect(ruleError(() => cast({ from: 'spellbook', deprived: true })).field).toBe('wil');
    expect(ruleError(() => cast({ from: 'spellbook', spell: 'Fireball' })).field).toBe('spell');
    expect(ruleError(() => cast({ from: 'spellbook', failure: { damage: 'd20' } })).field).toBe(
      'failure.damage',
    );
    expect(ruleError(() => cast({ from: 'spellbook', hp: 3 })).field).toBe('str');
    expect(ruleError(() => cast({ from: 'scroll', failure: { destroyed: true } })).field).toBe(
      'failure.destroyed',
    );
  });

  const arbitrary = fc.record({
    from: fc.constantFrom('spellbook' as const, 'scroll' as const, 'relic' as const),
    deprived: fc.boolean(),
    danger: fc.boolean(),
    wil: fc.integer({ min: 0, max: 30 }),
    freeSlots: fc.integer({ min: 0, max: 12 }),
    fatigue: fc.integer({ min: 0, max: 3 }),
    destroyed: fc.boolean(),
    seed: fc.string({ minLength: 1, maxLength: 12 }),
  });

  it('property: odds are exact against every d20 face, and Fatigue always fits or is dropped', () => {
    fc.assert(
      fc.property(arbitrary, (a) => {
        const input = {
          from: a.from,
          deprived: a.deprived,
          danger: a.danger,
          wil: a.wil,
          freeSlots: a.freeSlots,
          failure: { fatigue: a.fatigue, destroyed: a.destroyed && a.from !== 'scroll' },
        };
        const out = cast(input, a.seed);
        const f = out.fatigue;
        expect(f.total - f.drops! + f.freeSlotsAfter!).toBe(f.freeSlots);
        expect(f.total).toBeLessThanOrEqual(worstCaseFatigue(input));
        if (out.riskySave) {
          expect(out.odds.savePasses).toBe(saveSuccessChance(a.wil));
          // Brute force over the d20: the chance the failure happens, and of a drop.
          let fails = 0;
          let drops = 0;
          for (let face = 1; face <= 20; face++) {
            const pass = face === 1 || (face !== 20 && face <= a.wil);
            if (!pass) fails++;
            const total = (a.from === 'spellbook' ? 1 : 0) + (pass ? 0 : a.fatigue);
            const freed = pass ? 0 : input.failure.destroyed ? 1 : 0;
            if (total > a.freeSlots + freed) drops++;
          }
          expect(out.odds.failure).toBeCloseTo(fails / 20, 12);
          expect(out.odds.drop).toBeCloseTo(drops / 20, 12);
        } else {
          expect(out.odds.failure).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: the same inputs and seed give the same cast; more WIL never lowers the chance to pass', () => {
    fc.assert(
      fc.property(arbitrary, (a) => {
        const input = { from: 'spellbook' as const, deprived: true, wil: a.wil, freeSlots: a.freeSlots };
        expect(cast(input, a.seed)).toEqual(cast(input, a.seed));
        const up = Math.min(30, a.wil + 1);
        expect(cast({ ...input, wil: up }).odds.savePasses!).toBeGreaterThanOrEqual(
          cast(input).odds.savePasses!,
        );
      }),
      { numRuns: 200 },
    );
  });
});
