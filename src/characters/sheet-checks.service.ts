import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { CHECKS, ChecksService, GmSideReading } from '../checks/checks.service';
import { RuleError } from '../core/errors';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { planSheetCheck, SheetCheckKind, SheetModifier } from '../core/characters/sheets-checks';
import { Sheet, SheetSystem } from '../core/characters/sheets';
import type { ArchsoulCheckAction } from '../core/harm/archsoul-condition';
import { Database } from '../database/database.service';
import { CampaignEntity, RollEntity } from '../database/entities';
import { newId, now } from '../common/time';
import { TaskAttemptEntity } from './characters.entities';
import { RollsService } from '../rolls/rolls.service';
import { SheetCheckInput } from './characters.inputs';
import { SheetCheckResult } from './characters.results';
import { NpcsService, ownerOf } from './npcs.service';
import { SheetOwner, SheetsService } from './sheets.service';
import { archetypalRoll, mojoNeeded } from '../core/advancement/gm-mojo';

/** The task fields of a check (G&M CH6). */
type TaskFields = Pick<SheetCheckInput, 'task' | 'reframed' | 'framing'>;

/** The scope of the characters' group attempts at a task, counted apart from individual attempts. */
export const GROUP_TASK_SCOPE = 'characters:group';

/** What a sheet check modifier sees: whose sheet, which system, the sheet as answered, the task. */
export interface SheetCheckContext {
  campaign: CampaignEntity;
  owner: SheetOwner;
  system: SheetSystem;
  sheet: Sheet;
  taskTags: string[];
  /** What the check rolls, as sent: Archsoul's stats, or the G&M reaction or ability. */
  names: string[];
  /** Archsoul: what the check does (`SheetCheckInput.action`), for the statuses; null: a skill check. */
  action: ArchsoulCheckAction | null;
}

/**
 * A domain's say in every check that reads the sheet (harm: injuries; hazards: fatigue; statuses):
 * it answers the modifiers to add, each naming its source, with `dice` for pool systems (COEAC,
 * Archsoul) and `amount` for roll-under ones (Cairn, G&M). Runs inside the check's transaction.
 */
export type SheetCheckModifier = (
  m: EntityManager,
  who: Principal,
  context: SheetCheckContext,
) => Promise<SheetModifier[]>;

const CORE: Record<SheetCheckKind, { name: string; run: (i: never, d: never) => unknown }> = {
  pool: CHECKS.pool,
  save: CHECKS.save,
  'difficulty-pool': CHECKS.difficultyPool,
  ability: CHECKS.ability,
};

/**
 * Checks that read the sheet (SPEC 6.1): the server builds the pool or target from the sheet, adds
 * what the state and the campaign impose (stronghold tags and attunement through the campaign pool
 * modifiers, then every registered sheet modifier) and names each modifier in the answer. The roll
 * is the matching core check, logged once, so it replays like any other.
 */
