import type { EngineEventResult } from '../harm/engine-events.results';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { SheetOwner } from '../characters/sheets.service';
import { CharacterSheetEntity } from '../characters/characters.entities';
import { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { SheetsService } from '../characters/sheets.service';
import { Problem } from '../common/problem';
import { newId } from '../common/time';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { deriveSheet } from '../core/characters/sheets-derived';
import {
  ailmentsOf,
  attributeLossOf,
  ENDURANCE_LOSS,
  enduranceLossOf,
  EXHAUSTION_LOSS,
  exhaustionKept,
  exhaustionLossOf,
  statLossOf,
  gmStatusesOf,
  MAX_STORED_AILMENTS,
  MAX_STORED_STATUSES,
  mergeStatuses,
  statusesFromHazard,
  withGmStatuses,
  type StoredStatus,
  type GmAilmentOutcome,
  type SheetEffect,
  type StoredAilment,
} from '../core/hazards';
import { HazardsAilmentsService, withAilments } from './hazards-ailments.service';
import type { SheetSystem } from '../core/characters/sheets';
import { CampaignEntity } from '../database/entities';
import { Database } from '../database/database.service';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import { CAMPAIGN_HAZARD_PROCEDURE, CAMPAIGN_PARTY_HAZARD_PROCEDURE, HazardKind } from './hazards.service';
import type { SheetDamageOutcome } from '../core/harm/campaign';
import type { Sheet } from '../core/characters/sheets';
import { harmSeed, hazardHarm } from '../core/engine';
import { UNHEALABLE_INJURIES, unhealableGained } from '../core/harm/gm-unhealable';
import { SheetHarmService } from '../harm/sheet-harm.service';
import type { SheetDamageResult } from '../harm/harm-campaign.results';

/** The hazards a campaign can apply to a stored sheet, by system: each names its procedure. */
export const CAMPAIGN_HAZARDS: Readonly<Record<'gm' | 'archsoul', Readonly<Record<string, HazardKind>>>> = {
  gm: {
    fall: 'gmFall',
    suffocation: 'gmSuffocation',
    ailment: 'gmAilment',
    aging: 'gmAging',
    'forced-march': 'gmForcedMarch',
    'daily-movement': 'gmDailyMovement',
    concentration: 'gmConcentration',
    illusion: 'gmIllusion',
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

export interface PartyHazardRequest extends Omit<CampaignHazardRequest, never> {
  characterIds?: string[] | null;
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
    private readonly harm: SheetHarmService,
  ) {}

  apply(who: Principal, characterId: string, body: CampaignHazardRequest, req: ArbiterRequest) {
    const system = body.system;
    const kind = hazardKind(system, body.hazard);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      // One read of the character and its sheet, locked: the ledger write below reuses it.
      const { owner, row } = await this.sheets.characterSheet(
        m,
        campaign.id,
        characterId,
        system as SheetSystem,
      );
      const input = memberInput(system, kind, row.data as Record<string, unknown>, body.input);
      // The hazard and what its loss does to the character, in one roll (issue 39): the harm
      // transition runs inside it on the same dice, so one roll is logged and the sheet written once.
      const rolled = this.rolls.roll(
        CAMPAIGN_HAZARD_PROCEDURE,
        {
          kind,
          hazard: { ...{}, ...input, characterId },
          harm: this.harm.hazardHarmState(owner, row, campaign, system),
        },
        body.seed ?? undefined,
        diceBudget(req),
      );
      const outcome = rolled.outcome.hazard;
      const effects = sheetEffects(system, kind, outcome, row.data);
      const losses = restoredLosses(system, kind, outcome, row.data);
      const ailment = keptAilment(kind, outcome, input, row.data);
      const statuses = keptStatuses(system, body.hazard, effects, outcome, ailment, row.data);
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        secret: body.secret ?? false,
        effects: { characterId, hazard: body.hazard, system, ...harmEffects(rolled.outcome.harm) },
      });
      const { applied, harm } = await this.applyHazardEffects(
        m,
        who,
        campaign,
        owner,
        row,
        system,
        effects,
        { procedure: CAMPAIGN_HAZARD_PROCEDURE.name, rollId: roll.id },
        ailment,
        statuses,
        losses,
        {
          hazard: body.hazard,
          seed: harmSeed(rolled.seed),
          secret: body.secret ?? false,
          req,
          computed: computedHarm(rolled.outcome.harm, roll.id, CAMPAIGN_HAZARD_PROCEDURE.name, rolled),
        },
      );
      return {
        system,
        hazard: body.hazard,
        characterId,
        rollId: roll.id,
        seed: rolled.seed,
        rng: rolled.rng,
        outcome,
        applied,
        harm,
        statuses: statusesOf(effects),
        ailment,
        keptStatuses: statuses ?? (system === 'gm' ? gmStatusesOf(row.data) : []),
      };
    });
  }

  /**
   * The party version (issue 21): one hazard applied to every character of the session's roster, or
   * to the listed characters, in one transaction and one logged roll (procedure `hazard.party`, whose
   * outcome holds each member's answer in order). A listed character must be on the roster when one
   * is set; without a roster the list is required.
   */
  applyParty(who: Principal, body: PartyHazardRequest, req: ArbiterRequest) {
    const system = body.system;
    const kind = hazardKind(system, body.hazard);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const roster = campaign.currentSessionId
        ? await this.campaigns.rosterOf(m, campaign.currentSessionId)
        : [];
      const listed = body.characterIds ?? null;
      if (listed !== null && new Set(listed).size !== listed.length)
        throw Problem.field('VALIDATION_FAILED', 'characterIds', 'characterIds lists a character twice.');
      const ids = listed ?? roster;
      if (ids.length === 0) {
        throw Problem.field(
          'VALIDATION_FAILED',
          'characterIds',
          'No characters to apply the hazard to: set the session roster or send characterIds.',
        );
      }
      for (const id of ids) {
        if (roster.length > 0 && !roster.includes(id)) {
          throw new Problem('NOT_ON_ROSTER', `Character ${id} is not on this session's roster.`, [
            { field: 'characterIds', message: 'not on the roster of the session in progress' },
          ]);
        }
      }
      const members: Array<{ owner: SheetOwner; row: CharacterSheetEntity; input: Record<string, unknown> }> =
        [];
      for (const id of ids) {
        const { owner, row } = await this.sheets.characterSheet(m, campaign.id, id, system as SheetSystem);
        const input = memberInput(system, kind, row.data as Record<string, unknown>, body.input);
        members.push({ owner, row, input: { ...{}, ...input, characterId: id } });
      }
      const rolled = this.rolls.roll(
        CAMPAIGN_PARTY_HAZARD_PROCEDURE,
        {
          kind,
          members: members.map((x) => ({
            hazard: x.input,
            harm: this.harm.hazardHarmState(x.owner, x.row, campaign, system),
          })),
        },
        body.seed ?? undefined,
        diceBudget(req),
      );
      const roll = await this.rolls.record(m, who, rolled, {
        campaign,
        secret: body.secret ?? false,
        effects: { characterIds: ids, hazard: body.hazard, system },
      });
      const answers = [];
      for (const [i, member] of members.entries()) {
        const { hazard: outcome, harm: harmOutcome } = rolled.outcome.members[i];
        const effects = sheetEffects(system, kind, outcome, member.row.data);
        const losses = restoredLosses(system, kind, outcome, member.row.data);
        const ailment = keptAilment(kind, outcome, member.input, member.row.data);
        const statuses = keptStatuses(system, body.hazard, effects, outcome, ailment, member.row.data);
        const { applied, harm } = await this.applyHazardEffects(
          m,
          who,
          campaign,
          member.owner,
          member.row,
          system,
          effects,
          { procedure: CAMPAIGN_PARTY_HAZARD_PROCEDURE.name, rollId: roll.id },
          ailment,
          statuses,
          losses,
          {
            hazard: body.hazard,
            seed: harmSeed(rolled.seed, i),
            secret: body.secret ?? false,
            req,
            computed: computedHarm(harmOutcome, roll.id, CAMPAIGN_PARTY_HAZARD_PROCEDURE.name, rolled),
          },
        );
        answers.push({
          characterId: member.owner.id,
          outcome,
          applied,
          harm,
          statuses: statusesOf(effects),
          ailment,
          keptStatuses: statuses ?? (system === 'gm' ? gmStatusesOf(member.row.data) : []),
        });
      }
      return {
        system,
        hazard: body.hazard,
        rollId: roll.id,
        seed: rolled.seed,
        rng: rolled.rng,
        members: answers,
      };
    });
  }

  /**
   * The one place a hazard changes a stored sheet: each sheet effect becomes a tracked delta through
   * `SheetsService.changeTracked` (the condition ledger), clamped to the value's bounds, in one write
   * of the sheet row already read and locked. G&M survival and injuries go to `survival.current` and
   * `injuries.current`; Archsoul hit points, fatigue and Endurance lost to `hp`, `fatigue` and
   * `enduranceLoss` (a loss of Endurance is a positive `enduranceLoss`); becoming exhausted adds 1 to
   * `exhaustionLoss`, and `losses` (what a night gives back) are applied too. An Archsoul status the
   * hazard clears (Disabled, by rest) leaves the sheet's `statuses` in the same write; G&M statuses
   * (`gmStatuses`, the sheet's list after the hazard) and a kept ailment are written in it as well.
   */
  async applyHazardEffects(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    row: CharacterSheetEntity,
    system: 'gm' | 'archsoul',
    effects: SheetEffect[],
    cause: { procedure: string; rollId: string },
    ailment: StoredAilment | null,
    gmStatuses: StoredStatus[] | null,
    losses: Array<{ field: string; delta: number }>,
    harmContext: HazardHarmContext,
  ): Promise<{ applied: AppliedChange[]; harm: HazardHarmView | null }> {
    // Harm (survival, injuries, hit points lost; a fatal drowning) goes through the system's one
    // transition, after the plain ledger changes; the rest is written here as before.
    const harm = hazardHarm(system, effects);
    // G&M aging's injuries are unhealable (issue 43, H1): the sheet counts them so rests leave them.
    const unhealable = system === 'gm' ? unhealableGained(effects) : 0;
    const applied = await this.applyPlainEffects(
      m,
      who,
      campaign,
      owner,
      row,
      system,
      harm.rest,
      cause,
      ailment,
      gmStatuses,
      unhealable > 0 ? [...losses, { field: UNHEALABLE_INJURIES, delta: unhealable }] : losses,
    );
    if (harm.damage === null && !harm.fatal) return { applied: applied.changes, harm: null };
    const damage = harm.damage ?? { amount: 0, forcedInjuries: 0 };
    const result: SheetDamageResult = await this.harm.applyDamage(
      m,
      who,
      owner,
      {
        system,
        amount: damage.amount,
        ...(system === 'gm' && damage.forcedInjuries > 0 ? { weaponDice: damage.forcedInjuries } : {}),
        seed: harmContext.seed,
        source: `hazard:${harmContext.hazard}`,
      } as never,
      {
        campaign,
        row: applied.row,
        req: harmContext.req,
        secret: harmContext.secret,
        fatal: harm.fatal,
        // The hazard's answer carries no sheet: none is read back for it.
        derive: (data) => data,
        // Computed in the hazard's own roll: written to the sheet as it stands after the plain changes.
        ...(harmContext.computed
          ? { computed: { ...{}, ...harmContext.computed, row: applied.row, derive: (data: Sheet) => data } }
          : {}),
      },
    );
    return {
      applied: [
        ...applied.changes,
        ...result.entries.map((e) => ({ field: e.field, delta: e.delta, after: e.valueAfter })),
      ],
      harm: {
        rollId: result.rollId,
        stateBefore: result.stateBefore,
        state: result.state,
        pending: result.pending,
        events: result.events ?? [],
      },
    };
  }

  /** The hazard's effects that are not harm, through the condition ledger (clamped to their bounds). */
  private async applyPlainEffects(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    row: CharacterSheetEntity,
    system: 'gm' | 'archsoul',
    effects: SheetEffect[],
    cause: { procedure: string; rollId: string },
    ailment: StoredAilment | null,
    gmStatuses: StoredStatus[] | null,
    losses: Array<{ field: string; delta: number }>,
  ): Promise<{ changes: AppliedChange[]; row: CharacterSheetEntity }> {
    const changes: Array<{ field: string; delta: number }> = [];
    let fatigueDelta = 0;
    for (const effect of effects) {
      if (effect.change === 0) continue;
      if (system === 'gm') {
        const field = { survival: 'survival.current', injuries: 'injuries.current' }[effect.track as string];
        if (field) changes.push({ field, delta: effect.change });
        continue;
      }
      if (effect.track === 'endurance') changes.push({ field: ENDURANCE_LOSS, delta: -effect.change });
      const field = { 'hit-points': 'hp', fatigue: 'fatigue' }[effect.track as string];
      if (field) changes.push({ field, delta: effect.change });
      if (effect.track === 'fatigue') fatigueDelta += effect.change;
    }
    if (system === 'gm') changes.push(...losses);
    if (system === 'archsoul') {
      // Becoming exhausted costs every attribute a point that outlasts the exhaustion (002:28–29).
      const before = Math.min(3, typeof row.data.fatigue === 'number' ? row.data.fatigue : 0);
      const after = Math.min(3, Math.max(0, before + fatigueDelta));
      if (before < 2 && after >= 2) changes.push({ field: EXHAUSTION_LOSS, delta: 1 });
      changes.push(...losses);
    }
    const cleared =
      system === 'archsoul'
        ? effects
            .filter((e) => e.track === 'status' && e.change < 0)
            .map((e) => (e.status ?? '').toLowerCase())
        : [];
    const statuses = Array.isArray(row.data.statuses) ? (row.data.statuses as string[]) : [];
    const kept = statuses.filter((x) => !cleared.includes(x.toLowerCase()));
    const statusesChange = kept.length !== statuses.length;
    if (changes.length === 0 && !statusesChange && ailment === null && gmStatuses === null)
      return { changes: [], row };
    const { entries, row: written } = await this.sheets.changeTracked(
      m,
      who,
      campaign,
      owner,
      system,
      changes,
      { cause: 'roll', procedure: cause.procedure, rollId: cause.rollId, reason: 'hazard' },
      {
        clamp: true,
        row,
        base: (sheet) => {
          let out = sheet;
          for (const field of [ENDURANCE_LOSS, EXHAUSTION_LOSS, UNHEALABLE_INJURIES])
            if (changes.some((c) => c.field === field) && typeof out[field] !== 'number')
              out = { ...{}, ...out, [field]: 0 };
          if (statusesChange) out = { ...{}, ...out, statuses: kept };
          if (ailment !== null) out = withAilments(out, [...ailmentsOf(out), ailment]);
          if (gmStatuses !== null) out = withGmStatuses(out, gmStatuses);
          return out;
        },
      },
    );
    return {
      changes: entries.map((e) => ({ field: e.field, delta: e.delta, after: e.valueAfter })),
      row: written,
    };
  }
}

