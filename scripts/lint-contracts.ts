import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { OPENAPI_FILE } from './contracts';
import { writeContracts } from './write-contracts';

/**
 * `npm run contracts:lint [-- FILE | -- --fresh]`: the OpenAPI document must pass swagger-parser's
 * validation and `redocly lint` with the recommended rules without an error. A warning fails too
 * unless it is one of the KNOWN_WARNINGS below, each of which docs/openapi.md explains.
 * By default it lints the committed openapi/openapi.json; `--fresh` lints what the code generates now
 * (written to a temporary directory, the committed file is left alone).
 */

/** `rule at JSON pointer`: the warnings we keep on purpose (reasons in docs/openapi.md). */
export const KNOWN_WARNINGS = new Set([
  'info-license at #/info',
  ...['moves', 'depletion-checks', 'spend'].map(
    (action) =>
      `no-ambiguous-paths at #/paths/~1v1~1campaigns~1{campaignId}~1characters~1{characterId}~1inventory~1{itemId}~1${action}`,
  ),
]);

interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

function redocly(file: string): RedoclyProblem[] {
  const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const run = spawnSync(
    process.execPath,
    [cli, 'lint', file, '--extends', 'recommended', '--format', 'json', '--max-problems', '100000'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint gave no report:\n${run.stdout}\n${run.stderr}`);
  return (JSON.parse(run.stdout.slice(start)) as { problems: RedoclyProblem[] }).problems;
}

export async function lintContract(file: string): Promise<boolean> {
  let ok = true;
  try {
    await SwaggerParser.validate(file);
    console.log(`swagger-parser: ${file} is valid`);
  } catch (error) {
    ok = false;
    console.error(`swagger-parser: ${file} is INVALID: ${(error as Error).message}`);
  }
  const problems = redocly(file);
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity !== 'error');
  const key = (p: RedoclyProblem) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}`;
  const unknown = warnings.filter((p) => !KNOWN_WARNINGS.has(key(p)));
  console.log(
    `redocly lint (recommended): ${errors.length} errors, ${warnings.length} warnings ` +
      `(${warnings.length - unknown.length} known, see docs/openapi.md)`,
  );
  for (const p of errors) console.error(`  error ${key(p)}: ${p.message}`);
  for (const p of unknown) console.error(`  unexplained warning ${key(p)}: ${p.message}`);
  const seen = new Set(warnings.map(key));
  for (const known of KNOWN_WARNINGS) {
    if (!seen.has(known)) console.log(`  gone: ${known} (remove it from KNOWN_WARNINGS and docs/openapi.md)`);
  }
  if (unknown.length > 0) {
    console.error('  Fix these warnings, or explain them in docs/openapi.md and KNOWN_WARNINGS.');
  }
  return ok && errors.length === 0 && unknown.length === 0;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let file = resolve(join(__dirname, '..', '..', OPENAPI_FILE));
  let cleanup = () => undefined as void;
  if (args.includes('--fresh')) {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-contracts-'));
    file = (await writeContracts(dir)).openapi;
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  } else if (args[0]) {
    file = resolve(args[0]);
  }
  const ok = await lintContract(file);
  cleanup();
  process.exit(ok ? 0 : 1);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
