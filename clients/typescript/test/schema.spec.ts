import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './arbiter-server';

const SCHEMA = join(ROOT, 'clients', 'typescript', 'src', 'schema.d.ts');

function run(args: string[], input?: string): string {
  // The generated schema passed 1 MiB, spawnSync's default output limit (the child is killed past it).
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe('generated client types', () => {
  it('match what openapi-typescript makes of the committed openapi/openapi.json (run `npm run contracts`)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-schema-'));
    try {
      const raw = join(dir, 'schema.d.ts');
      // Exactly the steps of `npm run schema -w @arbiter/client`, which `npm run contracts` runs.
      run([
        join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'),
        join(ROOT, 'openapi', 'openapi.json'),
        '--output',
        raw,
      ]);
      const formatted = run(
        [join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--stdin-filepath', SCHEMA],
        readFileSync(raw, 'utf8'),
      );
      const committed = readFileSync(SCHEMA, 'utf8');
      if (committed !== formatted) {
        throw new Error(
          'clients/typescript/src/schema.d.ts is stale: run `npm run contracts` to regenerate it from openapi/openapi.json',
        );
      }
      expect(committed).toContain('export interface paths');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
