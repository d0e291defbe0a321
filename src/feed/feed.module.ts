import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { ApiKeyEntity } from '../database/entities';
import { FeedController } from './feed.controller';
import { FeedResolver } from './feed.resolver';
import { FeedSockets } from './feed-sockets';
import { RedisBus } from './redis-bus.service';
import { RollFeed } from './roll-feed.service';
import { SseService } from './sse.service';

/** The live roll feed (SSE and GraphQL subscriptions) and the Redis bus between instances. */
@Global()
@Module({
  imports: [CampaignsModule, TypeOrmModule.forFeature([ApiKeyEntity])],
  controllers: [FeedController],
  providers: [RedisBus, RollFeed, SseService, FeedResolver, FeedSockets],
  exports: [RedisBus, RollFeed, FeedSockets],
})
export class FeedModule {}
