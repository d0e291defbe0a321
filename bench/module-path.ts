/**
 * The path one request takes through the app's modules (issue 39: "measure the stored G&M attack's
 * path"). The app is built in this process on a temporary SQLite file; every method of every
 * provider, controller and resolver Nest holds is wrapped, and for each named bench case, after its
 * setup and one unmeasured request, one request is traced: how many times it entered each source
 * folder (`src/<folder>/`, a domain module), counting a call as an entry when the caller was in
 * another folder (or was the framework), and how many provider calls it made in all.
 *
 *   npm run build && node dist/bench/module-path.js combat-gm-attack-idempotent
 */
import 'reflect-metadata';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ModulesContainer } from '@nestjs/core';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { CASES } from './cases';

export interface ModulePath {
  name: string;
  /** Entries into each source folder, most first. */
  entries: Record<string, number>;
  /** Provider method calls in all, each folder's own calls included. */
  calls: number;
}

const SOURCE_ROOT = join(__dirname, '..', 'src');

/** The source folder a class was defined in (`combat`, `harm`), from the module that exported it. */
function folderOf(type: unknown): string | null {
  for (const [file, cached] of Object.entries(require.cache)) {
    if (!cached || !file.startsWith(SOURCE_ROOT)) continue;
    for (const value of Object.values(cached.exports as Record<string, unknown>))
      if (value === type) return relative(SOURCE_ROOT, file).split(sep)[0];
  }
  return null;
}

export async function tracePaths(names: readonly string[]): Promise<ModulePath[]> {
  process.env.BENCH_MAX_REQUESTS ??= '8';
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-path-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_PATH: join(dir, 'arbiter.sqlite'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const app = await createApp(config);
  const current = new AsyncLocalStorage<string>();
  let tracing = false;
  let entries = new Map<string, number>();
  let calls = 0;
  const wrapped = new Set<object>();
  for (const module of app.get(ModulesContainer).values()) {
    const wrappers = [...module.providers.values(), ...module.controllers.values()];
    for (const wrapper of wrappers) {
      const instance = wrapper.instance as Record<string, unknown> | null;
      if (!instance || typeof instance !== 'object' || wrapped.has(instance)) continue;
      wrapped.add(instance);
      const folder = folderOf(wrapper.metatype);
      if (!folder) continue;
      let proto = Object.getPrototypeOf(instance) as object | null;
      const seen = new Set<string>();
      while (proto && proto !== Object.prototype) {
        for (const key of Object.getOwnPropertyNames(proto)) {
          if (key === 'constructor' || seen.has(key)) continue;
          const descriptor = Object.getOwnPropertyDescriptor(proto, key);
          if (!descriptor || typeof descriptor.value !== 'function') continue;
          seen.add(key);
          const original = descriptor.value as (...args: unknown[]) => unknown;
          // An own property on the instance: Nest's routing already holds the prototype's function
          // for controllers, so their entries count from the first provider they call.
          instance[key] = function traced(this: unknown, ...args: unknown[]) {
            if (!tracing) return original.apply(this, args);
            calls += 1;
            if (current.getStore() !== folder) entries.set(folder, (entries.get(folder) ?? 0) + 1);
            return current.run(folder, () => original.apply(this, args));
          };
        }
        proto = Object.getPrototypeOf(proto) as object | null;
      }
    }
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const out: ModulePath[] = [];
  try {
    for (const name of names) {
      const bench = CASES.find((c) => c.name === name);
      if (!bench) throw new Error(`No case ${name}`);
      const state = bench.setup ? await bench.setup(baseUrl) : {};
      const send = async (seq: number) => {
        const request = bench.request(state, seq);
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        const text = await response.text();
        if (response.status >= 300) throw new Error(`${name}: ${response.status} ${text.slice(0, 300)}`);
      };
      await send(0);
      entries = new Map();
      calls = 0;
      tracing = true;
      await send(1);
      tracing = false;
      out.push({
        name,
        entries: Object.fromEntries([...entries].sort((a, b) => b[1] - a[1])),
        calls,
      });
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

async function main(): Promise<void> {
  for (const path of await tracePaths(process.argv.slice(2))) {
    const folders = Object.entries(path.entries);
    const others = folders.filter(([folder]) => folder !== 'combat');
    console.log(
      `${path.name}: ${path.calls} provider calls; entered ${folders.length} folders, ` +
        `combat ${path.entries.combat ?? 0} times and ${others.length} others ` +
        `${others.reduce((sum, [, n]) => sum + n, 0)} times`,
    );
    for (const [folder, n] of folders) console.log(`  ${folder.padEnd(20)} ${n}`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
