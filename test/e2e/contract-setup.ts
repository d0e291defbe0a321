import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';
import { contractStats } from './response-contract';

/*
 * Jest setupFilesAfterEnv of the e2e project: a test fails when an answer it received (through
 * startApp() of harness.ts) does not match the OpenAPI document. ARBITER_CONTRACT_STATS=<file> appends
 * one JSON line per test file with the number of answers checked.
 */

function takeMismatches(): string[] {
  const stats = contractStats();
  return stats.mismatches.splice(0, stats.mismatches.length);
}

function fail(mismatches: string[]): never {
  throw new Error(
    `${mismatches.length} answer(s) do not match the OpenAPI document:\n` +
      mismatches.map((m) => `  - ${m}`).join('\n'),
  );
}

afterEach(() => {
  const mismatches = takeMismatches();
  if (mismatches.length > 0) fail(mismatches);
});

afterAll(() => {
  const stats = contractStats();
  const file = process.env.ARBITER_CONTRACT_STATS;
  if (file) {
    const testFile = basename(expect.getState().testPath ?? '?');
    appendFileSync(
      file,
      `${JSON.stringify({ testFile, checked: stats.checked, exempt: stats.exempt, left: stats.mismatches.length })}\n`,
    );
  }
  const mismatches = takeMismatches();
  if (mismatches.length > 0) fail(mismatches);
});
