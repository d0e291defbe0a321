import 'reflect-metadata';
import {
  ArgumentsHost,
  Body,
  CallHandler,
  CanActivate,
  Catch,
  Controller,
  createParamDecorator,
  ExceptionFilter,
  ExecutionContext,
  HttpCode,
  Module,
  NestInterceptor,
  PipeTransform,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApplicationConfig, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DirectRoutes } from './direct-routes';

class EchoInput {
  word?: string;
}

const calls: string[] = [];

const Shout = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const query = ctx.switchToHttp().getRequest<FastifyRequest>().query as Record<string, string>;
  if (query.shout === 'maybe') throw new Error('shout must be true or false');
  return query.shout === 'true';
});

class Refuse implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    calls.push(`guard:${context.getHandler().name}`);
    if (request.headers['x-refuse'] === 'sync') return false;
    if (request.headers['x-refuse'] === 'async') return Promise.resolve(false);
    return request.headers['x-refuse'] === 'later' ? Promise.resolve(true) : true;
  }
}

class Upper implements PipeTransform {
  transform(value: unknown, metadata: { type: string; metatype?: unknown }) {
    calls.push(`pipe:${metadata.type}:${(metadata.metatype as { name?: string } | undefined)?.name}`);
    if (metadata.type === 'body') {
      const word = (value as EchoInput).word;
      if (typeof word !== 'string') throw new Error('word must be text');
      return Object.assign(new EchoInput(), { word: word.toUpperCase() });
    }
    return value;
  }
}

@Catch()
class AsProblem implements ExceptionFilter {
  catch(error: Error, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = error.message === 'Forbidden resource' ? 403 : 400;
    return reply.status(status).send({ problem: error.message });
  }
}

class Tap implements NestInterceptor {
  intercept(_: ExecutionContext, next: CallHandler) {
    calls.push('interceptor');
    return next.handle();
  }
}

@Controller('echo')
class EchoController {
  @Post('direct')
  @HttpCode(200)
  direct(@Body() input: EchoInput, @Req() req: FastifyRequest, @Shout() shout: boolean) {
    calls.push(`handler:${input instanceof EchoInput}`);
    return { word: input.word, shout, url: req.url };
  }

  @Post('nest')
  @HttpCode(200)
  nest(@Body() input: EchoInput, @Req() req: FastifyRequest, @Shout() shout: boolean) {
    calls.push(`handler:${input instanceof EchoInput}`);
    return { word: input.word, shout, url: req.url };
  }

  @Post('created')
  created(@Body() input: EchoInput) {
    return { word: input.word };
  }

  @Post('guarded')
  @UseGuards(Refuse)
  guarded() {
    return {};
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

async function start(options: { interceptor?: boolean } = {}) {
  const adapter = new FastifyAdapter();
  const direct = DirectRoutes.register(adapter.getInstance());
  const app = await NestFactory.create<NestFastifyApplication>(EchoModule, adapter, { logger: false });
  app.setGlobalPrefix('v1');
  app.useGlobalGuards(new Refuse());
  app.useGlobalPipes(new Upper());
  app.useGlobalFilters(new AsProblem());
  if (options.interceptor) app.useGlobalInterceptors(new Tap());
  const controller = app.get(EchoController);
  const config = app.get(ApplicationConfig);
  direct.add(controller, 'direct', 'v1', config);
  direct.add(controller, 'created', 'v1', config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, direct, controller, config };
}

async function post(app: NestFastifyApplication, url: string, body: unknown, headers = {}) {
  const answer = await app.inject({ method: 'POST', url, payload: body as object, headers });
  return { status: answer.statusCode, body: answer.json() as unknown, headers: answer.headers };
}

describe('DirectRoutes', () => {
  let app: NestFastifyApplication;

  afterEach(async () => {
    await app?.close();
    calls.length = 0;
  });

  it('answers exactly as Nest does: guards, status, parameters through the pipes, handler', async () => {
    ({ app } = await start());
    for (const headers of [{}, { 'x-refuse': 'later' }]) {
      for (const query of ['', '?shout=true']) {
        calls.length = 0;
        const viaNest = await post(app, `/v1/echo/nest${query}`, { word: 'hi' }, headers);
        const nestCalls = calls.splice(0).map((c) => c.replace('nest', 'HANDLER'));
        const viaDirect = await post(app, `/v1/echo/direct${query}`, { word: 'hi' }, headers);
        const directCalls = calls.splice(0).map((c) => c.replace('direct', 'HANDLER'));
        expect(viaDirect.status).toBe(200);
        expect(viaDirect.status).toBe(viaNest.status);
        expect(viaDirect.body).toEqual({
          ...(viaNest.body as object),
          url: `/v1/echo/direct${query}`,
        });
        expect(viaDirect.headers['content-type']).toBe(viaNest.headers['content-type']);
        expect(directCalls).toEqual(nestCalls);
        expect(directCalls).toEqual([
          'guard:HANDLER',
          'pipe:custom:Boolean',
          'pipe:body:EchoInput',
          'handler:true',
        ]);
      }
    }
    expect((await post(app, '/v1/echo/created', { word: 'x' })).status).toBe(201);
  });

  it('refuses as Nest does: a guard saying no (at once or later), a pipe, a parameter decorator', async () => {
    ({ app } = await start());
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ['', { word: 'hi' }, { 'x-refuse': 'sync' }],
      ['', { word: 'hi' }, { 'x-refuse': 'async' }],
      ['', { word: 3 }, {}],
      ['?shout=maybe', { word: 'hi' }, {}],
      ['?shout=maybe', { word: 3 }, {}],
    ];
    for (const [query, body, headers] of cases) {
      const viaNest = await post(app, `/v1/echo/nest${query}`, body, headers);
      const viaDirect = await post(app, `/v1/echo/direct${query}`, body, headers);
      expect(viaNest.status).toBeGreaterThanOrEqual(400);
      expect({ status: viaDirect.status, body: viaDirect.body }).toEqual({
        status: viaNest.status,
        body: viaNest.body,
      });
    }
  });

  it('leaves the route to Nest when the application has global interceptors', async () => {
    ({ app } = await start({ interceptor: true }));
    const answer = await post(app, '/v1/echo/direct', { word: 'hi' });
    expect(answer.body).toEqual({ word: 'HI', shout: false, url: '/v1/echo/direct' });
    expect(calls).toContain('interceptor');
  });

  it('refuses, when the app starts, a route with a step of its own it would skip', async () => {
    let config: ApplicationConfig;
    let controller: EchoController;
    ({ app, config, controller } = await start());
    const direct = new DirectRoutes();
    expect(() => direct.add(controller, 'guarded', 'v1', config)).toThrow(/own __guards__/);
    expect(() => direct.add(controller, 'missing', 'v1', config)).toThrow(/no such method/);
    expect(() => direct.addController(controller, 'v1', config)).toThrow(/EchoController.guarded/);
  });
});