@Injectable()
export class SheetChecksService {
  private readonly modifiers: SheetCheckModifier[] = [];

  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly npcs: NpcsService,
    private readonly checks: ChecksService,
    private readonly rolls: RollsService,
  ) {
    checks.setGmSideReader((m, who, side, path) => this.readGmSide(m, who, side, path));
  }

  /**
   * A G&M contest side read from its sheet (issue 42): the attribute or reaction as the sheet answers
   * it (reactions with their level bonuses) and what every registered sheet modifier adds (the
   * injury penalty, 001:601; ailments, statuses, gear), refusals included. Every refusal names a
   * field under `path` (`acting.characterId`, `resisting.reaction` …). A player's key reads only the
   * characters it acts for; NPCs are the referee's.
   */
  private async readGmSide(
    m: EntityManager,
    who: Principal,
    side: { characterId?: string; npcId?: string; attribute?: string; reaction?: string },
    path: string,
  ): Promise<GmSideReading> {
    const prefix = (field: string) => `${path}.${field}`;
    try {
      let owner: SheetOwner;
      let hidden = false;
      if (side.npcId != null) {
        if (who.role !== 'referee')
          throw Problem.field('FORBIDDEN', 'npcId', 'Only the referee rolls for NPCs.');
        const row = await this.npcs.npc(m, who.campaignId, side.npcId);
        owner = ownerOf(row);
        hidden = !NpcsService.numbersPublic(row);
      } else {
        const characterId = side.characterId as string;
        if (who.role !== 'referee' && !who.characterIds.includes(characterId))
          throw Problem.field('FORBIDDEN', 'characterId', 'This key may not roll for that character.');
        owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      }
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const row = await this.sheets.requireSheet(m, owner, 'gm');
      const sheet = await this.sheets.view(m, owner, row, campaign);
      const names = [side.reaction, side.attribute].filter((n): n is string => typeof n === 'string');
      const extra: SheetModifier[] = [];
      for (const modify of this.modifiers)
        extra.push(
          ...(await modify(m, who, {
            campaign,
            owner,
            system: 'gm',
            sheet,
            taskTags: [],
            names,
            action: null,
          })),
        );
      const plan = planSheetCheck(
        'gm',
        sheet,
        { attribute: side.attribute ?? undefined, reaction: side.reaction ?? undefined },
        { npc: owner.kind === 'npc' },
        extra,
      );
      return { rating: plan.rating, modifiers: extra.filter((e) => e.amount), hidden };
    } catch (error) {
      throw underSide(error, prefix);
    }
  }

  /** Lets a domain add modifiers to every check that reads a sheet. */
  addModifier(modifier: SheetCheckModifier): void {
    this.modifiers.push(modifier);
  }

  characterCheck(
    who: Principal,
    characterId: string,
    input: SheetCheckInput,
    req: ArbiterRequest,
  ): Promise<SheetCheckResult> {
    assertMayActFor(who, characterId);
    this.assertSecretAllowed(who, input);
    return this.db.mutation(req, async (m) => {
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      return this.run(m, who, owner, input, input.secret ?? false, req);
    });
  }

  npcCheck(
    who: Principal,
    npcId: string,
    input: SheetCheckInput,
    req: ArbiterRequest,
  ): Promise<SheetCheckResult> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee rolls for NPCs.');
    return this.db.mutation(req, async (m) => {
      const row = await this.npcs.npc(m, who.campaignId, npcId);
      // A roll about an NPC whose numbers are hidden is sealed unless the referee says otherwise.
      const secret = input.secret ?? !NpcsService.numbersPublic(row);
      return this.run(m, who, ownerOf(row), input, secret, req);
    });
  }

  /**
   * G&M CH6 (001:671–675): a failed task is not rolled again, not even by another character, unless
   * it is reframed (`reframed: true` with a `framing` other than the failed attempt's) or a new
   * session has started. Characters share the campaign's tasks; each NPC has its own. A sealed,
   * unrevealed failure refuses only the referee, so a refusal never tells a player what it hid.
   */
  private async assertTaskOpen(
    m: EntityManager,
    who: Principal,
    owner: SheetOwner | null,
    campaign: CampaignEntity,
    input: TaskFields,
  ): Promise<{ name: string; key: string; scope: string } | null> {
    const name = input.task?.trim() ?? '';
    if (input.task !== undefined && input.task !== null && name.length === 0) {
      throw Problem.field('VALIDATION_FAILED', 'task', 'task names the task; it cannot be blank.');
    }
    if (!name) {
      if (input.reframed !== undefined || input.framing !== undefined) {
        throw Problem.field('VALIDATION_FAILED', 'task', 'reframed and framing go with a task.');
      }
      return null;
    }
    if (input.reframed === true && !input.framing?.trim()) {
      throw Problem.field('VALIDATION_FAILED', 'framing', 'A reframed task says how it is framed now.');
    }
    // A group of characters has its own count (001:675): one group attempt after an individual one
    // fails, one individual attempt after a group one fails.
    const scope = owner === null ? GROUP_TASK_SCOPE : owner.kind === 'npc' ? owner.id : 'characters';
    const task = { name, key: name.toLowerCase(), scope };
    const prior = await m.findOne(TaskAttemptEntity, {
      where: { campaignId: campaign.id, scope: task.scope, taskKey: task.key },
    });
    if (!prior || prior.passed || prior.sessionId !== campaign.currentSessionId) return task;
    if (prior.secret && who.role !== 'referee') {
      const roll = await m.findOne(RollEntity, {
        where: { id: prior.rollId },
        select: { id: true, revealedAt: true },
      });
      if (!roll?.revealedAt) return task;
    }
    if (input.reframed !== true) {
      throw Problem.field(
        'CONFLICT',
        'task',
        `The task "${prior.task}" failed in this session (roll ${prior.rollId}); a failed task is not rolled again ` +
          'unless it is reframed (reframed: true with a new framing) or a new session starts' +
          (scope === 'characters'
            ? '; a group of characters may still attempt it once (POST …/gm-group-efforts).'
            : scope === GROUP_TASK_SCOPE
              ? '; a group attempt is counted apart from the individual ones: one each.'
              : '.'),
      );
    }
    const framing = (f: string | null | undefined) => (f ?? '').trim().toLowerCase();
    if (framing(input.framing) === framing(prior.framing)) {
      throw Problem.field(
        'CONFLICT',
        'framing',
        'A reframed task needs a framing other than the failed attempt’s.',
      );
    }
    return task;
  }

  /**
   * CH6 for a group of characters (a campaign group effort): the group's own attempt at a task is
   * open unless a group attempt at it already failed this session (and it is not reframed).
   */
  openGroupTask(m: EntityManager, who: Principal, campaign: CampaignEntity, input: TaskFields) {
    return this.assertTaskOpen(m, who, null, campaign, input);
  }

  /** Records a group's attempt at a task (under its first member). */
  rememberGroupAttempt(
    m: EntityManager,
    characterId: string,
    campaign: CampaignEntity,
    task: { name: string; key: string; scope: string },
    input: TaskFields,
    passed: boolean,
    rollId: string,
    secret: boolean,
  ): Promise<void> {
    const owner = { kind: 'character', id: characterId } as SheetOwner;
    return this.rememberAttempt(m, owner, campaign, task, input, passed, rollId, secret);
  }

  private async rememberAttempt(
    m: EntityManager,
    owner: SheetOwner,
    campaign: CampaignEntity,
    task: { name: string; key: string; scope: string },
    input: TaskFields,
    passed: boolean,
    rollId: string,
    secret: boolean,
  ): Promise<void> {
    const values = {
      ownerKind: owner.kind,
      ownerId: owner.id,
      task: task.name,
      framing: input.framing?.trim() || null,
      passed,
      sessionId: campaign.currentSessionId,
      rollId,
      secret,
      updatedAt: now(),
    };
    const prior = await m.findOne(TaskAttemptEntity, {
      where: { campaignId: campaign.id, scope: task.scope, taskKey: task.key },
      select: { id: true },
    });
    if (prior) await Database.updateRow(m, TaskAttemptEntity, prior.id, values);
    else {
      await Database.insertRow(m, TaskAttemptEntity, {
        id: newId(),
        campaignId: campaign.id,
        scope: task.scope,
        taskKey: task.key,
        ...values,
      });
    }
  }

  private assertSecretAllowed(who: Principal, input: SheetCheckInput): void {
    if (input.secret && who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
  }

  private async run(
    m: EntityManager,
    who: Principal,
    owner: SheetOwner,
    input: SheetCheckInput,
    secret: boolean,
    req: ArbiterRequest,
  ): Promise<SheetCheckResult> {
    const system = input.system as SheetSystem;
    const campaign = await this.campaigns.campaign(m, who.campaignId);
    const task = await this.assertTaskOpen(m, who, owner, campaign, input);
    const row = await this.sheets.requireSheet(m, owner, system);
    const sheet = await this.sheets.view(m, owner, row);
    const taskTags = input.taskTags ?? [];
    const extra: SheetModifier[] = [];
    const echo: Record<string, unknown> = {};
    if (owner.kind === 'character' && system === 'coeac') {
      // The campaign pool modifiers of the existing checks: stronghold tags, attunement.
      const task = { characterId: owner.id, taskTags };
      for (const change of await this.checks.poolModifications(m, who, task)) {
        const source = Object.keys(change.echo ?? {})[0] ?? 'campaign';
        const dice = (change.bonusDice ?? 0) - (change.penaltyDice ?? 0);
        if (dice !== 0) extra.push({ source, dice });
        Object.assign(echo, change.echo ?? {});
      }
    } else if (input.taskTags !== undefined) {
      throw Problem.field('VALIDATION_FAILED', 'taskTags', 'taskTags apply to COEAC checks of characters.');
    }
    if (input.action !== undefined && system !== 'archsoul') {
      throw Problem.field('VALIDATION_FAILED', 'action', 'action applies to Archsoul checks.');
    }
    const action = (input.action ?? null) as ArchsoulCheckAction | null;
    for (const modify of this.modifiers) {
      extra.push(
        ...(await modify(m, who, {
          campaign,
          owner,
          system,
          sheet,
          taskTags,
          names: checkNames(input),
          action,
        })),
      );
    }
    const request = {
      skill: input.skill,
      save: input.save,
      attribute: input.attribute,
      reaction: input.reaction,
      stats: input.stats,
      objective: input.objective,
      difficulty: input.difficulty,
      modifier: input.modifier,
      bonusDice: input.bonusDice,
      penaltyDice: input.penaltyDice,
      helpers: input.helpers,
      specialty: input.specialty,
    };
    const plan = planSheetCheck(system, sheet, request, { npc: owner.kind === 'npc' }, extra);
    const rolled = this.rolls.roll(
      CORE[plan.check] as never,
      plan.input as never,
      input.seed,
      diceBudget(req),
    ) as { outcome: Record<string, unknown>; seed: string; rng: string };
    const who_ = owner.kind === 'npc' ? { npcId: owner.id } : { characterId: owner.id };
    const effects = {
      ...{},
      ...who_,
      system,
      rating: plan.rating,
      modifiers: plan.modifiers,
      ...echo,
      ...(task
        ? {
            task: task.name,
            ...(input.reframed === true ? { reframed: true } : {}),
            framing: input.framing ?? null,
          }
        : {}),
    };
    const roll = await this.rolls.record(m, who, rolled as never, { secret, effects, campaign });
    if (task) {
      await this.rememberAttempt(
        m,
        owner,
        campaign,
        task,
        input,
        rolled.outcome.passed === true,
        roll.id,
        secret,
      );
    }
    const { modifiers: targetModifiers, ...outcome } = rolled.outcome;
    return {
      ...{},
      ...(outcome as Omit<SheetCheckResult, 'system'>),
      system,
      check: plan.check,
      ...who_,
      rating: plan.rating,
      modifiers: plan.modifiers,
      targetModifiers: (targetModifiers ?? null) as SheetCheckResult['targetModifiers'],
      strongholdBonus: (echo.strongholdBonus ?? null) as SheetCheckResult['strongholdBonus'],
      ...(echo.attunementPenaltyDice ? { attunementPenaltyDice: echo.attunementPenaltyDice as number } : {}),
      ...(system === 'gm' && owner.kind === 'character'
        ? { mojoNeeded: gmMojoNeeded(sheet, plan.rating.name, request.specialty, rolled.outcome) }
        : {}),
      seed: rolled.seed,
      rng: rolled.rng,
      rollId: roll.id,
    };
  }
}

