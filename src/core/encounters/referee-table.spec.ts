import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import distancesFixture from '../../../test/fixtures/encounters/distances.json';
import dispositionsFixture from '../../../test/fixtures/encounters/morale-dispositions.json';
import scaleFixture from '../../../test/fixtures/encounters/scale-checks.json';
import { scripted } from '../../../test/factories/dice';
import { RuleError } from '../errors';
import { createRng, Dice } from '../random';
import { chase } from './chase';
import { encounterCheck } from './encounter-procedures';
import { DISTANCES, MORALE_DISPOSITIONS, type Scale } from './encounter-tables';
import {
  drawTable,
  entryProbabilities,
  formatTableFormula,
  formulaDistribution,
  kindProbability,
  parseTableFormula,
  rollFormula,
  validateTable,
  type TableDefinition,
  type TableEntryInput,
} from './referee-table';
import { exportFoundry, importTable, type ImportFormat } from './table-import';

const sample = (name: string) =>
  readFileSync(join(__dirname, '../../../test/fixtures/encounters/imports', name), 'utf8');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function ruleError(fn: () => unknown): RuleError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}

function table(
  formula: string,
  entries: TableEntryInput[],
  id: string | null = null,
  name = 't',
): TableDefinition {
  const valid = validateTable({ formula, entries });
  return { id, name, formula: valid.formula, entries: valid.entries };
}

/** Every roll of the formula's dice, face by face: the brute force the exact counts are checked against. */
function bruteForce(formula: string): Map<number, number> {
  const f = parseTableFormula(formula);
  const sides = f.kind === 'd66' ? [6, 6] : f.terms.flatMap((t) => Array<number>(t.count).fill(t.sides));
  const counts = new Map<number, number>();
  const faces = new Array<number>(sides.length).fill(1);
  for (;;) {
    const { total } = rollFormula(f, scripted(...faces));
    counts.set(total, (counts.get(total) ?? 0) + 1);
    let i = 0;
    while (i < faces.length && faces[i] === sides[i]) faces[i++] = 1;
    if (i === faces.length) break;
    faces[i]++;
  }
  return counts;
}

describe('fixed tables against their fixtures', () => {
  it('distances, our morale dispositions and the checks by scale', () => {
    expect(DISTANCES.map((d) => [d.roll, d.distance])).toEqual(distancesFixture.rows);
    expect(MORALE_DISPOSITIONS.map((d) => [d.disposition, d.rating])).toEqual(dispositionsFixture.rows);
    for (const row of scaleFixture.rows) {
      const outcome = encounterCheck({ scale: row.scale as Scale }, new Dice(createRng('f')));
      expect(outcome.odds.encounter).toBe(row.encounter);
      expect(outcome.odds.omen).toBe(row.omen);
      expect(outcome.checked).toBe(row.sides !== null);
    }
  });
});

describe('table formulas', () => {
  it('reads dice, sums and d66, and writes them back canonically', () => {
    expect(formatTableFormula(parseTableFormula('d8'))).toBe('1d8');
    expect(formatTableFormula(parseTableFormula(' 2D6 '))).toBe('2d6');
    expect(formatTableFormula(parseTableFormula('1d6 + 1d4 + 2'))).toBe('1d6+1d4+2');
    expect(formatTableFormula(parseTableFormula('1d100-1'))).toBe('1d100-1');
    expect(parseTableFormula('d66')).toEqual({ kind: 'd66' });
  });

  it('refuses what is not a formula, naming the field', () => {
    for (const bad of ['', 'd', '2d1', '1d6*2', '101d6', '1d1001', 'players', '-1d6', '1d6+x']) {
      expect(ruleError(() => parseTableFormula(bad)).field).toBe('formula');
    }
  });

  it.each(['1d6', '2d6', '3d4', '1d4+1d6', '2d6+3', 'd66', '1d20', '4d3'])(
    'counts the ways of %s exactly as brute force does',
    (formula) => {
      const d = formulaDistribution(parseTableFormula(formula));
      const brute = bruteForce(formula);
      expect(Number(d.outcomes)).toBe(sum([...brute.values()]));
      for (let t = d.min; t <= d.max; t++) expect(Number(d.ways[t - d.min])).toBe(brute.get(t) ?? 0);
    },
  );
});

