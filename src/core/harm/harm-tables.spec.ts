import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scripted } from '../../../test/factories/dice';
import { ARCHSOUL_STATUS_TABLE } from './archsoul-condition';
import { CAIRN_SCARS, rollScar } from './cairn-scars';
import { COEAC_ARMOR } from './coeac-damage';
import { DOWN_AND_OUT_RESULTS, DOWN_AND_OUT_TABLE, downAndOutOdds } from './coeac-down-and-out';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/harm', name), 'utf8')) as T;

describe('harm tables against their fixtures', () => {
  describe('COEAC Down and Out', () => {
    const file = fixture<{
      rows: { roll: number; result: string; name: string; ways: number }[];
      oddsIn36ths: Record<string, number>;
    }>('coeac-down-and-out.json');

    it('has the eleven rows of the seed', () => {
      expect(DOWN_AND_OUT_TABLE.map(({ roll, result, name }) => ({ roll, result, name }))).toEqual(
        file.rows.map(({ roll, result, name }) => ({ roll, result, name })),
      );
    });

    it('gives exact odds that sum to exactly 1, death 8/36', () => {
      const odds = downAndOutOdds();
      for (const result of DOWN_AND_OUT_RESULTS) expect(odds[result]).toBe(file.oddsIn36ths[result] / 36);
      expect(Object.values(file.oddsIn36ths).reduce((a, b) => a + b, 0)).toBe(36);
      expect(odds.death).toBe(8 / 36);
      const total = Object.values(odds).reduce((a, b) => a + b, 0);
      expect(Math.abs(total - 1)).toBeLessThan(1e-15);
    });

    it('words every effect shorter than a line', () => {
      for (const row of DOWN_AND_OUT_TABLE) expect(row.effect.length).toBeLessThan(90);
    });
  });

  describe('Cairn scars', () => {
    const file = fixture<{
      rows: { entry: number; name: string; followUps: [string, string, string][]; conditions?: string[] }[];
      places: string[];
      limbs: string[];
      attributes: string[];
    }>('cairn-scars.json');

    it('has the twelve entries with their names', () => {
      expect(CAIRN_SCARS.map(({ entry, name }) => ({ entry, name }))).toEqual(
        file.rows.map(({ entry, name }) => ({ entry, name })),
      );
    });

    it.each(file.rows.map((row) => [row.entry, row] as const))(
      'entry %i makes its follow-up rolls in order, each marked with its timing',
      (entry, row) => {
        // Every die shows 3 (a WIL save of 3 against WIL 10 passes, so the max-WIL roll follows).
        const dice = scripted(...new Array<number>(10).fill(3));
        const scar = rollScar(entry, { maxHp: 4, str: 10, dex: 10, wil: 10, maxDex: 12, maxWil: 12 }, dice);
        const seen = scar.followUps.slice(0, row.followUps.length).map((f) => [f.name, f.roll, f.timing]);
        const expected = row.followUps.map(([name, roll, timing]) => [
          name === '*' ? seen[1]?.[0] : name,
          roll,
          timing,
        ]);
        expect(seen).toEqual(expected);
        expect(scar.conditions).toEqual(expect.arrayContaining(row.conditions ?? []));
        for (const follow of scar.followUps) {
          const total = Object.values(follow.odds).reduce((a, b) => a + b, 0);
          if (Object.keys(follow.odds).length > 0) expect(Math.abs(total - 1)).toBeLessThan(1e-12);
        }
      },
    );

    it('reads the places, limbs and attributes from a d6', () => {
      for (let face = 1; face <= 6; face++) {
        expect(rollScar(1, { str: 10 }, scripted(face, 1)).followUps[0].result).toBe(file.places[face - 1]);
        expect(rollScar(4, { str: 10 }, scripted(face, 1, 1)).followUps[0].result).toBe(file.limbs[face - 1]);
        expect(rollScar(6, { str: 10 }, scripted(face, 1, 1, 1)).followUps[0].result).toBe(
          file.attributes[face - 1],
        );
      }
    });

    it('takes a higher roll as the new max HP, and leaves a lower one', () => {
      const higher = rollScar(2, { maxHp: 3, str: 10 }, scripted(5));
      expect(higher.followUps[0].change).toEqual({ field: 'maxHp', delta: 2, after: 5 });
      expect(higher.followUps[0].odds).toEqual({ higher: 3 / 6, notHigher: 3 / 6 });
      expect(rollScar(2, { maxHp: 6, str: 10 }, scripted(5)).followUps[0].change).toBeNull();
    });

    it('makes a Mortal Wound’s 2d6 the new max HP, even lower', () => {
      const scar = rollScar(11, { maxHp: 9, str: 10 }, scripted(1, 2));
      expect(scar.followUps[0]).toMatchObject({
        total: 3,
        timing: 'after-recovery',
        change: { field: 'maxHp', delta: -6, after: 3 },
      });
    });

    it('reads losses above 12 as entry 12 and words effects in short lines', () => {
      expect(rollScar(15, { str: 10 }, scripted()).entry).toBe(12);
      for (const scar of CAIRN_SCARS) expect(scar.effect.length).toBeLessThan(110);
    });
  });

  it('COEAC armour kinds match their fixture', () => {
    const file = fixture<{ rows: Record<string, unknown>[] }>('coeac-armor.json');
    expect(
      COEAC_ARMOR.map(({ kind, block, usesPerDay, slots, penaltyDice }) => ({
        kind,
        block,
        usesPerDay,
        slots,
        penaltyDice,
      })),
    ).toEqual(file.rows);
  });

  it('Archsoul statuses match their fixture', () => {
    const file = fixture<{ rows: Record<string, unknown>[] }>('archsoul-statuses.json');
    expect(
      ARCHSOUL_STATUS_TABLE.map(({ status, name, meleeDifficulty, speed }) => ({
        status,
        name,
        meleeDifficulty,
        speed,
      })),
    ).toEqual(file.rows);
  });
});