/**
 * A stored G&M character's failed archetypal roll may be turned by a mojo bid after it (001:976–978):
 * the least bid that turns it, so a client can offer the choice; null when there is none to offer.
 */
function gmMojoNeeded(
  sheet: Record<string, unknown>,
  rating: string,
  specialty: string | undefined,
  outcome: Record<string, unknown>,
): number | null {
  if (outcome.passed !== false || typeof outcome.roll !== 'number' || typeof outcome.target !== 'number')
    return null;
  const archetypes = (sheet.archetypes ?? []) as Array<{ archetype: string }>;
  if (!archetypalRoll(archetypes, rating, Boolean(specialty))) return null;
  return mojoNeeded(outcome.roll, outcome.target) || null;
}

/** What a check rolls, as sent (for the modifiers that apply to some scores only). */
function checkNames(input: SheetCheckInput): string[] {
  if (input.stats) return input.stats;
  return [input.reaction, input.attribute].filter((n): n is string => typeof n === 'string');
}

/** A refusal about a contest side, its fields named under the side (`characterId` → `acting.characterId`). */
function underSide(error: unknown, prefix: (field: string) => string): unknown {
  if (error instanceof RuleError && error.field)
    return new RuleError(error.code, error.message, prefix(error.field));
  if (error instanceof Problem && error.errors?.length) {
    const moved = new Problem(
      error.code,
      error.message,
      error.errors.filter((e) => e.field !== 'system').map((e) => ({ ...{}, ...e, field: prefix(e.field) })),
    );
    moved.members = error.members;
    return moved;
  }
  return error;
}
