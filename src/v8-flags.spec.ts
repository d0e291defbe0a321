import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';

const root = join(__dirname, '..');

/** The first module a file imports (comments and blank lines skipped). */
function firstImport(file: string): string | undefined {
  const text = readFileSync(join(root, file), 'utf8');
  return /^import\s+(?:[^'"]*\sfrom\s+)?['"]([^'"]+)['"]/m.exec(text.replace(/\/\*[\s\S]*?\*\//g, ''))?.[1];
}

describe('the V8 flags the server sets for itself', () => {
  it('turns off allocation-site pretenuring when it is loaded', () => {
    const set = jest.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    try {
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh load of the module
        const { SERVER_V8_FLAGS } = require('./v8-flags') as typeof import('./v8-flags');
        expect(SERVER_V8_FLAGS).toEqual(['--no-allocation-site-pretenuring']);
      });
      expect(set.mock.calls).toEqual([['--no-allocation-site-pretenuring']]);
    } finally {
      set.mockRestore();
    }
  });

  it.each([
    ['src/main.ts', './v8-flags'],
    ['bench/app-server.ts', '../src/v8-flags'],
    ['bench/bare-server.ts', '../src/v8-flags'],
    ['bench/bare-apollo-server.ts', '../src/v8-flags'],
  ])('is the first thing %s imports, so the app and the bench servers run alike', (file, module) => {
    expect(firstImport(file)).toBe(module);
  });
});
