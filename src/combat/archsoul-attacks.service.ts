import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { NpcsService, ownerOf } from '../characters/npcs.service';
import { SheetsService, type SheetOwner } from '../characters/sheets.service';
import { asBadRequest, Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import type { ArchsoulAttackV2Outcome } from '../core/combat';
import { sheetState, type ArchsoulState } from '../core/engine';
import { archsoulStatusNamed, harmOf } from '../core/harm';
import { Database } from '../database/database.service';
import { assertCanAct } from '../harm/can-act';
import { SheetHarmService } from '../harm/sheet-harm.service';
import { RollsService } from '../rolls/rolls.service';
import type { ArchsoulAttackSideInput, ArchsoulCampaignAttackInput } from './archsoul-attacks.inputs';
import type { ArchsoulCampaignAttackResult } from './archsoul-attacks.results';
import { COMBAT_PROCEDURES } from './combat-procedures';

/**
 * A stored Archsoul attack (issue 43, AS-26): the statuses of both sides are read from their Archsoul
 * sheets (`statuses`, and the target's harm state for unconscious), the stateless procedure
 * `combat.archsoul-attack` rolls on the referee's numbers and is logged, and a hit's damage goes to
 * the target through the harm transition (`harm.sheet-damage`, which doubles a coup de grâce and adds
 * its round unconscious). Referee only: the attack's pool, difficulty and the defence are the
 * referee's numbers (the seeds lack the Archsoul attack pages).
 */
@Injectable()
export class ArchsoulAttacksService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly npcs: NpcsService,
    private readonly rolls: RollsService,
    private readonly harm: SheetHarmService,
  ) {}

  attack(
    who: Principal,
    input: ArchsoulCampaignAttackInput,
    req: ArbiterRequest,
  ): Promise<ArchsoulCampaignAttackResult> {
    if (who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee makes a stored Archsoul attack.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const target = await this.side(m, campaign.id, input.target, 'target');
      const attacker = input.attacker ? await this.side(m, campaign.id, input.attacker, 'attacker') : null;
      if (attacker && attacker.owner.id === target.owner.id)
        throw Problem.field('VALIDATION_FAILED', 'target', 'A combatant does not attack itself.');
      const targetRow = await this.sheets.requireSheet(m, target.owner, 'archsoul', { lock: true });
      const attackerRow = attacker
        ? await this.sheets.requireSheet(m, attacker.owner, 'archsoul', { lock: true })
        : null;
      if (attacker && attackerRow)
        assertCanAct(attacker.owner, attackerRow.data, 'attacker', 'attack', 'archsoul');
      const targetState = harmOf(targetRow.data).state;
      if (targetState === 'dead')
        throw Problem.field(
          'CONFLICT',
          'target',
          `${target.owner.name} is dead (sheet.harm.state on the archsoul sheet).`,
        );
      // The target's engine state from its sheet as read (locked); a hit's harm runs on it in the roll.
      const state = sheetState(
        { name: target.owner.name, id: target.owner.id, npc: target.owner.kind === 'npc' },
        'archsoul',
        targetRow.data,
        targetRow.data,
        harmOf(targetRow.data),
        true,
      ) as ArchsoulState;
      if ((input.damage ?? 0) > 0 && !hasEndurance(targetRow.data))
        throw Problem.field(
          'UNPROCESSABLE',
          'target',
          `${target.owner.name}’s Archsoul sheet has no Endurance in stats: the death threshold needs it.`,
        );
      const procedureInput = {
        state,
        kind: input.kind,
        attackerStatuses: attackerRow ? statusesOf(attackerRow.data) : [],
        targetStatuses: statusesOf(targetRow.data),
        targetUnconscious: targetState === 'unconscious',
        ...(input.exclusive === undefined || input.exclusive === null ? {} : { exclusive: input.exclusive }),
        ...(input.unarmed ? { unarmed: true } : {}),
        ...(input.arc ? { arc: input.arc } : {}),
        dice: input.dice,
        difficulty: input.difficulty,
        defence: input.defence,
        ...(input.damage === undefined || input.damage === null ? {} : { damage: input.damage }),
        ...(input.grapple
          ? {
              grapple: {
                dice: input.grapple.dice,
                difficulty: input.grapple.difficulty,
                ...(input.grapple.needed ? { needed: input.grapple.needed } : {}),
              },
            }
          : {}),
      };
      const rolled = asBadRequest(() =>
        this.rolls.roll(
          COMBAT_PROCEDURES.archsoulAttackStored,
          procedureInput,
          input.seed ?? undefined,
          diceBudget(req),
        ),
      );
      const outcome = rolled.outcome as ArchsoulAttackV2Outcome;
      if (!outcome.allowed)
        throw Problem.field(
          'CONFLICT',
          'attacker',
          `${attacker?.owner.name ?? 'The attacker'} is ${outcome.why}: no attack.`,
        );
      const secret = !(attacker?.visible ?? true) || !target.visible;
      const hit = outcome.attack?.hit === true;
      const record = await this.rolls.record(m, who, rolled as never, {
        campaign,
        secret,
        effects: {
          attacker: attacker?.owner.id ?? null,
          target: target.owner.id,
          hit,
          coupDeGrace: outcome.coupDeGrace,
          damage: outcome.damage,
          ...(outcome.harm ? { state: outcome.harm.state, changes: outcome.harm.changes } : {}),
          // The engine's events of the harm (issue 42), as the transition told them in this roll.
          ...(outcome.harm ? { events: outcome.events } : {}),
        },
      });
      // The harm computed in the roll, written through the one harm path (no second read or roll).
      const harm = outcome.harm
        ? await this.harm.applyDamage(
            m,
            who,
            target.owner,
            {
              system: 'archsoul',
              amount: input.damage,
              coupDeGrace: outcome.coupDeGrace,
              source: `an attack${attacker ? ` by ${attacker.owner.name}` : ''}`,
            },
            {
              campaign,
              secret,
              req,
              computed: {
                row: targetRow,
                outcome: outcome.harm,
                roll: { id: record.id, procedure: rolled.procedure, seed: rolled.seed, rng: rolled.rng },
                state,
                events: outcome.events,
              },
            },
          )
        : null;
      const { harm: _harm, events: _events, ...attack } = outcome;
      return {
        ...{},
        ...attack,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: record.id,
        attackerId: attacker?.owner.id ?? null,
        targetId: target.owner.id,
        harm,
      };
    });
  }

  /** A side's owner; 400 naming the field without exactly one of characterId and npcId. */
  private async side(
    m: EntityManager,
    campaignId: string,
    side: ArchsoulAttackSideInput,
    field: string,
  ): Promise<{ owner: SheetOwner; visible: boolean }> {
    if (!side.characterId === !side.npcId)
      throw Problem.field(
        'VALIDATION_FAILED',
        field,
        `${field} names a characterId or an npcId (one of them).`,
      );
    if (side.characterId)
      return { owner: await this.sheets.characterOwner(m, campaignId, side.characterId), visible: true };
    const row = await this.npcs.npc(m, campaignId, side.npcId!);
    return { owner: ownerOf(row), visible: NpcsService.numbersPublic(row) };
  }
}

/** The statuses a sheet keeps that the rules know (any spelling; others are the referee's notes). */
function statusesOf(sheet: Record<string, unknown>): string[] {
  const list = Array.isArray(sheet.statuses) ? sheet.statuses : [];
  return list.filter((s): s is string => typeof s === 'string' && archsoulStatusNamed(s) !== null);
}

/** The sheet keeps an Endurance among its stats (the harm's death threshold reads it). */
function hasEndurance(sheet: Record<string, unknown>): boolean {
  const stats = (sheet.stats ?? {}) as Record<string, unknown>;
  return Object.keys(stats).some((k) => k.toLowerCase() === 'endurance');
}