describe('validateTable', () => {
  it('gives each entry its exact probability (2d6: 1/36 … 6/36)', () => {
    const valid = validateTable({
      formula: '2d6',
      entries: [
        { range: [2, 2], text: 'a' },
        { range: [3, 6], text: 'b' },
        { range: [7, 7], text: 'c' },
        { range: [8, 11], text: 'd' },
        { range: [12], text: 'e' },
      ],
    });
    expect(valid.probabilities).toEqual([1 / 36, 14 / 36, 6 / 36, 14 / 36, 1 / 36]);
    expect(valid.entries[4].range).toEqual([12, 12]);
  });

  it('has probabilities summing to 1 for any partition of any formula’s totals', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('1d6', '2d6', '1d20', '3d6', '1d100', '1d4+1d8', 'd66'),
        fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 12 }),
        (formula, cuts) => {
          const d = formulaDistribution(parseTableFormula(formula));
          const points = [...new Set(cuts.map((c) => d.min + (c % (d.max - d.min + 1))))]
            .filter((p) => p > d.min)
            .sort((a, b) => a - b);
          const bounds = [d.min, ...points, d.max + 1];
          const entries = bounds.slice(1).map((end, i) => ({ range: [bounds[i], end - 1], text: `e${i}` }));
          let valid: ReturnType<typeof validateTable>;
          try {
            valid = validateTable({ formula, entries });
          } catch (error) {
            // d66 partitions may leave an entry on totals that cannot come up (17–20, …): refused by name.
            expect(formula).toBe('d66');
            expect((error as RuleError).field).toMatch(/^entries\[\d+\]$/);
            return;
          }
          expect(sum(valid.probabilities)).toBeCloseTo(1, 12);
          valid.probabilities.forEach((p) => expect(p).toBeGreaterThan(0));
        },
      ),
    );
  });

  it('refuses a gap or an overlap naming the faulty entry', () => {
    const gap = ruleError(() =>
      validateTable({
        formula: '1d6',
        entries: [
          { range: [1, 2], text: 'a' },
          { range: [4, 6], text: 'b' },
        ],
      }),
    );
    expect(gap).toMatchObject({ code: 'UNPROCESSABLE', field: 'entries[1]' });
    expect(gap.message).toContain('3');
    const overlap = ruleError(() =>
      validateTable({
        formula: '1d6',
        entries: [
          { range: [1, 3], text: 'a' },
          { range: [5, 6], text: 'c' },
          { range: [3, 4], text: 'b' },
        ],
      }),
    );
    expect(overlap).toMatchObject({ code: 'UNPROCESSABLE', field: 'entries[2]' });
    const tail = ruleError(() => validateTable({ formula: '1d6', entries: [{ range: [1, 5], text: 'a' }] }));
    expect(tail).toMatchObject({ field: 'entries[0]' });
    expect(tail.message).toContain('6');
    const outside = ruleError(() =>
      validateTable({
        formula: '2d6',
        entries: [
          { range: [1, 6], text: 'a' },
          { range: [7, 12], text: 'b' },
        ],
      }),
    );
    expect(outside.field).toBe('entries[0]');
  });

  it('reads d66 tables, where 17–20 cannot come up', () => {
    const entries = [1, 2, 3, 4, 5, 6].map((tens) => ({
      range: [tens * 10 + 1, tens * 10 + 6],
      text: `${tens}`,
    }));
    expect(validateTable({ formula: 'd66', entries }).probabilities).toEqual(Array(6).fill(1 / 6));
    const spanning = [{ range: [11, 26], text: 'x' }, ...entries.slice(2)];
    expect(sum(validateTable({ formula: 'd66', entries: spanning }).probabilities)).toBeCloseTo(1, 12);
  });

  it('turns weights into ranges on 1dW and refuses a formula the weights do not make', () => {
    const valid = validateTable({
      entries: [
        { weight: 3, text: 'a' },
        { weight: 1, text: 'b' },
        { weight: 2, text: 'c' },
      ],
    });
    expect(valid.formula).toBe('1d6');
    expect(valid.entries.map((e) => e.range)).toEqual([
      [1, 3],
      [4, 4],
      [5, 6],
    ]);
    expect(valid.probabilities).toEqual([3 / 6, 1 / 6, 2 / 6]);
    expect(
      ruleError(() =>
        validateTable({
          formula: '1d8',
          entries: [
            { weight: 3, text: 'a' },
            { weight: 3, text: 'b' },
          ],
        }),
      ).field,
    ).toBe('formula');
    expect(
      ruleError(() =>
        validateTable({
          formula: '1d6',
          entries: [
            { weight: 3, text: 'a' },
            { range: [4, 6], text: 'b' },
          ],
        }),
      ).field,
    ).toBe('entries[1]');
  });

  it('checks each entry’s fields, naming them', () => {
    const base = { range: [1, 6], text: 'x' };
    const field = (extra: Partial<TableEntryInput>) =>
      ruleError(() => validateTable({ formula: '1d6', entries: [{ ...base, ...extra } as TableEntryInput] }))
        .field;
    expect(field({ text: '' })).toBe('entries[0].text');
    expect(field({ kind: 'Not A Kind' })).toBe('entries[0].kind');
    expect(field({ numberAppearing: '2 +* players' })).toBe('entries[0].numberAppearing');
    expect(field({ grade: 'epic' })).toBe('entries[0].grade');
    expect(field({ tag: 'elite' })).toBe('entries[0].tag');
  });
});

