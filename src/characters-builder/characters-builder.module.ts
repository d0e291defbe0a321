import { Module } from '@nestjs/common';
import { CharactersBuilderController, CheckHelpersController } from './builder.controller';
import { CharactersBuilderResolver } from './builder.resolver';
import { CharactersBuilderService } from './builder.service';

/**
 * Stateless character building (G&M ability rolls and derivation), NPC makers (COEAC hirelings,
 * followers and animals; Cairn hirelings) and check helpers (COEAC Objectives, criticals, extended
 * tests, halving; G&M tasks and many-sided contests). See docs/characters-builder.md.
 */
@Module({
  controllers: [CharactersBuilderController, CheckHelpersController],
  providers: [CharactersBuilderService, CharactersBuilderResolver],
})
export class CharactersBuilderModule {}
