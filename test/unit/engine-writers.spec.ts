import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * Issue 39: what harm does to a stored character is decided by its system's one transition
 * (`harm.sheet-damage` in src/core/harm/campaign.ts, written by SheetHarmService), never by the route
 * that caused it. This test reads the service code (everything under src/ but the pure core and the
 * tests) for the sheet paths harm owns and fails when a file outside the list below names one: a
 * module that wants to hurt a character hands its loss to SheetHarmService.applyDamage instead.
 * Each file that may still name such a path says why; a known gap is listed as one.
 */
const HARM_PATHS = [
  'hp',
  'bonusHp',
  'belowZero',
  'maxHp',
  'survival.current',
  'injuries.current',
  'injuries.max',
  'verve.current',
  'temporarySurvival',
  'str.current',
  'dex.current',
  'wil.current',
];

const ALLOWED: Record<string, string> = {
  'src/harm/sheet-harm.service.ts': 'writes the transition’s outcome (the one writer of harm)',
  'src/characters/followers.service.ts': 'a follower brought back at full HP (recovery, not harm)',
  'src/combat/combat-actions.gm.ts': 'verve spent as a psychic action’s cost, not lost to harm',
  'src/common/openapi-request-examples.ts':
    'the OpenAPI examples: request bodies shown to a reader (a sheet PUT, stateless inputs), written by nothing',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'core' && dir.endsWith('src') ? [] : files(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

const root = join(__dirname, '..', '..');
const pattern = new RegExp(
  `(field:\\s*|:\\s*)'(${HARM_PATHS.map((p) => p.replace(/\./g, '\\.')).join('|')})'`,
  'g',
);

describe('writers of harm’s sheet paths (issue 39)', () => {
  const found = new Map<string, string[]>();
  for (const path of files(join(root, 'src'))) {
    const text = readFileSync(path, 'utf8');
    const hits = [...text.matchAll(pattern)].map((m) => m[2]);
    if (hits.length > 0) found.set(relative(root, path), [...new Set(hits)]);
  }

  it('no module outside the allowed list names a path that harm owns', () => {
    const outside = [...found.keys()].filter((file) => !(file in ALLOWED));
    expect(outside.map((file) => `${file}: ${found.get(file)!.join(', ')}`)).toEqual([]);
  });

  it('the list holds no stale entry (each allowed file still needs it)', () => {
    expect(Object.keys(ALLOWED).filter((file) => !found.has(file))).toEqual([]);
  });

  it('stored combat tells harm by the transition run in its roll, never by a second reading (issue 39)', () => {
    // Every harming combat action calls the engine's applyChange inside its logged roll and hands the
    // transition's state and events to the harm write: none re-tells them from the sheet.
    const combat = files(join(root, 'src', 'combat')).filter((path) =>
      /damageEventsOf\(|sheetDamage\(/.test(readFileSync(path, 'utf8')),
    );
    expect(combat.map((path) => relative(root, path))).toEqual([]);
  });

  it('the scan sees what it looks for (the harm service raises the injury maximum it writes past)', () => {
    expect(found.get('src/harm/sheet-harm.service.ts')).toEqual(expect.arrayContaining(['injuries.max']));
  });
});
