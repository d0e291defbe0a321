import { Module } from '@nestjs/common';
import { AdvancementModule } from '../advancement/advancement.module';
import { CharactersModule } from '../characters/characters.module';
import { InventoryModule } from '../inventory/inventory.module';
import { HarmController } from './harm.controller';
import { HarmResolver } from './harm.resolver';
import { HarmService } from './harm.service';
import { CharacterHarmController, NpcHarmController, PartyRestsController } from './sheet-harm.controller';
import { SheetHarmResolver, SheetHarmTimersResolver } from './sheet-harm.resolver';
import { SheetHarmService } from './sheet-harm.service';

/**
 * Harm and recovery (SPEC 6.2): the stateless procedures of all four systems (HarmService) and the
 * campaign half on stored sheets (SheetHarmService). Other domains import this module and call
 * `SheetHarmService.applyDamage(m, who, owner, input, options)` inside their own transaction to
 * apply damage through the condition ledger with everything that follows (combat does), or
 * `applyRest` for a rest; both log one roll and answer every step with its odds.
 */
@Module({
  imports: [CharactersModule, InventoryModule, AdvancementModule],
  controllers: [HarmController, CharacterHarmController, NpcHarmController, PartyRestsController],
  providers: [HarmService, HarmResolver, SheetHarmService, SheetHarmResolver, SheetHarmTimersResolver],
  exports: [HarmService, SheetHarmService],
})
export class HarmModule {}
