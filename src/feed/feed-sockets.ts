import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import { Repository } from 'typeorm';
import { KeyCache } from '../auth/key-cache';
import { bearerToken, hashSecret } from '../auth/keys';
import type { ArbiterRequest, GraphQLContext } from '../common/request-context';
import { ApiKeyEntity } from '../database/entities';

/** What graphql-ws hands to hooks and to the context function (the parts we use). */
export interface SocketContext {
  connectionParams?: Readonly<Record<string, unknown>>;
  extra: { socket: { close(code: number, reason: string): void }; arbiterRequest?: ArbiterRequest };
}

export function isSocketContext(value: unknown): value is SocketContext {
  return typeof value === 'object' && value !== null && 'extra' in value && 'subscriptions' in value;
}

/** 4401: the connection_init payload carries no valid campaign key. */
export const CLOSE_UNAUTHORIZED = 4401;

/**
 * Authenticates graphql-ws connections on /graphql: `connection_init` must carry
 * `{ "authorization": "Bearer <campaign key>" }`. A missing, unknown or revoked key closes the socket
 * with code 4401 and a reason saying which. The key then travels with every operation of the socket
 * as if it were an Authorization header, so CampaignGuard applies the same rules as to a read.
 */
@Injectable()
export class FeedSockets {
  constructor(
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
    private readonly cache: KeyCache,
  ) {}

  options(): GraphQLWsSubscriptionsConfig {
    return {
      path: '/graphql',
      connectionInitWaitTimeout: 10_000,
      onConnect: (ctx) => this.connect(ctx as unknown as SocketContext),
    };
  }

  private async connect(ctx: SocketContext): Promise<boolean> {
    const params = ctx.connectionParams ?? {};
    const header = params.authorization ?? params.Authorization;
    const token = bearerToken(typeof header === 'string' ? header : undefined);
    const refuse = (reason: string) => {
      ctx.extra.socket.close(CLOSE_UNAUTHORIZED, reason);
      return false;
    };
    if (!token)
      return refuse('Unauthorized: send {"authorization":"Bearer <campaign key>"} in connection_init');
    const secretHash = hashSecret(token);
    let key = this.cache.get(secretHash) ?? null;
    if (!key) key = await this.keys.findOne({ where: { secretHash } });
    if (!key || key.revokedAt)
      return refuse('Unauthorized: this campaign key is unknown or has been revoked');
    ctx.extra.arbiterRequest = {
      headers: { authorization: `Bearer ${token}` },
      method: 'SUBSCRIBE',
      url: '/graphql',
      id: 'ws',
    } as unknown as ArbiterRequest;
    return true;
  }
}

/** The GraphQL context of an operation on a socket: a stand-in request carrying the key. */
export function socketContext(ctx: SocketContext): GraphQLContext {
  const req = ctx.extra.arbiterRequest ?? ({ headers: {} } as unknown as ArbiterRequest);
  // Every operation gets its own request object (CampaignGuard sets the principal on it).
  return { req: { ...{}, ...req, headers: { ...req.headers } } as ArbiterRequest, reply: null as never };
}
