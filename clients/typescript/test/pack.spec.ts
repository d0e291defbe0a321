import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * The client as someone outside this repository gets it: `npm pack` (its `prepack` builds dist/),
 * the tarball installed with npm into an empty project in a temporary directory, then required by
 * plain Node and type-checked by tsc from that project. Dependencies come from the npm cache when it
 * has them (--prefer-offline; the registry otherwise). Every step has a time bound.
 */

const CLIENT = join(__dirname, '..');
const ROOT = join(CLIENT, '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const STEP_MS = 150_000;

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', timeout: STEP_MS, stdio: ['ignore', 'pipe', 'pipe'] });

const tsc = (cwd: string, file: string) =>
  run(
    process.execPath,
    [
      TSC,
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--typeRoots',
      join(ROOT, 'node_modules', '@types'),
      '--types',
      'node',
      file,
    ],
    cwd,
  );

/** tsc's errors for one file of the consumer project ('' when it type-checks). */
function typeErrors(cwd: string, file: string): string {
  try {
    tsc(cwd, file);
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout || (error as Error).message);
  }
}

describe('@arbiter/client from its npm tarball', () => {
  jest.setTimeout(4 * STEP_MS);
  let dir: string;
  let app: string;
  let files: string[];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-client-pack-'));
    const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], CLIENT)) as {
      filename: string;
      files: { path: string }[];
    }[];
    files = packed[0].files.map((f) => f.path);
    app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }),
    );
    run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, packed[0].filename)],
      app,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the built JavaScript, its types and the generated schema, not the sources', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/client.js',
        'dist/schema.d.ts',
      ]),
    );
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/') || f.endsWith('.map'))).toEqual(
      [],
    );
  });

  it('is required by plain Node in a project outside the repository', () => {
    const out = run(
      process.execPath,
      [
        '-e',
        "const c = require('@arbiter/client'); console.log(require.resolve('@arbiter/client'), typeof c.createArbiterClient, typeof c.ArbiterProblem, typeof c.verifyCommitment)",
      ],
      app,
    ).trim();
    const [where, ...kinds] = out.split(' ');
    expect(where.startsWith(join(app, 'node_modules', '@arbiter', 'client'))).toBe(true);
    expect(kinds).toEqual(['function', 'function', 'function']);
  });

  it('type-checks a caller against the installed types, and refuses a body of the wrong type', () => {
    writeFileSync(
      join(app, 'use.ts'),
      [
        "import { ArbiterProblem, createArbiterClient, unwrap } from '@arbiter/client';",
        "const arbiter = createArbiterClient({ baseUrl: 'http://127.0.0.1:9' });",
        'export async function roll(): Promise<boolean> {',
        "  const answer = await unwrap(arbiter.POST('/v1/checks/pool', { body: { pool: 6, objective: 3 } }));",
        "  return answer.passed && !ArbiterProblem.is(null, 'NOT_FOUND');",
        '}',
      ].join('\n'),
    );
    expect(typeErrors(app, 'use.ts')).toBe('');
    writeFileSync(
      join(app, 'bad.ts'),
      [
        "import { createArbiterClient } from '@arbiter/client';",
        "const arbiter = createArbiterClient({ baseUrl: 'http://127.0.0.1:9' });",
        "void arbiter.POST('/v1/checks/pool', { body: { pool: 'six', objective: 3 } });",
      ].join('\n'),
    );
    expect(typeErrors(app, 'bad.ts')).toMatch(
      /bad\.ts\(3,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
    );
  });
});
