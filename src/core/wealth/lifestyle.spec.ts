import { RuleError } from '../errors';
import { DEFAULT_LIFESTYLES, lifestyleFor, validateLifestyleMapping, type LifestyleGrade } from './lifestyle';

const copy = (): LifestyleGrade[] => DEFAULT_LIFESTYLES.map((grade) => ({ ...grade }));

describe(lifestyleFor.name, () => {
  it('maps every Wealth score 0 to 12 to one of the five default grades', () => {
    expect(Array.from({ length: 13 }, (_, wealth) => lifestyleFor(wealth).name)).toEqual([
      'Destitute',
      'Poor',
      'Poor',
      'Poor',
      'Modest',
      'Modest',
      'Modest',
      'Prosperous',
      'Prosperous',
      'Prosperous',
      'Opulent',
      'Opulent',
      'Opulent',
    ]);
  });

  it('calls the modestly wealthy Wealth 5 of the seed Modest', () => {
    expect(lifestyleFor(5)).toMatchObject({ grade: 3, name: 'Modest', minWealth: 4, maxWealth: 6 });
  });

  it('uses a campaign mapping when given one', () => {
    const mapping = copy().map((grade, index) => ({ ...grade, name: `Tier ${index + 1}` }));
    expect(lifestyleFor(0, mapping).name).toBe('Tier 1');
  });

  it('refuses Wealth outside 0 to 12', () => {
    expect(() => lifestyleFor(13)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'wealth' }),
    );
    expect(() => lifestyleFor(-1)).toThrow(RuleError);
  });
});

describe(validateLifestyleMapping.name, () => {
  it('accepts the default mapping', () => {
    expect(validateLifestyleMapping(copy())).toEqual(DEFAULT_LIFESTYLES);
  });

  it('accepts a mapping listed out of order and sorts it by grade', () => {
    expect(validateLifestyleMapping(copy().reverse())).toEqual(DEFAULT_LIFESTYLES);
  });

  const broken: Array<[string, (grades: LifestyleGrade[]) => unknown]> = [
    ['not a list', () => ({})],
    ['four grades', (grades) => grades.slice(0, 4)],
    ['six grades', (grades) => [...grades, { ...grades[4], grade: 6 }]],
    ['a gap at Wealth 4', (grades) => grades.map((g) => (g.grade === 3 ? { ...g, minWealth: 5 } : g))],
    ['an overlap at Wealth 3', (grades) => grades.map((g) => (g.grade === 3 ? { ...g, minWealth: 3 } : g))],
    [
      'a start above 0',
      (grades) => grades.map((g) => (g.grade === 1 ? { ...g, minWealth: 1, maxWealth: 1 } : g)),
    ],
    ['an end past 12', (grades) => grades.map((g) => (g.grade === 5 ? { ...g, maxWealth: 13 } : g))],
    ['an end before 12', (grades) => grades.map((g) => (g.grade === 5 ? { ...g, maxWealth: 11 } : g))],
    ['a repeated grade', (grades) => grades.map((g) => (g.grade === 5 ? { ...g, grade: 4 } : g))],
    ['a repeated name', (grades) => grades.map((g) => (g.grade === 2 ? { ...g, name: 'destitute' } : g))],
    ['a blank name', (grades) => grades.map((g) => (g.grade === 2 ? { ...g, name: ' ' } : g))],
    ['a fractional bound', (grades) => grades.map((g) => (g.grade === 2 ? { ...g, maxWealth: 3.5 } : g))],
    [
      'bounds the wrong way round',
      (grades) => grades.map((g) => (g.grade === 2 ? { ...g, minWealth: 4 } : g)),
    ],
    ['a null grade', (grades) => [null, ...grades.slice(1)]],
  ];

  it.each(broken)('refuses %s on field lifestyles', (_label, breakIt) => {
    expect(() => validateLifestyleMapping(breakIt(copy()))).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'lifestyles' }),
    );
  });
});