/** What the harm transition made of a hazard's loss: its own logged roll and the state it left. */
export interface HazardHarmView {
  rollId: string;
  stateBefore: string;
  state: string;
  pending: string[];
  /** The engine's events of the harm (issue 42). */
  events?: EngineEventResult[];
}

/** What the harm transition needs from a campaign hazard: its name, a seed of its own, secrecy, the request. */
export interface HazardHarmContext {
  hazard: string;
  /** The seed of a harm roll of its own (a clock's ailment tick); unused when `computed` is set. */
  seed: string;
  secret: boolean;
  req: ArbiterRequest;
  /** The harm the hazard's own roll computed (`hazard.campaign.v1`): written, not rolled again. */
  computed?: {
    outcome: SheetDamageOutcome;
    roll: { id: string; procedure: string; seed: string; rng: string };
  } | null;
}

/** The transition's outcome in the hazard's roll, as `applyHazardEffects` writes it (null: no harm). */
function computedHarm(
  outcome: SheetDamageOutcome | null,
  rollId: string,
  procedure: string,
  rolled: { seed: string; rng: string },
): HazardHarmContext['computed'] {
  return outcome ? { outcome, roll: { id: rollId, procedure, seed: rolled.seed, rng: rolled.rng } } : null;
}

/** What the roll log keeps of the harm in a hazard's roll (as a logged `harm.sheet-damage` does). */
function harmEffects(outcome: SheetDamageOutcome | null): Record<string, unknown> {
  return outcome ? { state: outcome.state, changes: outcome.changes } : {};
}

