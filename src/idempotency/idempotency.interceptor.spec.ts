import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { IdempotencyInterceptor } from './idempotency.interceptor';

const RESOLVER_TYPE = 'graphql:resolver_type'; // @nestjs/graphql's RESOLVER_TYPE_METADATA
const INTERCEPTORS = '__interceptors__'; // @nestjs/common's INTERCEPTORS_METADATA

function resolverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return resolverFiles(path);
    return entry.name.endsWith('.resolver.ts') ? [path] : [];
  });
}

describe('GraphQL idempotency coverage', () => {
  it('puts the idempotency interceptor on every resolver class that has a mutation', async () => {
    const withMutations: string[] = [];
    const missing: string[] = [];
    for (const file of resolverFiles(join(__dirname, '..'))) {
      const exports = (await import(file)) as Record<string, unknown>;
      for (const value of Object.values(exports)) {
        if (typeof value !== 'function') continue;
        const prototype = (value as { prototype: Record<string, unknown> }).prototype;
        const methods = Object.getOwnPropertyNames(prototype).filter((name) => name !== 'constructor');
        const hasMutation = methods.some(
          (name) => Reflect.getMetadata(RESOLVER_TYPE, prototype[name] as object) === 'Mutation',
        );
        if (!hasMutation) continue;
        withMutations.push(value.name);
        const interceptors = (Reflect.getMetadata(INTERCEPTORS, value) ?? []) as unknown[];
        if (!interceptors.includes(IdempotencyInterceptor)) missing.push(value.name);
      }
    }
    expect(withMutations).toEqual(
      expect.arrayContaining(['CampaignsResolver', 'ChecksResolver', 'WealthResolver']),
    );
    expect(missing).toEqual([]);
  });
});
