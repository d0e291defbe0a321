import 'reflect-metadata';
import {
  ArgumentsHost,
  CallHandler,
  CanActivate,
  Catch,
  ExecutionContext,
  Injectable,
  Module,
  NestInterceptor,
  PipeTransform,
  UseInterceptors,
} from '@nestjs/common';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { ApplicationConfig, NestFactory } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import {
  Args,
  Context,
  Field,
  GqlArgumentsHost,
  GqlExceptionFilter,
  GqlExecutionContext,
  GraphQLModule,
  InputType,
  Mutation,
  ObjectType,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { GraphQLError } from 'graphql';
import { map, of } from 'rxjs';
import { PipesConsumer } from '@nestjs/core/pipes/pipes-consumer';
import { installLeanResolvers } from './lean-resolvers';

const calls: string[] = [];

type Ctx = { req: { headers: Record<string, string | undefined> } };

/** Like the IdempotencyInterceptor: acts only on a top-level mutation of a request with a header. */
@Injectable()
class Tap implements NestInterceptor {
  static passesThrough(args: unknown[]): boolean {
    const { req } = args[2] as Ctx;
    const info = args[3] as { operation: { operation: string }; path: { prev?: unknown } };
    return req.headers['x-tap'] === undefined || info.operation.operation !== 'mutation' || !!info.path.prev;
  }

  intercept(context: ExecutionContext, next: CallHandler) {
    if (Tap.passesThrough(context.getArgs())) {
      calls.push('tap:pass');
      return next.handle();
    }
    calls.push('tap:act');
    return next.handle().pipe(map((value: { word: string }) => ({ ...value, word: `${value.word}!` })));
  }
}

class Refuse implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const { req } = GqlExecutionContext.create(context).getContext<Ctx>();
    calls.push(`guard:${context.getHandler().name}`);
    if (req.headers['x-refuse'] === 'sync') return false;
    if (req.headers['x-refuse'] === 'async') return Promise.resolve(false);
    if (req.headers['x-refuse'] === 'observable') return of(false) as unknown as boolean;
    if (req.headers['x-refuse'] === 'observable-ok') return of(true) as unknown as boolean;
    return req.headers['x-refuse'] === 'later' ? Promise.resolve(true) : true;
  }
}

@InputType()
class EchoInput {
  @Field()
  word!: string;
}

class Upper implements PipeTransform {
  transform(value: unknown, metadata: { type: string; metatype?: unknown; data?: string }) {
    calls.push(
      `pipe:${metadata.type}:${metadata.data ?? ''}:${(metadata.metatype as { name?: string })?.name}`,
    );
    if (metadata.data === 'input') {
      const word = (value as EchoInput).word;
      if (word === 'bad') throw new GraphQLError('word must not be bad', { extensions: { code: 'BAD' } });
      if (word === 'late-bad')
        return Promise.reject(new GraphQLError('late and bad', { extensions: { code: 'BAD' } }));
      const upper = Object.assign(new EchoInput(), { word: word.toUpperCase() });
      return word.startsWith('slow') ? Promise.resolve(upper) : upper;
    }
    return value;
  }
}

@Catch()
class Named implements GqlExceptionFilter {
  catch(error: Error, host: ArgumentsHost) {
    GqlArgumentsHost.create(host);
    calls.push(`filter:${error.message}`);
    return new GraphQLError(`filtered: ${error.message}`, { extensions: { code: 'FILTERED' } });
  }
}

@ObjectType()
class Echo {
  @Field()
  word!: string;
}

@UseInterceptors(Tap)
@Resolver(() => Echo)
class EchoResolver {
  @Query(() => String)
  hello() {
    calls.push('handler:hello');
    return 'hi';
  }

  @Mutation(() => Echo)
  echo(@Args('input') input: EchoInput, @Context() ctx: Ctx) {
    calls.push(`handler:echo:${input instanceof EchoInput}:${ctx.req.headers['x-tap'] ?? ''}`);
    if (input.word === 'THROW') throw new Error('thrown');
    if (input.word === 'REJECT') return Promise.reject(new Error('rejected'));
    if (input.word === 'OBSERVE') return of({ word: 'observed' });
    if (input.word === 'SLOW') return Promise.resolve({ word: 'slowly' });
    return { word: input.word };
  }

  @ResolveField(() => String)
  shout(@Args('times', { nullable: true }) times?: number) {
    return 'x'.repeat(times ?? 1);
  }
}

/** A resolver with no interceptor at all. */
@Resolver()
class PlainResolver {
  @Query(() => String)
  plain(@Args('word') word: string) {
    calls.push(`handler:plain:${word}`);
    if (word === 'THROW') throw new Error('plainly thrown');
    return word;
  }
}

