import { Injectable } from '@nestjs/common';
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
  attributeLossOf,
  enduranceLossOf,
  exhaustionLossOf,
  statLossOf,
  gmStatusesOf,
  MAX_STORED_AILMENTS,
  MAX_STORED_STATUSES,
  type SheetEffect,
} from '../core/hazards';
import type { SheetSystem } from '../core/characters/sheets';
import { Database } from '../database/database.service';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import {
  CAMPAIGN_HAZARD_V4_PROCEDURE,
  CAMPAIGN_PARTY_HAZARD_V5_PROCEDURE,
  loggedPartyV5,
  HazardKind,
} from './hazards.service';
import { sheetState, type HazardApplied } from '../core/engine';
import { harmOf } from '../core/harm/sheet-harm';
import { SheetHarmService } from '../harm/sheet-harm.service';
import { HAZARD_STATUS_IDS, loggedHazardV4, type HazardState } from './hazard-change';
import { hazardStateOf, sheetOwner, writeHazard } from './hazard-write';
export type { AppliedChange, HazardHarmView } from './hazard-write';

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

/**
 * Hazards applied to a character's stored sheet (SPEC 6.4, issue 21; issue 39): the sheet fills the
 * numbers the request leaves out and is read as the engine's state; one logged roll
 * (`hazard.campaign.v4`) rolls the hazard and applies the system's transition once (harm and plain
 * effects alike); the difference goes through the condition ledger in one write of the sheet row, and
 * the answer is told from the transition's events, all in one transaction.
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
      const state = hazardStateOf(owner, row, campaign, system);
      // The hazard and the transition, in one roll (issue 39): one roll logged, the sheet written once.
      // Rolled whole (the sheet's write and the answer read it); logged as v4's replay answers it.
      const rolled = this.rolls.roll(
        CAMPAIGN_HAZARD_V4_PROCEDURE.whole,
        {
          kind,
          name: body.hazard,
          hazard: { ...{}, ...input, characterId },
          state,
          ids: mintIds(kind),
        },
        body.seed ?? undefined,
        diceBudget(req),
      );
      const { hazard: outcome, applied: engine } = rolled.outcome;
      refuseUnwritable(owner, row, system, state, engine);
      const logged = { ...{}, ...rolled, outcome: loggedHazardV4(rolled.outcome) };
      const roll = await this.rolls.record(m, who, logged, {
        campaign,
        secret: body.secret ?? false,
        effects: { characterId, hazard: body.hazard, system, ...harmEffects(engine) },
      });
      const { applied, harm } = await writeHazard(
        { sheets: this.sheets, harm: this.harm },
        m,
        who,
        campaign,
        owner,
        row,
        system,
        state,
        engine,
        {
          procedure: CAMPAIGN_HAZARD_V4_PROCEDURE.name,
          rollId: roll.id,
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
        statuses: statusesOf(outcome),
        ailment: engine.ailment,
        keptStatuses: engine.gmStatuses ?? (system === 'gm' ? gmStatusesOf(row.data) : []),
      };
    });
  }

  /**
   * The party version (issue 21): one hazard applied to every character of the session's roster, or
   * to the listed characters, in one transaction and one logged roll (procedure `hazard.party.v5`, whose
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
      const members: Array<{
        owner: SheetOwner;
        row: CharacterSheetEntity;
        input: Record<string, unknown>;
        state: HazardState;
      }> = [];
      for (const id of ids) {
        const { owner, row } = await this.sheets.characterSheet(m, campaign.id, id, system as SheetSystem);
        const input = memberInput(system, kind, row.data as Record<string, unknown>, body.input);
        const state = hazardStateOf(owner, row, campaign, system);
        members.push({ owner, row, input: { ...{}, ...input, characterId: id }, state });
      }
      // Rolled whole (the writes and the answer read it), logged as `hazard.party.v5`'s replay answers it.
      const rolled = this.rolls.roll(
        CAMPAIGN_PARTY_HAZARD_V5_PROCEDURE.whole,
        {
          kind,
          members: members.map((x) => ({
            name: body.hazard,
            hazard: x.input,
            state: x.state,
            ids: mintIds(kind),
          })),
        },
        body.seed ?? undefined,
        diceBudget(req),
      );
      for (const [i, member] of members.entries())
        refuseUnwritable(member.owner, member.row, system, member.state, rolled.outcome.members[i].applied);
      const logged = { ...{}, ...rolled, outcome: loggedPartyV5(rolled.outcome) };
      const roll = await this.rolls.record(m, who, logged, {
        campaign,
        secret: body.secret ?? false,
        effects: {
          characterIds: ids,
          hazard: body.hazard,
          system,
          ...partyEvents(rolled.outcome.members.map((x) => x.applied)),
        },
      });
      const answers = [];
      for (const [i, member] of members.entries()) {
        const { hazard: outcome, applied: engine } = rolled.outcome.members[i];
        const { applied, harm } = await writeHazard(
          { sheets: this.sheets, harm: this.harm },
          m,
          who,
          campaign,
          member.owner,
          member.row,
          system,
          member.state,
          engine,
          { procedure: CAMPAIGN_PARTY_HAZARD_V5_PROCEDURE.name, rollId: roll.id },
        );
        answers.push({
          characterId: member.owner.id,
          outcome,
          applied,
          harm,
          statuses: statusesOf(outcome),
          ailment: engine.ailment,
          keptStatuses: engine.gmStatuses ?? (system === 'gm' ? gmStatusesOf(member.row.data) : []),
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
}

/**
 * What the roll log keeps of the harm in a hazard's roll, as a logged `harm.sheet-damage` does: the
 * state, the changes and the transition's events (issue 42: the log's and the feed's `events`; since
 * `hazard.campaign.v4` they are here rather than in the outcome).
 */
