import { createHash } from 'node:crypto';
import { ExecutionContext, Injectable } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { ThrottlerGuard } from '@nestjs/throttler';
import { bearerToken } from '../auth/keys';
import { GraphQLContext, isGraphQL } from './request-context';

/**
 * Rate limits per campaign key when one is sent, else per client address: one budget a minute across
 * every REST route and GraphQL operation.
 */
@Injectable()
export class ArbiterThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const headers = req.headers as Record<string, string | undefined>;
    const token = bearerToken(headers.authorization);
    if (token) return `key:${createHash('sha256').update(token).digest('hex')}`;
    return `ip:${String(req.ip)}`;
  }

  /** One budget per caller across every route (the library's default counts each route apart). */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override getRequestResponse(context: ExecutionContext) {
    if (!isGraphQL(context)) return super.getRequestResponse(context);
    const { req, reply } = GqlExecutionContext.create(context).getContext<GraphQLContext>();
    return {
      req: req as unknown as Record<string, unknown>,
      res: reply as unknown as Record<string, unknown>,
    };
  }
}
