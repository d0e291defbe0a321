import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { SheetOwner, SheetsService } from '../characters/sheets.service';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { CombatEntity } from '../combat/combat-campaign.entities';
import { gmLoreOf, GM_MEMORIZED_SPELLS } from '../core/characters/gm-lore';
import type { Sheet } from '../core/characters/sheets';
import type { EngineEvent } from '../core/engine/events';
import { Database } from '../database/database.service';
import {
  decideGmCast,
  GM_CAST_PROCEDURE,
  markCast,
  type GmCastInput as CoreCastInput,
} from '../core/magic/gm/gm-cast';
import { assertCanAct } from '../harm/can-act';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import type { GmCastInput } from './gm-cast.inputs';
import type { GmCastResult } from './gm-cast.results';

/**
 * A stored G&M sorceror casts a memorised spell (docs/magic.md, "G&M casts"): the engine's state says
 * whether it may act (down, dead: can-act.ts; surprised in a running G&M combat: 001:754), the sheet
 * whether the spell is memorised, uncast and within its level less injuries (001:601). One logged
 * roll (`magic.gm.cast.v1`, no dice) carries the event to the log and the live feed; the spent slot
 * is written to the sheet through SheetsService.
 */
@Injectable()
export class GmCastService {
  constructor(
    private readonly db: Database,
    private readonly sheets: SheetsService,
    private readonly rolls: RollsService,
    registry: ProcedureRegistry,
  ) {
    registry.register(GM_CAST_PROCEDURE as never);
  }

  cast(who: Principal, characterId: string, input: GmCastInput, req: ArbiterRequest): Promise<GmCastResult> {
    assertMayActFor(who, characterId);
    const spell = input.spell?.trim() ?? '';
    if (!spell) throw Problem.field('VALIDATION_FAILED', 'spell', 'spell names a memorised spell.');
    return this.db.mutation(req, async (m) => {
      const { owner, row } = await this.sheets.characterSheet(m, who.campaignId, characterId, 'gm');
      const sheet = row.data;
      assertCanAct(owner, sheet, 'characterId', 'cast a spell', 'gm');
      await this.assertNotSurprised(m, owner);
      const core: CoreCastInput = {
        spell,
        archetypes: (sheet.archetypes ?? []) as CoreCastInput['archetypes'],
        injuries: injuriesOf(sheet),
        memorizedSpells: gmLoreOf(sheet).memorizedSpells,
      };
      // Refusals before anything is logged (the procedure decides the same on replay).
      decideGmCast(core);
      const rolled = this.rolls.roll(GM_CAST_PROCEDURE, core, undefined, diceBudget(req));
      const outcome = rolled.outcome;
      const target = input.target?.trim() || null;
      const events: EngineEvent[] = [
        {
          type: 'spell-cast',
          text: `${owner.name} casts ${outcome.spell} (level ${outcome.level})${target ? ` on ${target}` : ''}.`,
          ownerId: owner.id,
          ownerName: owner.name,
          source: outcome.spell,
        },
      ];
      const memorizedSpells = markCast(core.memorizedSpells, outcome.slot);
      const roll = await this.rolls.record(m, who, rolled, {
        effects: { characterId, spell: outcome.spell, level: outcome.level, target, events },
      });
      // The one write: the slot spent, through the sheet's own write (not a tracked value).
      await this.sheets.putSheetIn(
        m,
        who,
        { kind: 'character', id: characterId },
        'gm',
        { ...{}, ...sheet, [GM_MEMORIZED_SPELLS]: memorizedSpells },
        'sheet',
        { procedure: GM_CAST_PROCEDURE.name, rollId: roll.id },
      );
      return {
        characterId,
        spell: outcome.spell,
        level: outcome.level,
        casterLevel: outcome.casterLevel,
        injuries: outcome.injuries,
        highestLevel: outcome.highestLevel,
        target,
        memorizedSpells,
        events,
        rollId: roll.id,
      };
    });
  }

  /**
   * Surprised characters initiate no complex action, a spell least of all (001:754): a character
   * surprised in a running G&M combat of the campaign (its `surprised` condition, kept until it snaps
   * out of it) is refused with 409 naming characterId.
   */
  private async assertNotSurprised(m: EntityManager, owner: SheetOwner): Promise<void> {
    const combats = await m.find(CombatEntity, {
      where: { campaignId: owner.campaignId, status: 'active', system: 'gm' },
    });
    for (const combat of combats) {
      const me = combat.combatants.find((c) => c.kind === 'character' && c.id === owner.id);
      if (me?.conditions?.some((c) => c.name === 'surprised'))
        throw Problem.field(
          'CONFLICT',
          'characterId',
          `${owner.name} is surprised in combat ${combat.id} and casts no spell until it snaps out of it.`,
        );
    }
  }
}

/** The sheet's current injuries (0 when it keeps none). */
function injuriesOf(sheet: Sheet): number {
  const injuries = sheet.injuries as { current?: unknown } | undefined;
  return typeof injuries?.current === 'number' ? injuries.current : 0;
}
