import fc from 'fast-check';
import { abilityRoll, difficultyPool, poolTest, rollUnderSave } from '../checks';
import { RuleError } from '../errors';
import { createRng, Dice } from '../random';
import { applyCondition, sheetDifferences } from './ledger';
import {
  capsTracked,
  coeacBlockUsesPerDay,
  extendSystem,
  normaliseSheet,
  playerSheet,
  readPath,
  SHEET_SYSTEMS,
  trackedBounds,
  trackedPaths,
} from './sheets';
import { planSheetCheck } from './sheets-checks';
import { deriveSheet, withGmDefaults, withoutDerived } from './sheets-derived';

function ruleError(work: () => unknown): RuleError {
  try {
    work();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}

describe('sheets', () => {
  it('fills tracked values from their maxima and refuses values above them', () => {
    const coeac = normaliseSheet('coeac', { maxHp: 8, classResources: { Steel: { max: 2 } } });
    expect(coeac).toMatchObject({ hp: 8, bonusHp: 0, classResources: { Steel: { current: 2, max: 2 } } });
    expect(ruleError(() => normaliseSheet('coeac', { maxHp: 8, hp: 9 })).field).toBe('sheet.hp');
    expect(ruleError(() => normaliseSheet('cairn', { str: { current: 13, max: 12 } })).field).toBe(
      'sheet.str.current',
    );
    expect(ruleError(() => normaliseSheet('archsoul', { stats: { Resolve: -1 } })).field).toBe(
      'sheet.stats.Resolve',
    );
    expect(ruleError(() => normaliseSheet('gm', { abilities: { luck: 3 } })).field).toBe(
      'sheet.abilities.luck',
    );
  });

  it('matches free names case-insensitively, refusing two spellings of one name', () => {
    expect(ruleError(() => normaliseSheet('coeac', { skills: { Lore: 1, LORE: 2 } })).field).toBe(
      'sheet.skills.LORE',
    );
    const plan = planSheetCheck(
      'coeac',
      normaliseSheet('coeac', { skills: { Streetwise: 2 } }),
      { skill: 'streetWISE', objective: 1 },
      { npc: false },
    );
    expect(plan.rating).toEqual({ kind: 'skill', name: 'Streetwise', value: 2 });
    expect(plan.input).toEqual({ pool: 4, objective: 1 });
  });

  it('gives Block uses a day by armour kind and shield', () => {
    expect([
      coeacBlockUsesPerDay('none', false),
      coeacBlockUsesPerDay('light', false),
      coeacBlockUsesPerDay('heavy', false),
      coeacBlockUsesPerDay('light', true),
    ]).toEqual([0, 1, 2, 2]);
    expect(normaliseSheet('coeac', { armor: { kind: 'heavy' } }).armor).toEqual({
      kind: 'heavy',
      shield: false,
      blockUses: 2,
    });
  });

  it('lists concrete tracked paths, bounded by their maxima', () => {
    const sheet = normaliseSheet('coeac', { maxHp: 5, classResources: { Luck: { max: 3 } } });
    expect(trackedPaths('coeac', sheet)).toEqual([
      'hp',
      'maxHp',
      'bonusHp',
      'armor.blockUses',
      'classResources.Luck.current',
      'boons',
    ]);
    expect(trackedBounds('coeac', sheet, 'classResources.Luck.current')).toEqual({ min: 0, max: 3 });
    expect(trackedBounds('coeac', sheet, 'hp')).toEqual({ min: 0, max: 5 });
  });

  it('lets a player change base values only', () => {
    const current = normaliseSheet('gm', { abilities: { strength: 12 }, survival: { max: 7 } });
    const next = playerSheet('gm', current, {
      abilities: { ...(current.abilities as object), strength: 13 },
    });
    expect(next.abilities).toMatchObject({ strength: 13 });
    expect(next.survival).toEqual({ current: 7, max: 7 });
    expect(ruleError(() => playerSheet('gm', current, { survival: { current: 6, max: 7 } })).field).toBe(
      'sheet.survival.current',
    );
    expect(ruleError(() => playerSheet('gm', current, { reactions: { health: 12 } })).field).toBe(
      'sheet.reactions',
    );
    // Sending a tracked value unchanged is allowed.
    expect(playerSheet('gm', current, { survival: { current: 7, max: 7 } }).survival).toEqual({
      current: 7,
      max: 7,
    });
  });

  it('derives G&M reactions and fills survival, verve and mojo maxima from them (the dwarf warrior of 001)', () => {
    const input = withGmDefaults({
      abilities: { strength: 16, agility: 9, endurance: 15, intelligence: 10, wisdom: 11, charisma: 8 },
      archetypes: [{ archetype: 'Warrior', level: 1 }],
    });
    const view = deriveSheet('gm', normaliseSheet('gm', input));
    const derived = view.derived as { survival: number; mojo: number };
    expect(view.survival).toEqual({ current: derived.survival, max: derived.survival });
    expect(view.mojo).toEqual({ current: derived.mojo, max: derived.mojo });
    // The referee's override of a reaction wins over the derived value.
    const overridden = deriveSheet('gm', normaliseSheet('gm', { ...input, reactions: { health: 12 } }));
    expect((overridden.reactions as Record<string, number>).health).toBe(12);
    expect(
      ruleError(() =>
        deriveSheet('gm', normaliseSheet('gm', { archetypes: [{ archetype: 'bard', level: 1 }] })),
      ).field,
    ).toBe('sheet.archetypes[0].archetype');
  });

  it('takes derived members out of a sheet sent back as answered', () => {
    const stored = normaliseSheet('cairn', {
      str: { max: 9 },
      dex: { max: 9 },
      wil: { max: 9 },
      armor: 0,
      worn: [{ itemId: 'mail', armor: 2 }],
    });
    const context = { inventoryItemIds: new Set(['mail']) };
    const answered = deriveSheet('cairn', stored, context);
    expect(answered.armor).toBe(2);
    const back = withoutDerived('cairn', answered, stored, context);
    expect(back.armor).toBe(0);
    expect(back).not.toHaveProperty('armorSource');
    // A different value is the sender's own and stays.
    expect(withoutDerived('cairn', { ...answered, armor: 1 }, stored, context).armor).toBe(1);
    const coeac = normaliseSheet('coeac', { armor: { kind: 'light' } });
    expect(withoutDerived('coeac', deriveSheet('coeac', coeac), coeac).armor).toEqual(coeac.armor);
  });

  it('derives Cairn Armor from worn items still held, capped at 3', () => {
    const attributes = { str: { max: 10 }, dex: { max: 10 }, wil: { max: 10 } };
    const sheet = normaliseSheet('cairn', {
      ...attributes,
      worn: [
        { itemId: 'a', armor: 2 },
        { itemId: 'b', armor: 2 },
        { itemId: 'c', armor: 1 },
      ],
    });
    expect(deriveSheet('cairn', sheet, { inventoryItemIds: new Set(['a', 'b']) }).armor).toBe(3);
    expect(deriveSheet('cairn', sheet, { inventoryItemIds: new Set(['c']) }).armor).toBe(1);
    expect(deriveSheet('cairn', normaliseSheet('cairn', { ...attributes, armor: 2 })).armor).toBe(2);
  });
});

describe('the condition ledger', () => {
  const sheet = normaliseSheet('coeac', { maxHp: 20, hp: 10, classResources: { Luck: { max: 4 } } });

  it('keeps after = before + delta within the bounds, and refuses leaving them unless clamping', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), fc.boolean(), (delta, clamp) => {
        const before = readPath(sheet, 'hp') as number;
        let result;
        try {
          result = applyCondition('coeac', sheet, 'hp', delta, { clamp });
        } catch (error) {
          expect((error as RuleError).code).toBe('OUT_OF_RANGE');
          expect(clamp).toBe(false);
          expect(before + delta < 0 || before + delta > 20).toBe(true);
          return;
        }
        const { change } = result;
        expect(change.after).toBe(change.before + change.delta);
        expect(readPath(result.sheet, 'hp')).toBe(change.after);
        expect(change.after).toBeGreaterThanOrEqual(0);
        expect(change.after).toBeLessThanOrEqual(20);
        if (!clamp) expect(change.delta).toBe(delta);
        // The sheet it was given is never changed.
        expect(readPath(sheet, 'hp')).toBe(10);
      }),
    );
  });

  it('sums to the value over any sequence of changes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 40 }), (deltas) => {
        let current = sheet;
        let sum = readPath(sheet, 'classResources.Luck.current') as number;
        for (const delta of deltas) {
          const { sheet: next, change } = applyCondition(
            'coeac',
            current,
            'classResources.Luck.current',
            delta,
            { clamp: true },
          );
          current = next;
          sum += change.delta;
        }
        expect(readPath(current, 'classResources.Luck.current')).toBe(sum);
      }),
    );
  });

  it('refuses untracked fields and lists a replaced sheet’s differences', () => {
    expect(ruleError(() => applyCondition('coeac', sheet, 'skills.Lore', 1)).field).toBe('field');
    expect(sheetDifferences(sheet, { ...sheet, hp: 4 }, ['hp', 'maxHp'])).toEqual([
      { field: 'hp', delta: -6, after: 4 },
    ]);
    expect(sheetDifferences(null, sheet, ['hp'])).toEqual([{ field: 'hp', delta: 10, after: 10 }]);
  });
});