describe('drawTable', () => {
  const beasts = table(
    '1d4',
    [
      { range: [1, 3], text: 'wolves', kind: 'beasts', numberAppearing: '2d4' },
      { range: [4, 4], text: 'a bear', kind: 'beasts', grade: 'major' },
    ],
    'beasts',
  );
  const top = table(
    '1d6',
    [
      { range: [1, 2], text: 'people', kind: 'people' },
      { range: [3, 5], text: 'beasts', subtableId: 'beasts' },
      { range: [6, 6], text: 'omen', kind: 'omen' },
    ],
    'top',
  );

  it('follows a subtable and multiplies the chances along the path', () => {
    const draw = drawTable({ table: top, subtables: { beasts } }, scripted(4, 4));
    expect(draw).toMatchObject({ roll: 4, entryIndex: 1, faces: [4] });
    expect(draw.subdraws).toHaveLength(1);
    expect(draw.subdraws[0]).toMatchObject({ tableId: 'beasts', depth: 2, roll: 4, entryIndex: 1 });
    expect(draw.odds).toEqual({ entry: 3 / 6, chain: (3 / 6) * (1 / 4) });
  });

  it('lands on each entry as often as its probability says (all 2d6 rolls)', () => {
    const t = table('2d6', [
      { range: [2, 4], text: 'a' },
      { range: [5, 9], text: 'b' },
      { range: [10, 12], text: 'c' },
    ]);
    const hits = [0, 0, 0];
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) hits[drawTable({ table: t }, scripted(a, b)).entryIndex!]++;
    expect(hits.map((h) => h / 36)).toEqual(entryProbabilities(t));
  });

  it('stops past five levels of subtables', () => {
    const chain: Record<string, TableDefinition> = {};
    for (let i = 0; i < 7; i++) {
      chain[`t${i}`] = table(
        '1d2',
        [{ range: [1, 2], text: `level ${i}`, subtableId: i < 6 ? `t${i + 1}` : null }],
        `t${i}`,
      );
    }
    const fourDeep = drawTable({ table: chain.t2, subtables: chain }, new Dice(createRng('x')));
    expect(fourDeep.subdraws).toHaveLength(4);
    expect(
      ruleError(() => drawTable({ table: chain.t0, subtables: chain }, new Dice(createRng('x')))).code,
    ).toBe('UNPROCESSABLE');
  });

  it('tells the chance of each kind, through subtables', () => {
    expect(kindProbability(top, { beasts }, 'omen')).toBe(1 / 6);
    expect(kindProbability(top, { beasts }, 'beasts')).toBe(3 / 6);
    expect(kindProbability(top, { beasts }, 'people')).toBe(2 / 6);
  });
});

