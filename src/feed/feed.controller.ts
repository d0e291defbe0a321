import { Controller, Get, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal } from '../auth/principal';
import type { ArbiterRequest } from '../common/request-context';
import { SseService } from './sse.service';

@ApiTags('rolls')
@ApiBearerAuth()
@Controller('campaigns/:campaignId/rolls')
export class FeedController {
  constructor(private readonly sse: SseService) {}

  @Get('stream')
  @ApiOperation({
    summary: 'The roll log live, as Server-Sent Events (rollLogged with the roll cursor as id, rollRevealed)',
  })
  @ApiProduces('text/event-stream')
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'The id of the last event received: the rolls logged since are sent first, from the log.',
  })
  @ApiOkResponse({
    description: 'An endless text/event-stream; a heartbeat comment every FEED_HEARTBEAT_MS.',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ description: 'Last-Event-ID is not the id of an event this stream sent.' })
  @ApiResponse({
    status: 429,
    description: 'Too many requests, or this key already holds FEED_MAX_SUBSCRIBERS_PER_KEY live feeds.',
  })
  @ApiResponse({
    status: 503,
    description: 'This instance already serves FEED_MAX_SUBSCRIBERS live feeds; try again later.',
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  })
  stream(
    @CurrentPrincipal() principal: Principal,
    @Req() req: ArbiterRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.sse.open(principal, req, reply);
  }
}
