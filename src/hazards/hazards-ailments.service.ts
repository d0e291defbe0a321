import { SheetHarmService } from '../harm/sheet-harm.service';
import type { GmState } from '../core/engine';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, Like } from 'typeorm';
import { Principal } from '../auth/principal';
import { CampaignStateService } from '../campaign-state/campaign-state.service';
import { CampaignsService } from '../campaigns/campaigns.service';
import { CharacterSheetEntity } from '../characters/characters.entities';
import { NpcsService, ownerOf } from '../characters/npcs.service';
import { SheetsService, type SheetOwner } from '../characters/sheets.service';
import { Problem } from '../common/problem';
import { newId } from '../common/time';
import { MutationCall } from '../database/database.service';
import { Database } from '../database/database.service';
import type { Sheet } from '../core/characters/sheets';
import {
  ailmentsOf,
  EXAMPLE_AILMENTS,
  ailmentTicksDue,
  gmAilmentTicks,
  countDownStatuses,
  gmStatusesOf,
  MAX_STORED_STATUSES,
  withGmStatuses,
  type AilmentTickInput,
  type GmAilmentOutcome,
  type StoredAilment,
} from '../core/hazards';
import { CampaignEntity } from '../database/entities';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import {
  AILMENT_TICKS_V2_PROCEDURE,
  AILMENT_TICKS_V3_PROCEDURE,
  AILMENT_TICKS_V4_PROCEDURE,
  loggedTicksV4,
} from './ailment-ticks';
import { hazardStateOf, withAilments, writeHazard } from './hazard-write';
import type {
  AilmentCureResult,
  AilmentTicksResult,
  GmStatusEndResult,
  GmStatusesEndedResult,
} from './hazard-ailments.results';

/**
 * The course of stored ailments alone, as rolled before issue 39 (its injuries then a second roll,
 * `harm.sheet-damage`): kept so that those rolls replay. Never rename.
 */
export const AILMENT_TICKS_PROCEDURE = { name: 'hazard.gm.ailment-ticks', run: gmAilmentTicks };

/**
 * G&M ailments kept on stored sheets (issue 21): `characterHazard` keeps a chronic ailment still
 * running in the sheet's `ailments`; each clock advance rolls the action times that fell due for
 * every sheet that keeps one (one logged roll per sheet per advance, sealed for an NPC whose numbers
 * are hidden), lands injuries through the condition ledger, and drops an ailment once thrown off.
 * The referee ends one with `POST …/characters/{id}/ailments/{ailmentId}/cure` (`cureAilment`).
 */
