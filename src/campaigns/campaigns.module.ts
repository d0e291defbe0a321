import { Global, Module } from '@nestjs/common';
import {
  CampaignsController,
  CharactersController,
  KeysController,
  SessionsController,
} from './campaigns.controller';
import { KeyCache } from '../auth/key-cache';
import { CampaignsResolver } from './campaigns.resolver';
import { CampaignsService } from './campaigns.service';

@Global()
@Module({
  controllers: [CampaignsController, KeysController, CharactersController, SessionsController],
  providers: [CampaignsService, CampaignsResolver, KeyCache],
  exports: [CampaignsService, KeyCache],
})
export class CampaignsModule {}