@Module({
  imports: [
    GraphQLModule.forRoot<ApolloDriverConfig>({
      driver: ApolloDriver,
      autoSchemaFile: true,
      context: (req: unknown) => ({ req }),
    }),
  ],
  providers: [EchoResolver, PlainResolver, Tap],
})
class EchoModule {}

async function start(lean: boolean) {
  const app = await NestFactory.create<NestFastifyApplication>(EchoModule, new FastifyAdapter(), {
    logger: false,
  });
  app.useGlobalGuards(new Refuse());
  app.useGlobalPipes(new Upper());
  app.useGlobalFilters(new Named());
  if (lean) installLeanResolvers(app.get(ExternalContextCreator), app.get(ApplicationConfig));
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

async function gql(app: NestFastifyApplication, query: string, headers: Record<string, string> = {}) {
  const answer = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query },
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: answer.statusCode, body: answer.json() as unknown };
}

const OPERATIONS: Array<[string, Record<string, string>]> = [
  ['{ hello }', {}],
  ['mutation { echo(input: { word: "hi" }) { word shout } }', {}],
  ['mutation { echo(input: { word: "hi" }) { word shout(times: 2) } }', { 'x-tap': '1' }],
  [
    'mutation { a: echo(input: { word: "hi" }) { word } b: echo(input: { word: "yo" }) { word } }',
    { 'x-tap': '1' },
  ],
  ['mutation { echo(input: { word: "hi" }) { word } }', { 'x-refuse': 'later' }],
  ['mutation { echo(input: { word: "hi" }) { word } }', { 'x-refuse': 'sync' }],
  ['mutation { echo(input: { word: "hi" }) { word } }', { 'x-refuse': 'async', 'x-tap': '1' }],
  ['mutation { echo(input: { word: "bad" }) { word } }', {}],
  ['mutation { echo(input: { word: "bad" }) { word } }', { 'x-tap': '1' }],
  ['mutation { echo(input: { word: "throw" }) { word } }', {}],
  ['mutation { echo(input: { word: "throw" }) { word } }', { 'x-tap': '1' }],
  ['mutation { echo(input: { word: "reject" }) { word } }', {}],
  ['mutation { echo(input: { word: "observe" }) { word } }', {}],
  ['mutation { echo(input: { word: "slow" }) { word } }', {}],
  ['mutation { echo(input: { word: "late-bad" }) { word } }', {}],
  ['mutation { echo(input: { word: "hi" }) { word } }', { 'x-refuse': 'observable' }],
  ['mutation { echo(input: { word: "hi" }) { word } }', { 'x-refuse': 'observable-ok' }],
  ['{ plain(word: "hi") }', {}],
  ['{ plain(word: "throw") }', {}],
  ['{ plain(word: "hi") }', { 'x-refuse': 'async' }],
];

describe('lean resolvers', () => {
  let nest: NestFastifyApplication;
  let lean: NestFastifyApplication;

  beforeAll(async () => {
    nest = await start(false);
    lean = await start(true);
  });

  afterAll(async () => {
    await nest?.close();
    await lean?.close();
  });

  it('answer every operation exactly as Nest does, with the same guards, pipes, filter and handler calls', async () => {
    for (const [query, headers] of OPERATIONS) {
      calls.length = 0;
      const viaNest = await gql(nest, query, headers);
      const nestCalls = calls.splice(0);
      const viaLean = await gql(lean, query, headers);
      const leanCalls = calls.splice(0);
      expect({ query, headers, ...viaLean }).toEqual({ query, headers, ...viaNest });
      // Only the interceptor's pass-through step is skipped; everything else runs in the same order.
      expect(leanCalls).toEqual(nestCalls.filter((c) => c !== 'tap:pass'));
    }
  });

  it('skips the interceptor when it would only pass the call on, and runs it when it acts', async () => {
    calls.length = 0;
    await gql(lean, 'mutation { echo(input: { word: "hi" }) { word } }');
    expect(calls).toEqual([
      'guard:echo',
      'pipe:custom::Object',
      'pipe:body:input:EchoInput',
      'handler:echo:true:',
    ]);
    calls.length = 0;
    const acted = await gql(lean, 'mutation { echo(input: { word: "hi" }) { word } }', { 'x-tap': '1' });
    expect(acted.body).toEqual({ data: { echo: { word: 'HI!' } } });
    expect(calls).toContain('tap:act');
  });

  it("runs its own callback, not Nest's, for resolvers with and without interceptors", async () => {
    const apply = jest.spyOn(PipesConsumer.prototype, 'apply');
    try {
      for (const query of ['{ plain(word: "hi") }', 'mutation { echo(input: { word: "hi" }) { word } }']) {
        apply.mockClear();
        await gql(lean, query);
        expect({ query, nestPipes: apply.mock.calls.length }).toEqual({ query, nestPipes: 0 });
        await gql(nest, query);
        expect(apply.mock.calls.length).toBeGreaterThan(0);
      }
    } finally {
      apply.mockRestore();
    }
  });
});