@Injectable()
export class HazardsAilmentsService implements OnModuleInit {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly state: CampaignStateService,
    private readonly sheets: SheetsService,
    private readonly npcs: NpcsService,
    private readonly rolls: RollsService,
    private readonly harm: SheetHarmService,
    registry: ProcedureRegistry,
  ) {
    registry.register(
      AILMENT_TICKS_PROCEDURE as never,
      AILMENT_TICKS_V2_PROCEDURE as never,
      AILMENT_TICKS_V3_PROCEDURE as never,
      AILMENT_TICKS_V4_PROCEDURE as never,
    );
  }

  onModuleInit(): void {
    this.state.onClockAdvance(async (m, who, campaign, { minutes }) => {
      const { ticks: ailmentTicks, ended: statusesEnded } = await this.tick(m, who, campaign, minutes);
      return {
        ...{},
        ...(ailmentTicks.length > 0 ? { ailmentTicks } : {}),
        ...(statusesEnded.length > 0 ? { statusesEnded } : {}),
      };
    });
  }

  /** The ailment a G&M ailment answer leaves on the sheet, or null (resolved whole or thrown off). */
  static toStore(outcome: GmAilmentOutcome, input: Record<string, unknown>): StoredAilment | null {
    if (!outcome.ongoing || (outcome.kind !== 'chronic' && outcome.kind !== 'chronic-inescapable'))
      return null;
    const course = outcome.steps.filter((s) => s.phase === 'course').length;
    const reaction = typeof input.reaction === 'number' ? input.reaction : 0;
    const def = EXAMPLE_AILMENTS.find((a) => a.id === outcome.ailment);
    return {
      id: newId(),
      ailment: outcome.ailment,
      name: outcome.name,
      kind: outcome.kind,
      strength: outcome.strength,
      health: typeof input.health === 'number' ? input.health : reaction,
      effect: outcome.effect,
      effectDice: typeof input.effectDice === 'number' ? input.effectDice : (def?.effect.dice ?? 1),
      effectSides: typeof input.effectSides === 'number' ? input.effectSides : (def?.effect.sides ?? 1),
      scores: outcome.effectScores,
      actionTime: outcome.actionTime,
      courseTimes: course,
      carriedSeconds: 0,
      total: outcome.total,
    };
  }

  /**
   * A stored combat's round (G&M: ten seconds) for its combatants: their timed statuses count down
   * by `seconds` and those that run out leave the sheet, in the caller's transaction (the ailments'
   * courses stay on the clock: they roll). Answers what ended, a hidden NPC's only to the referee.
   */
  async countDownCombatants(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    combatants: ReadonlyArray<{ kind: 'character' | 'npc'; id: string }>,
    seconds: number,
  ): Promise<GmStatusesEndedResult[]> {
    const ended: GmStatusesEndedResult[] = [];
    if (combatants.length === 0) return ended;
    // Every combatant's G&M sheet in one read (locked); only those with a timed status go on.
    const rows = await Database.selectRows(
      m,
      CharacterSheetEntity,
      { ownerId: combatants.map((c) => c.id), system: 'gm' as const },
      { lock: true },
    );
    for (const c of combatants) {
      const row = rows.find((r) => r.ownerId === c.id && r.ownerKind === c.kind);
      if (!row) continue;
      const statuses = gmStatusesOf(row.data);
      if (statuses.every((x) => x.secondsLeft === null)) continue;
      const { owner, secret } = await this.ownerOf(m, campaign, c.kind, c.id);
      const counted = countDownStatuses(statuses, seconds);
      await this.rewriteGm(m, who, campaign, owner, row, (sheet) => withGmStatuses(sheet, counted.kept));
      if (counted.ended.length > 0 && (!secret || who.role === 'referee'))
        ended.push({ ownerKind: owner.kind, ownerId: owner.id, ended: counted.ended });
    }
    return ended;
  }

  /** A sheet's owner, and whether its numbers are hidden from players (an NPC's visibility). */
  private async ownerOf(
    m: EntityManager,
    campaign: CampaignEntity,
    kind: string,
    id: string,
  ): Promise<{ owner: SheetOwner; secret: boolean }> {
    if (kind !== 'npc') return { owner: await this.sheets.characterOwner(m, campaign.id, id), secret: false };
    const npc = await this.npcs.npc(m, campaign.id, id);
    return { owner: ownerOf(npc), secret: !NpcsService.numbersPublic(npc) };
  }

  private async tick(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    minutes: number,
  ): Promise<{ ticks: AilmentTicksResult[]; ended: GmStatusesEndedResult[] }> {
    const out: AilmentTicksResult[] = [];
    const endedOut: GmStatusesEndedResult[] = [];
    if (minutes <= 0) return { ticks: out, ended: endedOut };
    // Only G&M sheets that keep an ailment or a status (the sheet is JSON text on both databases).
    const where = { campaignId: campaign.id, system: 'gm' as const };
    const candidates = await m.find(CharacterSheetEntity, {
      where: [
        { ...{}, ...where, data: Like('%"ailments":[%') as never },
        { ...{}, ...where, data: Like('%"statuses":[%') as never },
      ],
      order: { id: 'ASC' },
    });
    for (const candidate of candidates) {
      // Nothing to roll or count down: untimed statuses (shock, ailing) wait for the referee.
      if (
        ailmentsOf(candidate.data).length === 0 &&
        gmStatusesOf(candidate.data).every((x) => x.secondsLeft === null)
      )
        continue;
      const { owner, secret } = await this.ownerOf(m, campaign, candidate.ownerKind, candidate.ownerId);
      const row = await this.sheets.requireSheet(m, owner, 'gm', { lock: true });
      const stored = ailmentsOf(row.data);
      // Timed statuses count down first; what an ailment lands in this advance is added after.
      const counted = countDownStatuses(gmStatusesOf(row.data), minutes * 60);
      if (counted.ended.length > 0 && (!secret || who.role === 'referee'))
        endedOut.push({ ownerKind: owner.kind, ownerId: owner.id, ended: counted.ended });
      const batch: AilmentTickInput[] = [];
      const carried = new Map<string, number>();
      for (const a of stored) {
        const due = ailmentTicksDue(a, minutes * 60);
        carried.set(a.id, due.carried);
        if (due.ticks > 0) {
          batch.push({
            id: a.id,
            strength: a.strength,
            health: a.health,
            from: a.courseTimes + 1,
            count: due.ticks,
            effect: a.effect,
            effectDice: a.effectDice,
            effectSides: a.effectSides,
          });
        }
      }
      if (batch.length === 0) {
        // Time carried toward the next action time; nothing rolled, nothing logged.
        const next = stored.map((a) => ({
          ...{},
          ...a,
          carriedSeconds: carried.get(a.id) ?? a.carriedSeconds,
        }));
        await this.rewriteGm(m, who, campaign, owner, row, (sheet) =>
          withGmStatuses(withAilments(sheet, next), counted.kept),
        );
        continue;
      }
      // The course and the engine's transition in one logged roll (issue 39): the course's injuries are
      // harm (the consciousness and death rolls), its sleep and paralysis statuses; the state read
      // with the statuses as counted down above.
      const read = hazardStateOf(owner, row, campaign, 'gm') as GmState;
      const state: GmState = read.hazard
        ? { ...{}, ...read, hazard: { ...{}, ...read.hazard, statuses: counted.kept } }
        : read;
      // Rolled whole (the write reads it), logged as `hazard.gm.ailment-ticks.v4`'s replay answers it.
      const rolled = this.rolls.roll(
        AILMENT_TICKS_V4_PROCEDURE.whole,
        { ailments: batch, state, ids: batch.map(() => newId()) },
        undefined,
      );
      const { course, applied: engine } = rolled.outcome;
      const events = engine.events;
      const logged = { ...{}, ...rolled, outcome: loggedTicksV4(rolled.outcome) };
      const record = await this.rolls.record(m, who, logged, {
        campaign,
        secret,
        effects: {
          ...{},
          ...(owner.kind === 'npc' ? { npcId: owner.id } : { characterId: owner.id }),
          system: 'gm',
          ailments: batch.map((b) => b.id),
          ...(engine.outcome ? { state: engine.outcome.state, changes: engine.outcome.changes } : {}),
          // The engine's events (issue 42): the roll log and the live feed tell them.
          events,
        },
      });
      const results = new Map(course.ailments.map((r) => [r.id, r]));
      const next: StoredAilment[] = [];
      for (const a of stored) {
        const r = results.get(a.id);
        if (r?.ended) continue;
        next.push({
          ...{},
          ...a,
          courseTimes: a.courseTimes + (r?.steps.length ?? 0),
          carriedSeconds: carried.get(a.id) ?? a.carriedSeconds,
          total: a.total + (r?.amount ?? 0),
        });
      }
      const injuries = course.injuries;
      const statuses = (engine.gmStatuses ?? counted.kept).slice(0, MAX_STORED_STATUSES);
      // One write of the sheet row: the ailments and statuses (cause: the roll, reason `ailment`), then
      // the harm (cause: the procedure), each entry naming this roll.
      const { harm } = await writeHazard(
        { sheets: this.sheets, harm: this.harm },
        m,
        who,
        campaign,
        owner,
        row,
        'gm',
        state,
        engine,
        { procedure: AILMENT_TICKS_V4_PROCEDURE.name, rollId: record.id },
        { reason: 'ailment', lists: (sheet) => withGmStatuses(withAilments(sheet, next), statuses) },
      );
      if (!secret || who.role === 'referee') {
        out.push({
          ownerKind: owner.kind,
          ownerId: owner.id,
          rollId: record.id,
          injuries,
          ailments: course.ailments.map((r) => ({
            id: r.id,
            rolled: r.steps.length,
            amount: r.amount,
            ended: r.ended,
            steps: r.steps,
          })),
          events: harm?.events ?? events,
        });
      }
    }
    return { ticks: out, ended: endedOut };
  }

  /** The referee ends a status kept on a character's G&M sheet (woken, cured, or its time is up). */
  endStatus(
    who: Principal,
    characterId: string,
    statusId: string,
    call: MutationCall,
  ): Promise<GmStatusEndResult> {
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const { owner, row } = await this.sheets.characterSheet(m, campaign.id, characterId, 'gm');
      const stored = gmStatusesOf(row.data);
      if (!stored.some((s) => s.id === statusId)) throw Problem.notFound(`Status ${statusId}`);
      const next = stored.filter((s) => s.id !== statusId);
      await this.rewriteGm(m, who, campaign, owner, row, (sheet) => withGmStatuses(sheet, next));
      return { characterId, statusId, statuses: next };
    });
  }

  /** Writes what `base` makes of a G&M sheet (its statuses or ailments; no tracked value changes). */
  private rewriteGm(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    row: CharacterSheetEntity,
    base: (sheet: Sheet) => Sheet,
  ) {
    return this.sheets.changeTracked(
      m,
      who,
      campaign,
      owner,
      'gm',
      [],
      { cause: 'procedure' },
      { row, base },
    );
  }

  /** The referee ends an ailment kept on a character's G&M sheet (a cure, or it ran its course). */
  cure(
    who: Principal,
    characterId: string,
    ailmentId: string,
    call: MutationCall,
  ): Promise<AilmentCureResult> {
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const { owner, row } = await this.sheets.characterSheet(m, campaign.id, characterId, 'gm');
      const stored = ailmentsOf(row.data);
      if (!stored.some((a) => a.id === ailmentId)) throw Problem.notFound(`Ailment ${ailmentId}`);
      const next = stored.filter((a) => a.id !== ailmentId);
      await this.rewriteGm(m, who, campaign, owner, row, (sheet) => withAilments(sheet, next));
      return { characterId, ailmentId, ailments: next };
    });
  }
}

export { withAilments };
