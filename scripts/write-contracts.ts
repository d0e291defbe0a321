import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { generateContracts, OPENAPI_FILE, SCHEMA_FILE } from './contracts';

/** `npm run contracts`: regenerates openapi/openapi.json and openapi/schema.graphql. */
async function main(): Promise<void> {
  const app = await createApp(loadConfig({ DATABASE_PATH: ':memory:', LOG_LEVEL: 'silent' }));
  const { openapi, schema } = generateContracts(app);
  const root = join(__dirname, '..', '..');
  writeFileSync(join(root, OPENAPI_FILE), openapi);
  writeFileSync(join(root, SCHEMA_FILE), schema);
  await app.close();
  console.log(`wrote ${OPENAPI_FILE} and ${SCHEMA_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
