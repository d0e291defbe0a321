import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { ThrottlerModule } from '@nestjs/throttler';
import { CampaignGuard } from './auth/campaign.guard';
import { CampaignsModule } from './campaigns/campaigns.module';
import { EncountersModule } from './encounters/encounters.module';
import { CampaignStateModule, TreasuryModule } from './campaign-state/campaign-state.module';
import { ChecksModule } from './checks/checks.module';
import { HazardsModule } from './hazards/hazards.module';
import { ProblemFilter } from './common/problem.filter';
import { ArbiterThrottlerGuard } from './common/throttle.guard';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { FeedModule } from './feed/feed.module';
import { FeedSockets } from './feed/feed-sockets';
import { RedisBus } from './feed/redis-bus.service';
import { SharedThrottlerStorage } from './feed/shared-throttler.storage';
import { ReceiptsModule } from './receipts/receipts.module';
import { ApiKeyEntity } from './database/entities';
import { graphqlOptions } from './graphql/graphql.options';
import { HealthModule } from './health/health.module';
import { IdempotencyGuard } from './idempotency/idempotency.guard';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { RollsModule } from './rolls/rolls.module';
import { AuditModule } from './audit/audit.module';
import { WealthReferenceModule } from './wealth/reference/wealth-reference.module';
import { WealthModule } from './wealth/wealth.module';
import { StrongholdsModule } from './strongholds/strongholds.module';
import { InventoryModule } from './inventory/inventory.module';
import { TreasureModule } from './treasure/treasure.module';
import { CraftingModule } from './crafting/crafting.module';
import { CharactersModule } from './characters/characters.module';
import { CharactersBuilderModule } from './characters-builder/characters-builder.module';
import { HarmModule } from './harm/harm.module';
import { CombatModule } from './combat/combat.module';
import { AdvancementModule } from './advancement/advancement.module';
import { MagicModule } from './magic/magic.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Logger as Pino } from 'pino';
import { loggerModules } from './common/logging';
import { CairnMagicModule } from './magic/cairn/cairn-magic.module';
import { FoundryModule } from './foundry/foundry.module';
import { GmRulesModule } from './gm-rules/gm-rules.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger?: Pino): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // Structured JSON logs, request logs included (src/common/logging.ts).
        ...loggerModules(logger),
        DatabaseModule,
        TypeOrmModule.forFeature([ApiKeyEntity]),
        FeedModule,
        ReceiptsModule,
        // With REDIS_URL the budget is counted in Redis, shared by every instance; while it is away,
        // per instance or refused (RATE_LIMIT_WITHOUT_REDIS).
        ThrottlerModule.forRootAsync({
          inject: [RedisBus],
          useFactory: (bus: RedisBus) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: Math.max(config.RATE_LIMIT_PER_MINUTE, 1) }],
            ...(bus.enabled
              ? { storage: new SharedThrottlerStorage(bus, config.RATE_LIMIT_WITHOUT_REDIS) }
              : {}),
          }),
        }),
        // graphql-ws subscriptions on /graphql, authenticated in connection_init by FeedSockets.
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          inject: [FeedSockets],
          useFactory: (sockets: FeedSockets) => ({
            ...{},
            ...graphqlOptions(config),
            subscriptions: { 'graphql-ws': sockets.options() },
          }),
        }),
        IdempotencyModule,
        RollsModule,
        AuditModule,
        CampaignsModule,
        CampaignStateModule,
        TreasuryModule,
        ChecksModule,
        WealthModule,
        HealthModule,
        WealthReferenceModule,
        StrongholdsModule,
        InventoryModule,
        TreasureModule,
        CraftingModule,
        EncountersModule,
        CharactersModule,
        CharactersBuilderModule,
        HarmModule,
        CombatModule,
        AdvancementModule,
        HazardsModule,
        CairnMagicModule,
        FoundryModule,
        GmRulesModule,
        MagicModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ProblemFilter },
        // RATE_LIMIT_PER_MINUTE=0 turns limiting off: no guard at all then, rather than one that skips.
        ...(config.RATE_LIMIT_PER_MINUTE > 0
          ? [{ provide: APP_GUARD, useClass: ArbiterThrottlerGuard }]
          : []),
        { provide: APP_GUARD, useClass: CampaignGuard },
        // Last, so that a stored answer is only replayed to a caller the guards above let through.
        { provide: APP_GUARD, useClass: IdempotencyGuard },
      ],
    };
  }
}