describe('checks that read the sheet', () => {
  it('answers odds in [0, 1] for every system whatever the ratings and modifiers', () => {
    const run = {
      pool: poolTest,
      save: rollUnderSave,
      'difficulty-pool': difficultyPool,
      ability: abilityRoll,
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: -8, max: 8 }),
        fc.constantFrom(...SHEET_SYSTEMS),
        (rating, extra, system) => {
          const sheets = {
            coeac: normaliseSheet('coeac', { skills: { Lore: rating } }),
            cairn: normaliseSheet('cairn', { str: { max: rating }, dex: { max: 10 }, wil: { max: 10 } }),
            archsoul: normaliseSheet('archsoul', { stats: { Intellect: rating } }),
            gm: normaliseSheet('gm', { abilities: { wisdom: Math.max(1, rating) } }),
          };
          const request = {
            coeac: { skill: 'lore', objective: 2 },
            cairn: { attribute: 'STR' },
            archsoul: { stats: ['Intellect'], difficulty: 4 },
            gm: { attribute: 'wisdom' },
          }[system];
          const modifier =
            system === 'coeac' || system === 'archsoul'
              ? { source: 'x', dice: extra }
              : { source: 'x', amount: extra };
          const plan = planSheetCheck(system, sheets[system], request, { npc: false }, [modifier]);
          const outcome = (run[plan.check] as (i: unknown, d: unknown) => { odds: { success: number } })(
            plan.input,
            new Dice(createRng('p')),
          );
          expect(outcome.odds.success).toBeGreaterThanOrEqual(0);
          expect(outcome.odds.success).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('rolls an NPC’s rating without the +2', () => {
    const plan = planSheetCheck(
      'coeac',
      normaliseSheet('coeac', { pool: 4, skills: { Stealth: 5 } }),
      { skill: 'stealth', objective: 1 },
      { npc: true },
    );
    expect(plan.input.pool).toBe(5);
    expect(
      planSheetCheck('coeac', normaliseSheet('coeac', { pool: 4 }), { objective: 1 }, { npc: true }).input
        .pool,
    ).toBe(4);
  });
});

describe('extending a system', () => {
  it('adds tracked values that go through the ledger, and fields the sheet keeps', () => {
    extendSystem('archsoul', {
      tracked: [{ path: 'wounds', initial: 0, description: 'Wounds (a later domain)' }],
      refereeFields: ['wounds', 'scarred'],
      normalise: (input, sheet) => ({
        ...sheet,
        wounds: (input.wounds as number) ?? 0,
        scarred: input.scarred === true,
      }),
    });
    const sheet = normaliseSheet('archsoul', { stats: { Resolve: 2 }, wounds: 1, scarred: true });
    expect(sheet).toMatchObject({ stats: { Resolve: 2 }, wounds: 1, scarred: true });
    expect(trackedPaths('archsoul', sheet)).toContain('wounds');
    expect(applyCondition('archsoul', sheet, 'wounds', 2).change).toMatchObject({ before: 1, after: 3 });
    expect(ruleError(() => playerSheet('archsoul', sheet, { wounds: 0 })).field).toBe('sheet.wounds');
  });

  it('answers which paths cap a tracked value, including a cap an extension adds after a first answer', () => {
    expect(capsTracked('coeac', 'maxHp')).toBe(true);
    expect(capsTracked('coeac', 'hp')).toBe(false);
    expect(capsTracked('coeac', 'classResources.Luck.max')).toBe(true);
    expect(capsTracked('archsoul', 'woundsMax')).toBe(false);
    extendSystem('archsoul', {
      tracked: [
        { path: 'woundsMax', initial: 0, description: 'A later cap' },
        { path: 'woundsNow', initial: 0, maxPath: 'woundsMax', description: 'What it caps' },
      ],
      refereeFields: ['woundsMax', 'woundsNow'],
    });
    // The answer given before the extension is not kept past it.
    expect(capsTracked('archsoul', 'woundsMax')).toBe(true);
    expect(capsTracked('coeac', 'maxHp')).toBe(true);
  });
});

describe('COEAC arcane vestments (003:448)', () => {
  it('lists worn vestments (Empower 1 unless said) and opens an Empower pool at their total', () => {
    const sheet = normaliseSheet('coeac', {
      vestments: [{ itemId: 'robe' }, { itemId: 'circlet', empower: 2 }],
    });
    expect(sheet.vestments).toEqual([
      { itemId: 'robe', empower: 1 },
      { itemId: 'circlet', empower: 2 },
    ]);
    expect(sheet.classResources).toEqual({ Empower: { current: 3, max: 3 } });
    // A pool that already holds them (relics add to it) is kept as it is.
    const kept = normaliseSheet('coeac', {
      vestments: [{ itemId: 'robe' }],
      classResources: { empower: { current: 0, max: 3 } },
    });
    expect(kept.classResources).toEqual({ empower: { current: 0, max: 3 } });
    expect(normaliseSheet('coeac', {}).vestments).toBeUndefined();
  });

  it('refuses worn armour with vestments, a pool too small, and bad entries, naming the field', () => {
    expect(
      ruleError(() => normaliseSheet('coeac', { armor: { kind: 'light' }, vestments: [{ itemId: 'robe' }] }))
        .field,
    ).toBe('sheet.vestments');
    // A shield is carried, not worn.
    expect(
      normaliseSheet('coeac', { armor: { shield: true }, vestments: [{ itemId: 'robe' }] }).armor,
    ).toEqual({
      kind: 'none',
      shield: true,
      blockUses: 1,
      shieldBlockUses: 1,
    });
    expect(
      ruleError(() =>
        normaliseSheet('coeac', {
          vestments: [{ itemId: 'robe', empower: 2 }],
          classResources: { Empower: { max: 1 } },
        }),
      ).field,
    ).toBe('sheet.classResources.Empower.max');
    expect(
      ruleError(() => normaliseSheet('coeac', { vestments: [{ itemId: 'a' }, { itemId: 'a' }] })).field,
    ).toBe('sheet.vestments[1].itemId');
    expect(ruleError(() => normaliseSheet('coeac', { vestments: [{ itemId: 'a', empower: 6 }] })).field).toBe(
      'sheet.vestments[0].empower',
    );
    expect(ruleError(() => normaliseSheet('coeac', { vestments: [{ itemId: 'a', slots: 1 }] })).field).toBe(
      'sheet.vestments[0].slots',
    );
    expect(ruleError(() => normaliseSheet('coeac', { vestments: 'robe' })).field).toBe('sheet.vestments');
  });

  it('derives the Empower of the vestments still carried; the derived value is never stored', () => {
    const sheet = normaliseSheet('coeac', { vestments: [{ itemId: 'robe' }, { itemId: 'hat', empower: 2 }] });
    expect(deriveSheet('coeac', sheet, { inventoryItemIds: new Set(['robe', 'hat']) }).vestmentEmpower).toBe(
      3,
    );
    expect(deriveSheet('coeac', sheet, { inventoryItemIds: new Set(['hat']) }).vestmentEmpower).toBe(2);
    const view = deriveSheet('coeac', sheet, { inventoryItemIds: new Set() });
    expect(view.vestmentEmpower).toBe(0);
    expect(withoutDerived('coeac', view, sheet).vestmentEmpower).toBeUndefined();
  });
});
