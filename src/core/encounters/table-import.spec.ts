import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { scripted } from '../../../test/factories/dice';
import { RuleError } from '../errors';
import { encounterCheck } from './encounter-procedures';
import {
  drawTable,
  gapProbability,
  NOTHING_HAPPENS,
  validateTable,
  type TableDefinition,
} from './referee-table';
import {
  exportFoundry,
  importTable,
  importTables,
  stripHtml,
  SHAPES_READ,
  type ImportFormat,
} from './table-import';

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

describe('Foundry rich text as plain text', () => {
  it.each([
    ['<p>Roll <strong>twice</strong></p>', 'Roll twice'],
    ['one<br>two<br/>three', 'one\ntwo\nthree'],
    ['<p>first</p><p>second</p>', 'first\nsecond'],
    ['<ul><li>rope</li><li>torch</li></ul>', '- rope\n- torch'],
    ['You are &amp;Reference[Stunned].', 'You are Stunned.'],
    ['You are &Reference[poisoned]', 'You are poisoned'],
    ['&Reference[condition=grappled]', 'grappled'],
    ['&amp;Reference[blinded apply=false]{Blinded}', 'Blinded'],
    ['Now @UUID[Compendium.world.conditions.Item.aB3dE5fG7hJ9kL1m]{Slow}.', 'Now Slow.'],
    ['@UUID[Actor.Yp0cW4tR8uE2iO6q]', 'Yp0cW4tR8uE2iO6q'],
    ['A @Compendium[world.bestiary.Grave Eel]', 'A Grave Eel'],
    ['@Compendium[world.bestiary.Zq1Zq1Zq1Zq1Zq1Z]{Grave Eel}', 'Grave Eel'],
    ['@Item[Longsword] and @Actor[Yp0cW4tR8uE2iO6q]{the Warden}', 'Longsword and the Warden'],
    ['@JournalEntry[Lore]{the legend}', 'the legend'],
    ['It lasts [[/r 1d4]] rounds', 'It lasts 1d4 rounds'],
    ['[[/roll 2d6 # silver]] pennies', '2d6 pennies'],
    ['[[1d6+1]] rats', '1d6+1 rats'],
    ['[[/gmr 1d20]]{a secret roll}', 'a secret roll'],
    ['@Check[dex|dc:15]{DEX save}', 'DEX save'],
    ['@Check[dex|dc:15]', 'dex'],
    ['Take [[/r 2d6[fire]]] damage', 'Take 2d6 fire damage'],
    ['[[/r 2d6[fire]]]{2d6 fire damage}', '2d6 fire damage'],
    ['@Damage[2d6[fire]]', '2d6 fire'],
    ['[[/damage 1d8 cold]] and [[/check dex 15]]', '1d8 cold and dex 15'],
    [
      'Tom &amp; Jerry &lt;3 &quot;cheese&quot; &#39;n&#x27; crackers&hellip;',
      'Tom & Jerry <3 "cheese" \'n\' crackers…',
    ],
    ['a&nbsp;b &mdash; c', 'a b — c'],
    ['&lt;p&gt; stays text', '<p> stays text'],
    ['<script>alert(1)</script>safe', 'safe'],
  ])('%s → %s', (html, plain) => {
    expect(stripHtml(html)).toBe(plain);
  });

  it('reads a Foundry v11 export whose text results hold HTML and enrichers', () => {
    const t = importTable('foundry', sample('crypt-foundry-v11-html.json'));
    expect(t.entries.map((e) => e.text)).toEqual([
      'A drowned sexton shambles out; whoever it touches is Stunned until the end of their next turn.',
      'Cold water pours in. Everyone wading is Slow.\nIt drains after 1d4 rounds.',
      'A lantern-eyed Grave Eel coils in the niche; its bite leaves you poisoned',
      'Grave goods:\n- 2d6 silver pennies\n- a bone flute',
      'The Warden of Brine asks your names…\nand "why you\'re here" — answer or fight.',
    ]);
    expect(t.description).toBe('Roll when the party opens a sealed vault in the Sunken Crypt.');
    expect(t.entries.every((e) => !/[<>]|&[a-z]+;|@\w+\[|\[\[/.test(e.text))).toBe(true);
  });
});

describe('YAML and CSV shapes', () => {
  it('reads a system’s YAML RollTable source like its JSON, with or without the format', () => {
    for (const format of ['yaml', 'foundry', null] as const) {
      const t = importTable(format, sample('tomb-dressing-system.yaml'));
      expect(t).toMatchObject({
        name: 'Tomb dressing',
        formula: '1d8',
        description: 'Details for an empty tomb chamber.',
      });
      expect(t.entries.map((e) => [e.range, e.text])).toEqual([
        [[1, 2], 'Niches carved with weeping faces'],
        [[3, 5], 'Bone dust'],
        [[6, 7], 'A sealed urn: 1d6 rats inside.'],
        [[8, 8], 'Faded mural: "the king who would not lie down"'],
      ]);
    }
    const json = JSON.stringify(JSON.parse(sample('marsh-foundry-v11.json')));
    const { stringify } = jest.requireActual<typeof import('yaml')>('yaml');
    expect(importTable('yaml', stringify(JSON.parse(json)))).toEqual(importTable('foundry', json));
  });

  it('reads simple tables written in YAML', () => {
    const t = importTable(
      null,
      'name: Weather\nformula: 1d4\nresults:\n  - range: 1-3\n    text: Clear\n  - range: 4\n    text: Rain\n    kind: weather\n',
    );
    expect(t).toMatchObject({ name: 'Weather', formula: '1d4' });
    expect(t.entries).toEqual([
      { range: [1, 3], text: 'Clear' },
      { range: [4, 4], text: 'Rain', kind: 'weather' },
    ]);
  });

  it('reads comma-separated CSV with quoted fields: separators, doubled quotes and line breaks inside', () => {
    for (const format of ['csv', null] as const) {
      const t = importTable(format, sample('bazaar-comma.csv'));
      expect(t.formula).toBe('1d20');
      expect(t.entries).toEqual([
        { range: [1, 4], text: 'Spice sellers, arguing loudly', kind: 'people' },
        { range: [5, 8], text: 'A "blind" beggar who sees too much', kind: 'people' },
        { range: [9, 12], text: 'Caged birds that sing\nthe same three notes', kind: 'omen' },
        { range: [13, 16], text: 'Pickpockets', kind: 'people' },
        { range: [17, 20], text: 'A stall of brass lamps; one is warm', kind: 'site' },
      ]);
    }
  });

  it('reads semicolon-separated CSV (Windows line ends) like pipes', () => {
    const t = importTable('csv', sample('checkpoint-semicolon.csv'));
    expect(t.formula).toBe('1d6');
    expect(t.entries).toEqual([
      { range: [1, 3], text: 'Zöllner; misstrauisch', kind: 'people' },
      { range: [4, 5], text: 'Ein Karren mit zerbrochener Achse', kind: 'hazard' },
      { range: [6, 6], text: 'Der "Graue Mönch" am Wegkreuz', kind: 'people' },
    ]);
    // The same table with pipes reads the same.
    expect(
      importTable(
        'csv',
        '01-03|Zöllner; misstrauisch|people\n04-05|Ein Karren mit zerbrochener Achse|hazard\n06|Der "Graue Mönch" am Wegkreuz|people',
      ).entries,
    ).toEqual(t.entries);
  });

  it('answers a file in no shape it reads with a 400 naming content and the shapes it reads', () => {
    for (const [format, content] of [
      [null, 'these are just words\nwith no ranges'],
      [null, '{"title":"not a table"}'],
      [null, 'title: not a table\nrows: 3\n'],
      ['yaml', 'rows: [1, 2]\n'],
      ['json', '[{"name":"x"}]'],
    ] as const) {
      const error = ruleError(() => importTable(format, content));
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'content' });
      expect(error.message).toContain(SHAPES_READ);
    }
    expect(ruleError(() => importTable('yaml', 'a: [unclosed\n')).field).toBe('content');
    const json = ruleError(() => importTable(null, '{"name": "broken", "results": [}'));
    expect(json.field).toBe('content');
    expect(json.message).toContain('not JSON');
    expect(ruleError(() => importTable('csv', '1-3,"never closed\n4-6,b')).field).toBe('content');
  });
});

describe('several tables in one import', () => {
  it('links a Foundry document result naming a RollTable of the import; other links are text and warnings', () => {
    const { tables, warnings } = importTables(null, sample('hills-foundry-v12-linked.json'));
    expect(tables.map((t) => t.name)).toEqual(['Hill country encounters', 'Hill beasts']);
    expect(tables[0].links).toEqual([{ entry: 1, table: 1 }]);
    expect(tables[0].entries.map((e) => e.text)).toEqual([
      'Shepherds driving goats to the high pasture',
      'Hill beasts',
      'Old Tamsin the hermit',
      'Sudden hill weather',
    ]);
    expect(tables[1].entries[1].text).toBe('A boar, wounded and furious');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('results[2]');
    expect(warnings[0]).toContain('Actor.Hermit00000000001');
    expect(warnings[1]).toContain('results[3]');
    expect(warnings[1]).toContain('world.hill-weather.Weather0000000001');
  });

  it('links by uuid, by Foundry source key and by name, in a YAML stream of documents', () => {
    const stream = [
      'name: Crossroads',
      'formula: 1d4',
      'results:',
      '  - { type: document, name: Signpost, documentUuid: Compendium.mysys.tables.RollTable.SignPst000000001, range: [1, 2] }',
      '  - { type: pack, text: Travellers, documentCollection: mysys.tables, documentId: nope, range: [3, 3] }',
      '  - { type: document, name: A map, documentUuid: Item.Map0000000000001, range: [4, 4] }',
      '---',
      "_key: '!tables!SignPst000000001'",
      'name: Signpost',
      'formula: 1d2',
      'results:',
      '  - { type: text, text: North, range: [1, 1] }',
      '  - { type: text, text: South, range: [2, 2] }',
      '---',
      'name: Travellers',
      'formula: 1d2',
      'results:',
      '  - { type: 0, text: Pilgrims, range: [1, 1] }',
      '  - { type: 0, text: Tinkers, range: [2, 2] }',
    ].join('\n');
    const { tables, warnings } = importTables('yaml', stream);
    expect(tables).toHaveLength(3);
    expect(tables[0].links).toEqual([
      { entry: 0, table: 1 },
      { entry: 1, table: 2 },
    ]);
    expect(warnings).toEqual([expect.stringContaining('Item.Map0000000000001')]);
  });

  it('names the table of a multi-table file a faulty result belongs to', () => {
    const error = ruleError(() =>
      importTables(
        'foundry',
        JSON.stringify([
          { name: 'a', results: [{ text: 'x', range: [1, 2] }] },
          { name: 'b', results: [{ range: [1, 2] }] },
        ]),
      ),
    );
    expect(error.field).toBe('content');
    expect(error.message).toContain('Table 2 of 2');
  });
});

describe('gaps', () => {
  const fog = () => importTable('foundry', sample('fogbank-foundry-v10-gaps.json'));

  it('lists every gap and overlap at once in the errors', () => {
    const error = ruleError(() => validateTable(fog()));
    expect(error.code).toBe('UNPROCESSABLE');
    expect(error.errors).toEqual([
      { field: 'entries[1]', message: expect.stringContaining('No entry covers 4–6') },
      { field: 'entries[1]', message: expect.stringContaining('No entry covers 9–10') },
    ]);
    const mixed = ruleError(() =>
      validateTable({
        formula: '1d20',
        entries: [
          { range: [1, 5], text: 'a' },
          { range: [4, 8], text: 'b' },
          { range: [10, 12], text: 'c' },
          { range: [12, 15], text: 'd' },
          { range: [21, 22], text: 'e' },
        ],
      }),
    );
    expect(mixed.errors!.map((e) => [e.field, e.message.split(':')[0]])).toEqual([
      ['entries[4]', 'entries[4] covers 21–22, but 1d20 gives only 1–20.'],
      ['entries[1]', 'entries[1] (4–8) overlaps entries[0] (1–5).'],
      ['entries[3]', 'entries[3] (12–15) overlaps entries[2] (10–12).'],
      ['entries[2]', 'No entry covers 9'],
      ['entries[3]', 'No entry covers 16–20'],
    ]);
  });

  it('lets a table opt to read uncovered totals as nothing happens, with exact odds; overlaps stay refused', () => {
    const valid = validateTable({ ...fog(), allowGaps: true });
    expect(valid.probabilities).toEqual([3 / 10, 2 / 10]);
    expect(valid.nothingHappens).toBe(5 / 10);
    expect(
      ruleError(() =>
        validateTable({
          formula: '1d6',
          allowGaps: true,
          entries: [
            { range: [1, 3], text: 'a' },
            { range: [3, 4], text: 'b' },
          ],
        }),
      ).errors,
    ).toEqual([{ field: 'entries[1]', message: expect.stringContaining('overlaps') }]);
  });

  it('draws nothing happens on a gap, with the gap’s range and exact chance', () => {
    const valid = validateTable({ ...fog(), allowGaps: true });
    const table: TableDefinition = {
      id: 't',
      name: 'Fog',
      formula: valid.formula,
      entries: valid.entries,
      allowGaps: true,
    };
    expect(gapProbability(table)).toBe(0.5);
    const draw = drawTable({ table }, scripted(5));
    expect(draw).toMatchObject({
      roll: 5,
      entryIndex: null,
      nothingHappens: true,
      odds: { entry: 0.3, chain: 0.3 },
    });
    expect(draw.entry).toMatchObject({ range: [4, 6], text: NOTHING_HAPPENS });
    const tail = drawTable({ table }, scripted(10));
    expect(tail).toMatchObject({ entryIndex: null, odds: { entry: 0.2 } });
    expect(tail.entry.range).toEqual([9, 10]);
    const hit = drawTable({ table }, scripted(7));
    expect(hit).toMatchObject({ entryIndex: 1, odds: { entry: 0.2 } });
    expect('nothingHappens' in hit).toBe(false);
    // Without the flag the same snapshot refuses the roll rather than invent an entry.
    expect(ruleError(() => drawTable({ table: { ...table, allowGaps: undefined } }, scripted(5))).code).toBe(
      'UNPROCESSABLE',
    );
  });

  it('makes an encounter check that lands in a gap say nothing happens, and counts it in the odds', () => {
    const table: TableDefinition = {
      id: 't',
      name: 'Fog',
      formula: '1d4',
      allowGaps: true,
      entries: validateTable({
        formula: '1d4',
        allowGaps: true,
        entries: [
          { range: [1, 2], text: 'Smugglers', kind: 'people' },
          { range: [3, 3], text: 'A gull cries', kind: 'omen' },
        ],
      }).entries,
    };
    const check = encounterCheck({ scale: 'overland', table }, scripted(1, 4));
    expect(check).toMatchObject({
      checked: true,
      result: 'none',
      entry: { text: NOTHING_HAPPENS, entryIndex: null },
    });
    expect(check.odds.encounter).toBeCloseTo((2 / 6) * (2 / 4), 15);
    expect(check.odds.omen).toBeCloseTo((2 / 6) * (1 / 4), 15);
  });

  it('exports the flag and imports it back', () => {
    const valid = validateTable({ ...fog(), allowGaps: true });
    const doc = exportFoundry({
      id: 'x',
      name: 'Fog',
      formula: valid.formula,
      replacement: true,
      description: null,
      entries: valid.entries,
      area: null,
      scale: null,
      allowGaps: true,
    });
    expect(importTable('foundry', JSON.stringify(doc)).allowGaps).toBe(true);
    expect(importTable('foundry', sample('fogbank-foundry-v10-gaps.json')).allowGaps).toBeNull();
  });
});

describe('import fuzz', () => {
  it('answers any file in any format with tables or a rule error naming a field, never anything else', () => {
    const csvLine = fc
      .tuple(
        fc.integer({ min: -5, max: 120 }),
        fc.constantFrom('|', ',', ';'),
        fc.string({ maxLength: 12 }),
        fc.boolean(),
      )
      .map(([lo, sep, text, quoted]) => `${lo}${sep}${quoted ? `"${text.replace(/"/g, '""')}"` : text}`);
    const html = fc
      .array(
        fc.constantFrom(
          '<p>',
          '</p>',
          '<br>',
          '&amp;',
          '&Reference[x]',
          '@UUID[Item.a]{b}',
          '[[/r 1d4]]',
          '[[',
          '@X[',
          '&#0;',
          '&#xD800;',
          'word',
          ' ',
        ),
        { maxLength: 10 },
      )
      .map((parts) => parts.join(''));
    const foundryResult = fc.record({
      _id: fc.constantFrom('a', 'b', 'c'),
      type: fc.constantFrom(0, 1, 2, 'text', 'document', 'pack'),
      text: html,
      documentCollection: fc.constantFrom('RollTable', 'Actor', 'world.pack'),
      documentId: fc.constantFrom('a', 'b', 'x'),
      range: fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 })),
    });
    const foundryDoc = fc.record({
      _id: fc.constantFrom('a', 'b', 'c'),
      name: fc.constantFrom('a', 'b', 'c'),
      formula: fc.constantFrom('', '1d6', '1d8'),
      results: fc.array(foundryResult, { maxLength: 6 }),
    });
    const content = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 4 }),
      fc.array(csvLine, { maxLength: 8 }).map((lines) => lines.join('\n')),
      fc
        .array(foundryDoc, { minLength: 1, maxLength: 3 })
        .map((docs) => JSON.stringify(docs.length === 1 ? docs[0] : docs)),
      fc.array(foundryDoc, { minLength: 1, maxLength: 3 }).map((docs) => {
        const { stringify } = jest.requireActual<typeof import('yaml')>('yaml');
        return docs.map((d) => stringify(d)).join('---\n');
      }),
      fc.string({ maxLength: 60 }).map((s) => `a: &x [${s}]\nb: *x\n- ${s}`),
    );
    const formats = fc.constantFrom<ImportFormat | null>('foundry', 'json', 'yaml', 'csv', null);
    fc.assert(
      fc.property(formats, content, fc.boolean(), (format, text, allowGaps) => {
        try {
          const { tables } = importTables(format, text);
          for (const t of tables) {
            const valid = validateTable({ formula: t.formula, entries: t.entries, allowGaps });
            expect(sum(valid.probabilities) + valid.nothingHappens).toBeCloseTo(1, 12);
          }
        } catch (error) {
          expect(error).toBeInstanceOf(RuleError);
          expect(typeof (error as RuleError).field).toBe('string');
          expect(['VALIDATION_FAILED', 'UNPROCESSABLE']).toContain((error as RuleError).code);
        }
      }),
      { numRuns: 800 },
    );
  });
});
