import { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal';
import type { IdempotencyScope } from '../database/database.service';

export type ArbiterRequest = FastifyRequest & {
  principal?: Principal;
  diceUsed?: { used: number };
  idempotency?: IdempotencyScope;
  /** GraphQL: the top-level mutation fields answered from a stored answer (see IdempotencyInterceptor). */
  idempotentReplays?: string[];
};

export interface GraphQLContext {
  req: ArbiterRequest;
  reply: FastifyReply;
}

/** The dice already rolled by this request, shared by all its rolls (see `Dice`). */
export function diceBudget(request: ArbiterRequest): { used: number } {
  return (request.diceUsed ??= { used: 0 });
}

/** The Fastify request behind a REST call or a GraphQL operation. */
export function requestOf(context: ExecutionContext): ArbiterRequest {
  if (context.getType<string>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<GraphQLContext>().req;
  }
  return context.switchToHttp().getRequest<ArbiterRequest>();
}

export function isGraphQL(context: ExecutionContext): boolean {
  return context.getType<string>() === 'graphql';
}