/**
 * The sheet effects of a hazard's answer, with what the answer says in other fields: a full night's
 * rest gives back one point of the Endurance the sheet lost (the answer's `attributeReductionsAfter`).
 */
function sheetEffects(
  system: 'gm' | 'archsoul',
  kind: HazardKind,
  outcome: Record<string, unknown>,
  sheet: Record<string, unknown>,
): SheetEffect[] {
  const effects = [...((outcome.effects as SheetEffect[] | undefined) ?? [])];
  if (system === 'archsoul' && kind === 'archsoulRest') {
    const loss = enduranceLossOf(sheet);
    const after = (outcome.attributeReductionsAfter as Record<string, number> | undefined)?.Endurance;
    if (loss > 0 && typeof after === 'number' && after < loss)
      effects.push({ track: 'endurance', change: loss - after, status: null });
  }
  return effects;
}

/**
 * Archsoul losses a full night gives back besides Endurance (seed 002:48, one point of every reduced
 * attribute): each `attributeLoss` by the answer's `attributeReductionsAfter`, and one point of
 * `exhaustionLoss` when the night began with the character no longer exhausted (the effects of
 * fatigue are not restored while it lasts, 002:29; the night's effects all come at its end).
 */
function restoredLosses(
  system: 'gm' | 'archsoul',
  kind: HazardKind,
  outcome: Record<string, unknown>,
  sheet: Record<string, unknown>,
): Array<{ field: string; delta: number }> {
  if (system !== 'archsoul' || kind !== 'archsoulRest') return [];
  const out: Array<{ field: string; delta: number }> = [];
  const after = (outcome.attributeReductionsAfter as Record<string, number> | undefined) ?? {};
  for (const [name, loss] of Object.entries(attributeLossOf(sheet))) {
    const left = after[name];
    if (loss > 0 && typeof left === 'number' && left < loss)
      out.push({ field: `attributeLoss.${name}`, delta: left - loss });
  }
  const kept = exhaustionKept(sheet);
  const atStart = Number(outcome.fatigueBefore ?? 0) + Number(outcome.deprivationFatigue ?? 0);
  if (kept > 0 && outcome.fullNight === true && atStart < 2) out.push({ field: EXHAUSTION_LOSS, delta: -1 });
  return out;
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
    if (kind === 'gmConcentration') {
      // The answered sheet's reactions (derived from the abilities, the referee's overrides winning).
      const answered = deriveSheet('gm', sheet as never) as { reactions?: Record<string, unknown> };
      const evasion = answered.reactions?.evasion;
      if (typeof evasion === 'number') out.evasion = evasion;
      if (typeof sheet.movement === 'number' && sheet.movement > 0) out.movement = sheet.movement;
    }
    return out;
  }
  const base = stat(sheet.stats, 'endurance');
  // The Endurance the sheet has now: its stat less what drowning took (`enduranceLoss`) and
  // exhaustion's loss; the exertion procedure takes its own point off while exhausted, so not twice.
  const exhausted = typeof sheet.fatigue === 'number' && sheet.fatigue >= 2 ? 1 : 0;
  const exhaustion = exhaustionLossOf(sheet) - (kind === 'archsoulExertion' ? exhausted : 0);
  const endurance = base === undefined ? undefined : Math.max(0, base - enduranceLossOf(sheet) - exhaustion);
  if (
    endurance !== undefined &&
    ['archsoulExertion', 'archsoulBreath', 'archsoulUnderwaterHurt'].includes(kind)
  )
    out.endurance = endurance;
  // Other stats less what `attributeLoss` keeps for them.
  const now = (name: string) => {
    const v = stat(sheet.stats, name);
    return v === undefined ? undefined : Math.max(0, v - statLossOf(sheet, name));
  };
  const resolve = now('resolve');
  if (resolve !== undefined && kind === 'archsoulExertion') out.resolve = resolve;
  const conditioning = now('conditioning');
  if (conditioning !== undefined && kind === 'archsoulBreath') out.conditioning = conditioning;
  if (typeof sheet.fatigue === 'number' && ['archsoulExertion', 'archsoulRest'].includes(kind))
    out.fatigue = Math.min(3, sheet.fatigue);
  if (kind === 'archsoulRest') {
    // Every reduced attribute by name (Endurance's loss, then `attributeLoss`): a night gives 1 back.
    const reductions: Record<string, number> = {};
    if (enduranceLossOf(sheet) > 0) reductions.Endurance = enduranceLossOf(sheet);
    for (const [name, points] of Object.entries(attributeLossOf(sheet)))
      if (points > 0) reductions[name] = points;
    if (Object.keys(reductions).length > 0) out.attributeReductions = reductions;
    if (Array.isArray(sheet.statuses) && sheet.statuses.some((x) => String(x).toLowerCase() === 'disabled'))
      out.disabled = true;
    if (typeof sheet.hp === 'number') out.hitPoints = sheet.hp;
    if (typeof sheet.maxHp === 'number') out.maxHitPoints = sheet.maxHp;
  }
  return out;
}

