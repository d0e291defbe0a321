import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { SheetsService } from '../characters/sheets.service';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import type { SheetEffect } from '../core/hazards';
import type { SheetSystem } from '../core/characters/sheets';
import { CampaignEntity } from '../database/entities';
import { Database } from '../database/database.service';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import { HAZARD_PROCEDURES, HazardKind } from './hazards.service';

/** The hazards a campaign can apply to a stored sheet, by system: each names its procedure. */
export const CAMPAIGN_HAZARDS: Readonly<Record<'gm' | 'archsoul', Readonly<Record<string, HazardKind>>>> = {
  gm: {
    fall: 'gmFall',
    suffocation: 'gmSuffocation',
    ailment: 'gmAilment',
    aging: 'gmAging',
    'forced-march': 'gmForcedMarch',
    'daily-movement': 'gmDailyMovement',
  },
  archsoul: {
    fall: 'archsoulFall',
    exertion: 'archsoulExertion',
    drowning: 'archsoulBreath',
    rest: 'archsoulRest',
    'underwater-hurt': 'archsoulUnderwaterHurt',
  },
};
export const CAMPAIGN_HAZARD_NAMES = [
  ...new Set([...Object.keys(CAMPAIGN_HAZARDS.gm), ...Object.keys(CAMPAIGN_HAZARDS.archsoul)]),
];

export interface CampaignHazardRequest {
  system: 'gm' | 'archsoul';
  hazard: string;
  input?: Record<string, unknown> | null;
  secret?: boolean | null;
  seed?: string | null;
}

export interface AppliedChange {
  field: string;
  delta: number;
  after: number;
}

/**
 * Hazards applied to a character's stored sheet (SPEC 6.4, issue 21): the sheet fills the numbers the
 * request leaves out, the procedure is rolled and logged (one roll-log entry, secret on request), and
 * its sheet effects go through the condition ledger in `applyHazardEffects`, all in one transaction.
 */
@Injectable()
export class HazardsCampaignService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly rolls: RollsService,
  ) {}

  apply(who: Principal, characterId: string, body: CampaignHazardRequest, req: ArbiterRequest) {
    const system = body.system;
    const kind = CAMPAIGN_HAZARDS[system]?.[body.hazard];
    if (!kind) {
      const names = Object.keys(CAMPAIGN_HAZARDS[system] ?? {}).join(', ');
      throw Problem.field('VALIDATION_FAILED', 'hazard', `A ${system} hazard is one of: ${names}.`);
    }
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, campaign.id, characterId);
      const row = await this.sheets.requireSheet(m, owner, system as SheetSystem);
      const input = {
        ...fromSheet(system, kind, row.data as Record<string, unknown>),
        ...withoutNulls(body.input ?? {}),
      };
      const procedure = HAZARD_PROCEDURES[kind] as unknown as {
        name: string;
        run: (i: unknown, d: never) => unknown;
      };
      const rolled = this.rolls.roll(
        procedure,
        { ...input, characterId },
        body.seed ?? undefined,
        diceBudget(req),
      );
      const outcome = rolled.outcome as { effects?: SheetEffect[] };
      const effects = outcome.effects ?? [];
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        secret: body.secret ?? false,
        effects: { characterId, hazard: body.hazard, system },
      });
      const applied = await this.applyHazardEffects(
        m,
        who,
        campaign,
        characterId,
        system,
        effects,
        procedure.name,
        roll.id,
      );
      return {
        system,
        hazard: body.hazard,
        characterId,
        rollId: roll.id,
        seed: rolled.seed,
        rng: rolled.rng,
        outcome: rolled.outcome as Record<string, unknown>,
        applied,
        statuses: effects.filter((e) => e.track === 'status').map((e) => e.status ?? ''),
      };
    });
  }

  /**
   * The one place a hazard changes a stored sheet: each sheet effect becomes a tracked delta through
   * `SheetsService.changeTracked` (the condition ledger), clamped to the value's bounds. G&M survival
   * and injuries go to `survival.current` and `injuries.current`; Archsoul hit points and fatigue to
   * `hp` and `fatigue`. Statuses are answered, not stored (the sheets have no G&M status field).
   */
  async applyHazardEffects(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    characterId: string,
    system: 'gm' | 'archsoul',
    effects: SheetEffect[],
    procedure: string,
    rollId: string,
  ): Promise<AppliedChange[]> {
    const changes: Array<{ field: string; delta: number }> = [];
    for (const effect of effects) {
      const field =
        system === 'gm'
          ? { survival: 'survival.current', injuries: 'injuries.current' }[effect.track as string]
          : { 'hit-points': 'hp', fatigue: 'fatigue' }[effect.track as string];
      if (field && effect.change !== 0) changes.push({ field, delta: effect.change });
    }
    if (changes.length === 0) return [];
    const owner = await this.sheets.characterOwner(m, campaign.id, characterId);
    const { entries } = await this.sheets.changeTracked(
      m,
      who,
      campaign,
      owner,
      system,
      changes,
      { cause: 'roll', procedure, rollId, reason: 'hazard' },
      { clamp: true },
    );
    return entries.map((e) => ({ field: e.field, delta: e.delta, after: e.valueAfter }));
  }
}

function stat(stats: unknown, name: string): number | undefined {
  if (typeof stats !== 'object' || stats === null) return undefined;
  for (const [key, value] of Object.entries(stats)) {
    if (key.toLowerCase() === name && typeof value === 'number') return value;
  }
  return undefined;
}

/** The numbers a hazard reads from the sheet when the request leaves them out. */
function fromSheet(
  system: 'gm' | 'archsoul',
  kind: HazardKind,
  sheet: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (system === 'gm') {
    const endurance = stat(sheet.abilities, 'endurance');
    if (endurance !== undefined && ['gmSuffocation', 'gmAging', 'gmDailyMovement'].includes(kind))
      out.endurance = endurance;
    if (typeof sheet.movement === 'number' && kind === 'gmDailyMovement') out.movement = sheet.movement;
    return out;
  }
  const endurance = stat(sheet.stats, 'endurance');
  if (
    endurance !== undefined &&
    ['archsoulExertion', 'archsoulBreath', 'archsoulUnderwaterHurt'].includes(kind)
  )
    out.endurance = endurance;
  const resolve = stat(sheet.stats, 'resolve');
  if (resolve !== undefined && kind === 'archsoulExertion') out.resolve = resolve;
  const conditioning = stat(sheet.stats, 'conditioning');
  if (conditioning !== undefined && kind === 'archsoulBreath') out.conditioning = conditioning;
  if (typeof sheet.fatigue === 'number' && ['archsoulExertion', 'archsoulRest'].includes(kind))
    out.fatigue = Math.min(3, sheet.fatigue);
  if (kind === 'archsoulRest') {
    if (typeof sheet.hp === 'number') out.hitPoints = sheet.hp;
    if (typeof sheet.maxHp === 'number') out.maxHitPoints = sheet.maxHp;
  }
  return out;
}
