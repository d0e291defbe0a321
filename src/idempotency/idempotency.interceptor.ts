import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { from, lastValueFrom, Observable } from 'rxjs';
import { ArbiterRequest, GraphQLContext } from '../common/request-context';
import { IdempotencyStore, IdempotentReplay, StoredAnswer } from './idempotency.store';

/**
 * `Idempotency-Key` for GraphQL mutations: each top-level mutation field of the operation is one
 * idempotent operation of its own. Applied to the resolver classes with `@UseInterceptors` (a test
 * checks that every class with a mutation has it); REST routes use `IdempotencyGuard`, which costs
 * nothing on requests without the header.
 *
 * graphql-js runs the top-level fields of a mutation one after another, so the scope can travel on
 * the request (`req.idempotency`) while its field runs, and `Database.mutation` finds it there. A
 * field answered from a stored answer is listed in `req.idempotentReplays`, from which the response
 * gets the `idempotent-replayed` header and `extensions.idempotentReplayed` (graphql.options.ts).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore) {}

  /**
   * True when `intercept` would only call `next.handle()` for a resolver called with `args` (root,
   * arguments, context, info): no Idempotency-Key, or not a top-level mutation field. The lean
   * resolver path (src/graphql/lean-resolvers.ts) then skips Nest's interceptor chain.
   */
  static passesThrough(args: unknown[]): boolean {
    const { req } = args[2] as GraphQLContext;
    if (req.headers['idempotency-key'] === undefined) return true;
    const info = args[3] as GraphQLResolveInfo;
    return info.operation.operation !== 'mutation' || info.path.prev !== undefined;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<string>() !== 'graphql') return next.handle();
    if (IdempotencyInterceptor.passesThrough(context.getArgs())) return next.handle();
    const gql = GqlExecutionContext.create(context);
    const { req } = gql.getContext<GraphQLContext>();
    const header = req.headers['idempotency-key'] as string | string[];
    const info = gql.getInfo<GraphQLResolveInfo>();
    const field = String(info.path.key);
    const target = `graphql:${field}`;
    const operation = this.store.operation(
      req,
      header,
      target,
      { field: info.fieldName, args: gql.getArgs() },
      200,
    );
    const replay = (answer: StoredAnswer) => {
      (req.idempotentReplays ??= []).push(field);
      return JSON.parse(answer.body) as unknown;
    };
    return from(
      (async () => {
        const begun = await this.store.begin(operation);
        if ('replay' in begun) return replay(begun.replay);
        const { scope } = begun;
        req.idempotency = scope;
        try {
          const result = await lastValueFrom(next.handle(), { defaultValue: null });
          const stored = await this.store.finish(scope, 200, JSON.stringify(result ?? null));
          return stored ? replay(stored) : result;
        } catch (error) {
          if (error instanceof IdempotentReplay) return replay(error.answer);
          const stored = await this.store.settle(scope);
          if (stored) return replay(stored);
          throw error;
        } finally {
          req.idempotency = undefined;
        }
      })(),
    );
  }
}

/** Marks a request whose GraphQL answer includes a replayed field (see `IdempotencyInterceptor`). */
export function replayedFields(req: ArbiterRequest | undefined): string[] {
  return req?.idempotentReplays ?? [];
}
