import { Module } from '@nestjs/common';
import { MagicController } from './magic.controller';
import { MagicResolver } from './magic.resolver';
import { MagicService } from './magic.service';

/**
 * Magic (SPEC 6.5), COEAC: channeling, counterspells, Spell Mastery, catastrophes, the 80-spell
 * catalogue and a random spell. (Cairn casting has its own CairnMagicModule under ./cairn.) Rolls and
 * the procedure registry come from global modules.
 */
@Module({
  controllers: [MagicController],
  providers: [MagicService, MagicResolver],
  exports: [MagicService],
})
export class MagicModule {}
