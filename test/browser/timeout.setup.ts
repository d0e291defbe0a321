// Jest 30 reads `testTimeout` only from the root of jest.config.js, never from a project: this tier
// sets its own here (starting Chromium and the playground on a cold machine takes tens of seconds).
jest.setTimeout(90_000);
