import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { generateContracts, OPENAPI_FILE, SCHEMA_FILE } from './contracts';

/**
 * `npm run contracts`: regenerates openapi/openapi.json and openapi/schema.graphql.
 * `--out-dir DIR` writes the same two files under DIR instead (DIR/openapi/…), leaving the committed
 * contracts alone, e.g. to lint what the code generates now.
 */
export async function writeContracts(root: string): Promise<{ openapi: string; schema: string }> {
  const app = await createApp(loadConfig({ DATABASE_PATH: ':memory:', LOG_LEVEL: 'silent' }));
  try {
    const { openapi, schema } = generateContracts(app);
    const files = { openapi: join(root, OPENAPI_FILE), schema: join(root, SCHEMA_FILE) };
    mkdirSync(join(root, 'openapi'), { recursive: true });
    writeFileSync(files.openapi, openapi);
    writeFileSync(files.schema, schema);
    return files;
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--out-dir');
  const root = flag >= 0 ? resolve(process.argv[flag + 1] ?? '.') : join(__dirname, '..', '..');
  const files = await writeContracts(root);
  console.log(`wrote ${files.openapi} and ${files.schema}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
