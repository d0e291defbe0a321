// Jest 30 reads `testTimeout` only from the root of jest.config.js, never from a project: each tier
// sets its own here (a cold machine takes several seconds to start the app and migrate a database).
jest.setTimeout(60_000);