describe('encounterCheck with an area table', () => {
  const marsh = table(
    '1d6',
    [
      { range: [1, 2], text: 'eel-herders', kind: 'people', numberAppearing: '1d4+players' },
      {
        range: [3, 3],
        text: 'giant leech',
        kind: 'beasts',
        numberAppearing: '2',
        grade: 'moderate',
        tag: 'elite',
      },
      { range: [4, 4], text: 'wisps', kind: 'omen' },
      { range: [5, 6], text: 'sinking mud', kind: 'hazard', reaction: false },
    ],
    'marsh',
  );

  it('takes overland omens from the table, with odds from it', () => {
    const omen = encounterCheck({ scale: 'overland', table: marsh }, scripted(1, 4));
    expect(omen).toMatchObject({
      result: 'omen',
      roll: 1,
      entry: { text: 'wisps', kind: 'omen' },
      numberAppearing: null,
    });
    expect(omen.odds).toMatchObject({ encounter: (2 / 6) * (5 / 6), omen: (2 / 6) * (1 / 6), entry: 1 / 6 });
    const exploration = encounterCheck({ scale: 'exploration', table: marsh }, scripted(2));
    expect(exploration).toMatchObject({ result: 'omen', entry: null });
    expect(exploration.odds.omen).toBeCloseTo(1 / 6 + (1 / 6) * (1 / 6), 15);
    expect(exploration.odds.encounter + exploration.odds.omen).toBeLessThanOrEqual(1);
  });

  it('gives the adversary’s numbers for a graded entry, and a reaction for people only', () => {
    // check 2, entry 3 (leech), site 1, recurring 6, distance 3
    const leech = encounterCheck({ scale: 'overland', table: marsh, players: 4 }, scripted(2, 3, 1, 6, 3));
    expect(leech).toMatchObject({
      result: 'encounter',
      numberAppearing: { expression: '2', count: 2 },
      siteTied: true,
      recurring: false,
      reaction: null,
      adversary: { grade: 'moderate', tag: 'elite', pool: 6, hp: 12, count: 2, totalHp: 24 },
    });
    expect(leech.odds).toMatchObject({
      entry: 1 / 6,
      distance: 1 / 6,
      reaction: null,
      recurringMember: null,
    });
    // check 1, entry 1 (people), 1d4 → 2, site 5, recurring 1 → cast lot 2 of 3, distance 6, reaction 5
    const people = encounterCheck(
      {
        scale: 'overland',
        table: marsh,
        players: 3,
        recurringCast: [
          { id: 'a', name: 'Old Morag' },
          { id: 'b', name: 'The Heron Knight' },
          { id: 'c', name: 'Gristle' },
        ],
      },
      scripted(1, 1, 2, 5, 1, 2, 6, 5),
    );
    expect(people).toMatchObject({
      numberAppearing: { count: 5, min: 4, max: 7 },
      recurring: true,
      recurringMember: { id: 'b', name: 'The Heron Knight' },
      distance: { roll: 6 },
      reaction: { roll: 5, reaction: 'diplomatic' },
    });
    expect(people.odds).toMatchObject({ recurringMember: 1 / 3, reaction: 1 / 6 });
  });

  it('has encounter and omen odds that brute force over the check die and the table give', () => {
    for (const scale of ['overland', 'exploration', 'water'] as Scale[]) {
      const sides = scale === 'water' ? 8 : 6;
      let encounter = 0;
      let omen = 0;
      for (let check = 1; check <= sides; check++) {
        for (let face = 1; face <= 6; face++) {
          const r = encounterCheck(
            { scale, table: marsh },
            scripted(check, face, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
          );
          if (r.result === 'encounter') encounter++;
          if (r.result === 'omen') omen++;
        }
      }
      const o = encounterCheck({ scale, table: marsh }, scripted(sides)).odds;
      expect(o.encounter).toBeCloseTo(encounter / (sides * 6), 15);
      expect(o.omen).toBeCloseTo(omen / (sides * 6), 15);
    }
  });
});

describe('importers', () => {
  const load = (format: ImportFormat, file: string) => {
    const imported = importTable(format, sample(file));
    const valid = validateTable({ formula: imported.formula, entries: imported.entries });
    return { imported, valid };
  };

  it('reads a Foundry v11 export with our flags', () => {
    const { imported, valid } = load('foundry', 'marsh-foundry-v11.json');
    expect(imported).toMatchObject({
      name: 'Marsh encounters (overland)',
      formula: '1d6',
      replacement: true,
    });
    expect(imported.description).toBe('Rolled once a watch in the Blackwater marsh.');
    expect(valid.entries.map((e) => [e.range, e.kind])).toEqual([
      [[1, 2], 'people'],
      [[3, 3], 'beasts'],
      [[4, 4], 'omen'],
      [[5, 5], null],
      [[6, 6], null],
    ]);
    expect(valid.entries[1]).toMatchObject({ grade: 'moderate', numberAppearing: '1' });
    expect(valid.probabilities).toEqual([2 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6]);
  });

  it('reads a newer Foundry export (name and HTML description, no formula)', () => {
    const { imported, valid } = load('foundry', 'rumours-foundry-v13.json');
    expect(imported).toMatchObject({ formula: '1d8', replacement: false });
    expect(valid.entries.map((e) => e.text)).toEqual([
      'The miller’s daughter saw lights in the old barrow.'.replace('’', "'"),
      'Toll bridge',
      'Old Morag',
      'A caravan is overdue\nand its guards were paid in advance.',
    ]);
  });

  it('reads simple JSON with ranges in every spelling, and plain strings spread evenly', () => {
    const { valid } = load('json', 'ruins-simple.json');
    expect(valid.formula).toBe('2d6');
    expect(valid.entries[0]).toMatchObject({ grade: 'major', tag: 'elite', numberAppearing: '1+players/2' });
    expect(valid.entries[4]).toMatchObject({ range: [11, 11], reaction: true });
    const plain = load('json', 'weather-plain.json');
    expect(plain.valid.entries.map((e) => e.range)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
      [11, 12],
    ]);
    expect(ruleError(() => importTable('json', '{"formula":"1d10","results":["a","b","c"]}')).field).toBe(
      'formula',
    );
    expect(importTable('json', '{"results":["a","b","c"]}').formula).toBe('1d3');
  });

  it('reads pipe-separated CSV: a header with the formula, 00 as 100, escaped pipes', () => {
    const { valid } = load('csv', 'backpack-contents.csv');
    expect(valid.formula).toBe('1d100');
    expect(valid.entries.map((e) => e.range)).toEqual([
      [1, 4],
      [5, 30],
      [31, 60],
      [61, 90],
      [91, 99],
      [100, 100],
    ]);
    expect(valid.entries[5].text).toBe('A sealed letter | addressed to the reader');
    expect(valid.probabilities[0]).toBe(4 / 100);
  });

  it('reads a multi-line CSV: continuation lines join the text and may carry the columns', () => {
    const { valid } = load('csv', 'forest-multiline.csv');
    expect(valid.formula).toBe('1d6');
    expect(valid.entries[0]).toMatchObject({
      text: 'Charcoal burners\nThey offer shelter for a story.\nTheir dog growls at strangers.',
      kind: 'people',
      numberAppearing: '1d6',
    });
    expect(valid.entries[2]).toMatchObject({ grade: 'severe', tag: 'legendary' });
    expect(valid.entries[3]).toMatchObject({
      text: 'Broken cart and spilt grain\n(tracks lead north)',
      kind: 'omen',
    });
  });

  it('reads files that start with a byte-order mark, in every format', () => {
    for (const [format, file] of [
      ['foundry', 'marsh-foundry-v11.json'],
      ['json', 'ruins-simple.json'],
      ['csv', 'forest-multiline.csv'],
    ] as const) {
      expect(importTable(format, `\uFEFF${sample(file)}`)).toEqual(importTable(format, sample(file)));
    }
    expect(ruleError(() => importTable('csv', '\uFEFF  ')).field).toBe('content');
  });

  it('refuses files it cannot read, naming content', () => {
    expect(ruleError(() => importTable('foundry', '{not json')).field).toBe('content');
    expect(ruleError(() => importTable('foundry', '{"name":"x","results":[{"text":"a"}]}')).field).toBe(
      'content',
    );
    expect(ruleError(() => importTable('csv', 'just a header\nand then words')).field).toBe('content');
    expect(ruleError(() => importTable('csv', '   ')).field).toBe('content');
  });

  it('answers any file with a valid table or a rule error naming a field, never anything else', () => {
    const csvLine = fc
      .tuple(
        fc.integer({ min: -5, max: 120 }),
        fc.integer({ min: -5, max: 120 }),
        fc.string({ maxLength: 12 }),
      )
      .map(([lo, hi, text]) => `${lo}-${hi}|${text}`);
    const content = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 4 }),
      fc.array(csvLine, { maxLength: 8 }).map((lines) => lines.join('\n')),
      fc
        .array(
          fc.record({
            range: fc.tuple(fc.integer({ min: -3, max: 30 }), fc.integer({ min: -3, max: 30 })),
            text: fc.string({ maxLength: 10 }),
            weight: fc.integer({ min: -2, max: 5 }),
          }),
          { maxLength: 8 },
        )
        .chain((results) =>
          fc
            .constantFrom('', '1d6', '2d6', 'd66', 'x')
            .map((formula) => JSON.stringify({ name: 'n', formula, results })),
        ),
    );
    fc.assert(
      fc.property(fc.constantFrom<ImportFormat>('foundry', 'json', 'csv'), content, (format, text) => {
        try {
          const imported = importTable(format, text);
          const valid = validateTable({ formula: imported.formula, entries: imported.entries });
          expect(sum(valid.probabilities)).toBeCloseTo(1, 12);
        } catch (error) {
          expect(error).toBeInstanceOf(RuleError);
          expect(typeof (error as RuleError).field).toBe('string');
          expect(['VALIDATION_FAILED', 'UNPROCESSABLE']).toContain((error as RuleError).code);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('exports to Foundry and imports the export back to the same table', () => {
    for (const [format, file] of [
      ['foundry', 'marsh-foundry-v11.json'],
      ['json', 'ruins-simple.json'],
      ['csv', 'forest-multiline.csv'],
      ['csv', 'backpack-contents.csv'],
    ] as [ImportFormat, string][]) {
      const { valid } = load(format, file);
      const doc = exportFoundry({
        id: 'x',
        name: 'n',
        formula: valid.formula,
        replacement: true,
        description: null,
        entries: valid.entries,
        area: null,
        scale: null,
      });
      const again = importTable('foundry', JSON.stringify(doc));
      const revalidated = validateTable({ formula: again.formula, entries: again.entries });
      expect(revalidated.formula).toBe(valid.formula);
      expect(revalidated.entries).toEqual(valid.entries.map((e) => ({ ...e, weight: null })));
    }
  });
});

describe('chase (G&M)', () => {
  const side = (agility: number, movement: number) => ({ agility, movement });

  it('gives the faster side +1 per full 3 points of movement (13 v 10: +1; 16 v 10: +2)', () => {
    const dice = () => new Dice(createRng('c'));
    expect(chase({ quarry: side(10, 10), chaser: side(10, 13) }, dice()).movementBonus).toEqual({
      side: 'chaser',
      bonus: 1,
    });
    expect(chase({ quarry: side(10, 10), chaser: side(10, 16) }, dice())).toMatchObject({
      movementBonus: { side: 'chaser', bonus: 2 },
      targets: { quarry: 10, chaser: 12 },
    });
    expect(chase({ quarry: side(10, 12), chaser: side(10, 10) }, dice()).movementBonus).toEqual({
      side: null,
      bonus: 0,
    });
  });

  it('ends when one side alone succeeds, goes on when both fail, with odds summing to 1', () => {
    expect(chase({ quarry: side(10, 10), chaser: side(10, 10) }, scripted(5, 15)).result).toBe('escaped');
    expect(chase({ quarry: side(10, 10), chaser: side(10, 10) }, scripted(15, 5)).result).toBe('caught');
    expect(chase({ quarry: side(10, 10), chaser: side(10, 10) }, scripted(15, 15)).result).toBe('continues');
    const again = chase({ quarry: side(10, 10), chaser: side(10, 10) }, scripted(3, 3, 4, 20));
    expect(again).toMatchObject({ result: 'escaped', faces: [3, 3, 4, 20] });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 20 }),
        (a, b, m) => {
          const o = chase(
            { quarry: side(a, m), chaser: side(b, 10) },
            new Dice(createRng(`${a}-${b}-${m}`)),
          ).odds;
          expect(o.escaped + o.caught + o.continues).toBeCloseTo(1, 12);
        },
      ),
    );
  });

  it('refuses a side without agility or movement, naming it', () => {
    expect(
      ruleError(() => chase({ quarry: side(10, 10), chaser: { agility: 10 } as never }, scripted())).field,
    ).toBe('chaser.movement');
  });
});