/** The procedure a campaign hazard names, or 400 naming `hazard`. */
function hazardKind(system: 'gm' | 'archsoul', hazard: string): HazardKind {
  const kind = CAMPAIGN_HAZARDS[system]?.[hazard];
  if (!kind) {
    const names = Object.keys(CAMPAIGN_HAZARDS[system] ?? {}).join(', ');
    throw Problem.field('VALIDATION_FAILED', 'hazard', `A ${system} hazard is one of: ${names}.`);
  }
  return kind;
}

/** A member's procedure input: what the sheet gives, then what the request sends. */
function memberInput(
  system: 'gm' | 'archsoul',
  kind: HazardKind,
  sheet: Record<string, unknown>,
  sent: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  return { ...{}, ...fromSheet(system, kind, sheet), ...withoutNulls(sent ?? {}) };
}

/**
 * A G&M chronic ailment still running after the call is kept on the sheet, its course going on with
 * the clock (`HazardsAilmentsService`); 409 when the sheet already keeps the most it may.
 */
function keptAilment(
  kind: HazardKind,
  outcome: unknown,
  input: Record<string, unknown>,
  sheet: Record<string, unknown>,
): StoredAilment | null {
  if (kind !== 'gmAilment') return null;
  const kept = HazardsAilmentsService.toStore(outcome as GmAilmentOutcome, input);
  if (kept !== null && ailmentsOf(sheet).length >= MAX_STORED_AILMENTS) {
    throw Problem.field(
      'CONFLICT',
      'hazard',
      `The sheet already keeps ${MAX_STORED_AILMENTS} ailments; cure one first.`,
    );
  }
  return kept;
}

/**
 * The G&M statuses the sheet keeps after the hazard (asleep, paralysed, shock, ailing merged into
 * those it had), or null when the hazard adds none; 409 when the sheet would keep too many.
 */
function keptStatuses(
  system: 'gm' | 'archsoul',
  hazard: string,
  effects: SheetEffect[],
  outcome: unknown,
  ailment: StoredAilment | null,
  sheet: Record<string, unknown>,
): StoredStatus[] | null {
  if (system !== 'gm') return null;
  const added = statusesFromHazard(effects, outcome as Record<string, unknown>, hazard, ailment !== null);
  if (added.length === 0) return null;
  const merged = mergeStatuses(gmStatusesOf(sheet), added, newId);
  if (merged.length > MAX_STORED_STATUSES) {
    throw Problem.field(
      'CONFLICT',
      'hazard',
      `The sheet already keeps ${MAX_STORED_STATUSES} statuses; end one first.`,
    );
  }
  return merged;
}

function statusesOf(effects: SheetEffect[]): string[] {
  return effects.filter((e) => e.track === 'status').map((e) => e.status ?? '');
}
