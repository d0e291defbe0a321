import fc from 'fast-check';
import golden from '../../../test/fixtures/advancement/gm-study-golden.json';
import { gmStudy, mojoBonusRow, MOJO_BONUS_TABLE, type StudyInput } from './gm-study';

describe('G&M study (001:1008–1074)', () => {
  it.each(golden.mojoBonusTable.map((r) => [r.total, r] as const))(
    'a total of %i reads its row',
    (total, r) => {
      const row = MOJO_BONUS_TABLE[mojoBonusRow(total) - 1];
      expect({ mojo: row.mojo, everyPeriods: row.everyPeriods }).toEqual({
        mojo: r.mojo,
        everyPeriods: r.everyPeriods,
      });
    },
  );

  it.each(golden.cases.map((c) => [c.note, c] as const))('%s', (_note, c) => {
    expect(gmStudy(c.input as StudyInput)).toMatchObject(c.expect);
  });

  it('intelligence shifts the row by its major contributor when a resource is used', () => {
    const r = gmStudy({ mode: 'normal', intelligence: 15, resources: [{ type: 'general-book', level: 5 }] });
    expect(r).toMatchObject({
      row: 3,
      intelligenceShift: 2,
      shiftedRow: 5,
      bonus: { mojo: 2, everyPeriods: 1 },
    });
    expect(gmStudy({ mode: 'normal', intelligence: 15 })).toMatchObject({
      intelligenceShift: 0,
      bonus: null,
    });
  });

  it('prices each mode and adds fees on the resource mojo', () => {
    const r = gmStudy({
      mode: 'free-time',
      periods: 4,
      projects: 3,
      feePerMojo: 2,
      resources: [{ type: 'general-book', level: 2 }],
    });
    expect(r).toMatchObject({
      baseMojo: 12,
      resourceMojo: 1,
      totalMojo: 13,
      studySilver: 26,
      fees: 2,
      silver: 28,
      daysOffAllowed: 78,
    });
  });

  it('names the field at fault', () => {
    expect(() => gmStudy({ mode: 'intensive' })).toThrow(expect.objectContaining({ field: 'resources' }));
    expect(() => gmStudy({ mode: 'normal', projects: 2 })).toThrow(
      expect.objectContaining({ field: 'projects' }),
    );
    expect(() => gmStudy({ mode: 'normal', resources: [{ type: 'immersion' }] })).toThrow(
      expect.objectContaining({ field: 'charisma' }),
    );
    expect(() =>
      gmStudy({ mode: 'intensive', wisdom: 9, periods: 3, resources: [{ type: 'tutor', level: 2 }] }),
    ).toThrow(expect.objectContaining({ field: 'periods' }));
    expect(() => gmStudy({ mode: 'normal', resources: [{ type: 'general-book', level: 8 }] })).toThrow(
      expect.objectContaining({ field: 'resources.0.level' }),
    );
  });

  it('resources never give more than their total, and more periods never give less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 3, max: 25 }),
        (level, studentBonus, periods, intelligence) => {
          const input: StudyInput = {
            mode: 'normal',
            studentBonus,
            intelligence,
            periods,
            resources: [{ type: 'school', level }],
          };
          const r = gmStudy(input);
          expect(r.resourceMojo).toBeLessThanOrEqual(r.combinedTotal);
          expect(gmStudy({ ...input, periods: periods + 1 }).totalMojo).toBeGreaterThan(r.totalMojo);
        },
      ),
    );
  });
});
