import { join } from 'node:path';
import { readFileSync } from 'node:fs';

interface Project {
  displayName: string;
  testTimeout?: number;
  setupFilesAfterEnv?: string[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../jest.config.js') as { projects: Project[]; testTimeout?: number };

describe('jest.config.js', () => {
  it('sets no testTimeout inside a project, where Jest 30 silently ignores it', () => {
    expect(config.projects.filter((p) => p.testTimeout !== undefined).map((p) => p.displayName)).toEqual([]);
  });

  it.each([
    ['e2e', 60_000],
    ['browser', 90_000],
  ])('gives the %s tier its timeout of %d ms in a setup file', (name, ms) => {
    const project = config.projects.find((p) => p.displayName === name);
    const setups = (project?.setupFilesAfterEnv ?? []).map((file) =>
      readFileSync(file.replace('<rootDir>', join(__dirname, '..', '..')), 'utf8'),
    );
    expect(
      setups.some((text) => text.includes(`jest.setTimeout(${ms.toLocaleString('en').replace(/,/g, '_')})`)),
    ).toBe(true);
  });
});
