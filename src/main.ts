// First: V8 flags must be set before the code they concern is loaded (src/v8-flags.ts).
import './v8-flags';
import 'reflect-metadata';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(
    `Arbiter listening on http://${config.HOST}:${config.PORT} (docs at /docs, GraphQL at /graphql)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