function harmEffects(engine: HazardApplied<HazardState>): Record<string, unknown> {
  return engine.outcome
    ? { state: engine.outcome.state, changes: engine.outcome.changes, events: engine.events }
    : {};
}

/** The party's roll: every harmed member's events, in the members' order (each event names its owner). */
function partyEvents(applied: Array<HazardApplied<HazardState>>): Record<string, unknown> {
  const events = applied.flatMap((a) => (a.outcome ? a.events : []));
  return events.length > 0 ? { events } : {};
}

/**
 * The hazards that may keep something with an id of its own on a G&M sheet: an ailment (the chronic
 * ailment, then the sleep, paralysis or ailing status it adds) and an illusion (shock). No other
 * hazard adds a status; the transition refuses a status it has no id for, so one added later without
 * its entry here would be refused, never stored without an id.
 */
export const HAZARDS_KEEPING_IDS: ReadonlySet<HazardKind> = new Set<HazardKind>(['gmAilment', 'gmIllusion']);

/**
 * Ids a hazard may keep (an ailment, then statuses), minted before the roll so that it replays; none
 * for a hazard that keeps nothing (since `hazard.campaign.v4`: a fall's roll logs no unused ids).
 */
function mintIds(kind: HazardKind): string[] {
  return HAZARDS_KEEPING_IDS.has(kind) ? Array.from({ length: 1 + HAZARD_STATUS_IDS }, () => newId()) : [];
}

/**
 * Refuses, before anything is logged, what the sheet cannot keep: 409 when it already keeps the most
 * ailments or statuses it may; an Archsoul sheet without Endurance that the hazard harmed is refused
 * as the harm transition refuses it (the death threshold needs it).
 */
function refuseUnwritable(
  owner: SheetOwner,
  row: CharacterSheetEntity,
  system: 'gm' | 'archsoul',
  state: HazardState,
  engine: HazardApplied<HazardState>,
): void {
  if (state.system === 'gm') {
    if (engine.ailment !== null && (state.hazard?.ailments ?? 0) >= MAX_STORED_AILMENTS)
      throw Problem.field(
        'CONFLICT',
        'hazard',
        `The sheet already keeps ${MAX_STORED_AILMENTS} ailments; cure one first.`,
      );
    if (engine.gmStatuses !== null && engine.gmStatuses.length > MAX_STORED_STATUSES)
      throw Problem.field(
        'CONFLICT',
        'hazard',
        `The sheet already keeps ${MAX_STORED_STATUSES} statuses; end one first.`,
      );
  }
  if (engine.outcome !== null) sheetState(sheetOwner(owner), system, row.data, row.data, harmOf(row.data));
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

/** The statuses a hazard's answer gives, by name. */
function statusesOf(outcome: Record<string, unknown>): string[] {
  const effects = (outcome.effects as SheetEffect[] | undefined) ?? [];
  return effects.filter((e) => e.track === 'status').map((e) => e.status ?? '');
}
