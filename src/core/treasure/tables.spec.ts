import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ARTIFACT_TYPES,
  CACHES,
  CAIRN_SPELLS,
  CARRIER_SLOTS,
  DEFAULT_INVENTORY_SLOTS,
  GRADE_OFFSETS,
  RARE_ORGANS,
  levelTable,
  menuCut,
} from '.';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/treasure', name), 'utf8')) as T;

describe('treasure tables against their fixtures', () => {
  it('caches: nominal value and range of every difficulty', () => {
    const { rows } = fixture<{ rows: Array<Record<string, unknown>> }>('caches.json');
    expect(CACHES.map(({ difficulty, nominal, min, max }) => ({ difficulty, nominal, min, max }))).toEqual(
      rows,
    );
    for (const row of CACHES) expect(row.exampleDangers.length).toBeGreaterThan(0);
  });

  it('artifact types: every d10 face', () => {
    const { rows } = fixture<{ rows: Array<{ roll: number; type: string }> }>('artifact-types.json');
    const byFace = rows.map(({ roll }) => ({
      roll,
      type: ARTIFACT_TYPES.find((r) => r.min <= roll && roll <= r.max)?.type,
    }));
    expect(byFace).toEqual(rows);
  });

  it('monster menu: every roll 1–15, the Rare Organ d6 and the grade offsets', () => {
    const menu = fixture<{
      cuts: Array<{ roll: number; cut: string; empowerDice: number }>;
      rareOrgans: Array<{ roll: number; organ: string }>;
      gradeOffsets: Record<string, number>;
    }>('monster-menu.json');
    expect(
      menu.cuts.map(({ roll }) => ({ roll, cut: menuCut(roll).cut, empowerDice: menuCut(roll).empowerDice })),
    ).toEqual(menu.cuts);
    expect(RARE_ORGANS.map(({ roll, organ }) => ({ roll, organ }))).toEqual(menu.rareOrgans);
    expect(GRADE_OFFSETS).toEqual(menu.gradeOffsets);
    expect(() => menuCut(0)).toThrow();
    expect(() => menuCut(16)).toThrow();
  });

  it('Cairn spells: all 100 names in d100 order (T15: 1 Adhere, 50 Marble Craze, 88 Target Lure, 100 X-Ray Vision)', () => {
    const { rows } = fixture<{ rows: Array<{ roll: number; name: string }> }>('cairn-spells.json');
    expect(CAIRN_SPELLS.map((name, i) => ({ roll: i + 1, name }))).toEqual(rows);
    expect([CAIRN_SPELLS[0], CAIRN_SPELLS[49], CAIRN_SPELLS[87], CAIRN_SPELLS[99]]).toEqual([
      'Adhere',
      'Marble Craze',
      'Target Lure',
      'X-Ray Vision',
    ]);
  });

  it('G&M levels: the seed table to level 10, the formula beyond', () => {
    const { rows } = fixture<{ rows: Array<{ level: number; experience: number; mojoGained: number }> }>(
      'gm-levels.json',
    );
    const table = levelTable();
    expect(
      table.slice(0, 10).map(({ level, experience, mojoGained }) => ({ level, experience, mojoGained })),
    ).toEqual(rows);
    expect(table[10]).toEqual({ level: 11, experience: 55000, mojoGained: 21, inSeedTable: false });
  });

  it('carriers: base slots and the slots each carrier adds (T4: 2 porters + a mule = 24)', () => {
    const carriers = fixture<{ baseSlots: number; rows: Array<{ kind: string; slots: number }> }>(
      'carriers.json',
    );
    expect(DEFAULT_INVENTORY_SLOTS).toBe(carriers.baseSlots);
    expect(Object.entries(CARRIER_SLOTS).map(([kind, slots]) => ({ kind, slots }))).toEqual(carriers.rows);
  });
});
