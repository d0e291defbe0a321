const fs = require('node:fs');
const path = require('node:path');

/**
 * NestJS 12 and a few of its dependencies ship ES modules only, and Jest on Node 20 cannot require
 * them. We find every package that declares "type": "module" and let swc turn it into CommonJS like
 * our own sources (cached after the first run); everything else in node_modules is left alone.
 */
function esmPackages() {
  const root = path.join(__dirname, 'node_modules');
  const names = [];
  const visit = (dir, prefix) => {
    for (const entry of fs.readdirSync(dir)) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@') && !prefix) {
        visit(path.join(dir, entry), `${entry}/`);
        continue;
      }
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(dir, entry, 'package.json'), 'utf8'));
        if (pkg.type === 'module') names.push(prefix + entry);
      } catch {
        // not a package
      }
    }
  };
  if (fs.existsSync(root)) visit(root, '');
  return names.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
}

const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages().join('|')})/)`];

/**
 * Tiers: `unit` (the pure rules core, fast), `e2e` (the whole app over HTTP, on a real database),
 * `client`, `browser`, `crash` and `failure`. Jest 30 ignores `testTimeout` inside a project (it reads only the
 * root's), so a tier that needs a longer timeout sets it in a setup file (`jest.setTimeout`);
 * test/unit/jest-config.spec.ts keeps it so.
 */
const transform = {
  '^.+\\.(ts|js|mjs)$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    },
  ],
};

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
      transformIgnorePatterns,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      transformIgnorePatterns,
      // Fails a test when an answer it received does not match the OpenAPI document.
      setupFilesAfterEnv: ['<rootDir>/test/e2e/timeout.setup.ts', '<rootDir>/test/e2e/contract-setup.ts'],
    },
    {
      // The TypeScript client and the example Discord bot, against a running Arbiter (the built
      // dist/src/main.js on a free loopback port; rebuilt first when older than the sources).
      displayName: 'client',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/clients/*/test/**/*.spec.ts', '<rootDir>/examples/*/test/**/*.spec.ts'],
      moduleNameMapper: { '^@arbiter/client$': '<rootDir>/clients/typescript/src/index.ts' },
    },
    {
      // The built server killed with SIGKILL mid-load (test/crash); `npm run test:crash` builds first.
      displayName: 'crash',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/test/crash/**/*.crash-spec.ts'],
    },
    {
      // Two built servers on a PostgreSQL and a Redis of the test's own, each killed in turn
      // (test/failure); `npm run test:failure` builds first. Needs PostgreSQL's binaries and redis-server.
      displayName: 'failure',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/test/failure/**/*.failure-spec.ts'],
    },
    {
      // Needs Debian's Chromium; not part of `npm test`, run by `npm run test:browser` and CI.
      displayName: 'browser',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/browser/timeout.setup.ts'],
    },
  ],
};
