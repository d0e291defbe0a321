import { Injectable } from '@nestjs/common';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import {
  archsoulFall,
  exertion,
  gmFall,
  gmJump,
  gmSuffocation,
  gmAilment,
  gmAging,
  gmIllusion,
  gmItemReaction,
  gmItemReactionV1,
  gmSpeed,
  gmForcedMarch,
  gmDailyMovement,
  gmSearch,
  gmTracking,
  gmTrackingV1,
  gmCoverTracks,
  gmTime,
  archsoulObject,
  archsoulBlow,
  archsoulBreath,
  archsoulSwim,
  archsoulRest,
  archsoulTrap,
  archsoulTerrain,
  archsoulUnderwaterAttack,
  archsoulUnderwaterHurt,
  coeacTravel,
  coeacMirrorRoad,
  archsoulObjectAttack,
  gmConcentration,
} from '../core/hazards';
import type { Dice } from '../core/random';
import { hazardHarmOutcome, type HazardHarmState } from '../core/engine';
import type { SheetDamageOutcome } from '../core/harm/campaign';
import type { SheetEffect } from '../core/hazards/shared';
import { RuleError } from '../core/errors';
import {
  loggedHazard,
  loggedHazardV4,
  runCampaignHazard,
  type HazardState,
  type HazardV2Outcome,
  type HazardV3Logged,
  type HazardV4Logged,
} from './hazard-change';
import { loggedProcedure } from './hazard-logged';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';

/** The hazards as named, replayable procedures. The names are stored in the roll log: never rename. */
export const HAZARD_PROCEDURES = {
  gmFall: { name: 'hazard.gm.fall', run: gmFall },
  gmJump: { name: 'hazard.gm.jump', run: gmJump },
  gmSuffocation: { name: 'hazard.gm.suffocation', run: gmSuffocation },
  archsoulExertion: { name: 'hazard.archsoul.exertion', run: exertion },
  archsoulFall: { name: 'hazard.archsoul.fall', run: archsoulFall },
  gmAilment: { name: 'hazard.gm.ailment', run: gmAilment },
  gmAging: { name: 'hazard.gm.aging', run: gmAging },
  gmIllusion: { name: 'hazard.gm.illusion', run: gmIllusion },
  /** Item reactions with ice's +8 against acid (issue 43, X1); the old name kept its answers below. */
  gmItemReaction: { name: 'hazard.gm.item-reaction.v2', run: gmItemReaction },
  gmSpeed: { name: 'hazard.gm.speed', run: gmSpeed },
  gmForcedMarch: { name: 'hazard.gm.forced-march', run: gmForcedMarch },
  gmDailyMovement: { name: 'hazard.gm.daily-movement', run: gmDailyMovement },
  gmSearch: { name: 'hazard.gm.search', run: gmSearch },
  /** Tracking with the one group-effort table (no +10 cap; issue 43, X5). */
  gmTracking: { name: 'hazard.gm.tracking.v2', run: gmTracking },
  gmCoverTracks: { name: 'hazard.gm.cover-tracks', run: gmCoverTracks },
  gmTime: { name: 'hazard.gm.time', run: gmTime },
  archsoulObject: { name: 'hazard.archsoul.object', run: archsoulObject },
  archsoulBlow: { name: 'hazard.archsoul.blow', run: archsoulBlow },
  archsoulBreath: { name: 'hazard.archsoul.breath', run: archsoulBreath },
  archsoulSwim: { name: 'hazard.archsoul.swim', run: archsoulSwim },
  archsoulRest: { name: 'hazard.archsoul.rest', run: archsoulRest },
  archsoulTrap: { name: 'hazard.archsoul.trap', run: archsoulTrap },
  archsoulTerrain: { name: 'hazard.archsoul.terrain', run: archsoulTerrain },
  archsoulUnderwaterAttack: { name: 'hazard.archsoul.underwater-attack', run: archsoulUnderwaterAttack },
  archsoulUnderwaterHurt: { name: 'hazard.archsoul.underwater-hurt', run: archsoulUnderwaterHurt },
  coeacTravel: { name: 'hazard.coeac.travel', run: coeacTravel },
  coeacMirrorRoad: { name: 'hazard.coeac.mirror-road', run: coeacMirrorRoad },
  archsoulObjectAttack: { name: 'hazard.archsoul.object-attack', run: archsoulObjectAttack },
  gmConcentration: { name: 'hazard.gm.concentration', run: gmConcentration },
};

export type HazardKind = keyof typeof HAZARD_PROCEDURES;

/** Earlier versions, registered only so that their logged answers replay byte for byte. */
export const RETIRED_HAZARD_PROCEDURES = {
  /** Version 1 put ice's +8 under bludgeon. */
  gmItemReactionV1: { name: 'hazard.gm.item-reaction', run: gmItemReactionV1 },
  /** Version 1 capped the quarry's group bonus at +10. */
  gmTrackingV1: { name: 'hazard.gm.tracking', run: gmTrackingV1 },
};

/**
 * A hazard rolled for a party (`POST …/party/hazards`): each member's procedure in order, from one
 * dice stream, so the whole party is one logged roll that replays from its inputs and seed.
 */
export const PARTY_HAZARD_PROCEDURE = {
  name: 'hazard.party',
  run: (
    input: { kind: HazardKind; members: Array<Record<string, unknown>> },
    dice: Dice,
  ): { kind: HazardKind; members: Array<Record<string, unknown>> } => {
    const procedure = HAZARD_PROCEDURES[input.kind] as unknown as
      { run: (i: unknown, d: Dice) => Record<string, unknown> } | undefined;
    if (!procedure) throw new RuleError('INVALID_INPUT', 'Unknown hazard.', 'kind');
    return { kind: input.kind, members: input.members.map((member) => procedure.run(member, dice)) };
  },
};

/** What the campaign hazard procedures take for one character: the hazard's input and its harm state. */
export interface CampaignHazardMember {
  hazard: Record<string, unknown>;
  /** The sheet's numbers for the harm transition; null when the hazard cannot harm the sheet. */
  harm: HazardHarmState | null;
}

/** One member's answer: the hazard's outcome and, when it harmed, the transition's outcome. */
export interface CampaignHazardOutcome {
  hazard: Record<string, unknown>;
  harm: SheetDamageOutcome | null;
}

function campaignMember(kind: HazardKind, member: CampaignHazardMember, dice: Dice): CampaignHazardOutcome {
  const procedure = HAZARD_PROCEDURES[kind] as unknown as
    { run: (i: unknown, d: Dice) => Record<string, unknown> } | undefined;
  if (!procedure) throw new RuleError('INVALID_INPUT', 'Unknown hazard.', 'kind');
  const hazard = procedure.run(member.hazard, dice);
  const effects = hazard.effects as SheetEffect[] | undefined;
  return { hazard, harm: hazardHarmOutcome(effects, member.harm, dice) };
}

/**
 * A hazard applied to a stored sheet (issue 39): the hazard, then what its loss does to the character
 * through the harm transition, on one dice stream: one logged roll, one write. Hazards applied before
 * logged `hazard.<system>.<kind>` and a second `harm.sheet-damage` roll; those still replay.
 */
export const CAMPAIGN_HAZARD_PROCEDURE = {
  name: 'hazard.campaign.v1',
  run: (input: { kind: HazardKind } & CampaignHazardMember, dice: Dice): CampaignHazardOutcome =>
    campaignMember(input.kind, input, dice),
};

/** The party version: each member's hazard and harm in order, from one dice stream. */
export const CAMPAIGN_PARTY_HAZARD_PROCEDURE = {
  name: 'hazard.party.v2',
  run: (
    input: { kind: HazardKind; members: CampaignHazardMember[] },
    dice: Dice,
  ): { kind: HazardKind; members: CampaignHazardOutcome[] } => ({
    kind: input.kind,
    members: input.members.map((member) => campaignMember(input.kind, member, dice)),
  }),
};

/** One character's part of `hazard.campaign.v2`: the hazard's input, its name, the engine's state, ids. */
export interface CampaignHazardV2Member {
  /** The campaign's name of the hazard (`fall`, `ailment` …): the source of the statuses it adds. */
  name: string;
  hazard: Record<string, unknown>;
  /** The engine's state of the sheet (`hazardSheetState`). */
  state: HazardState;
  /** Ids minted for what the hazard may keep (an ailment, then statuses), so the roll replays. */
  ids: string[];
}

function campaignMemberV2(kind: HazardKind, member: CampaignHazardV2Member, dice: Dice): HazardV2Outcome {
  const procedure = HAZARD_PROCEDURES[kind] as unknown as
    { run: (i: unknown, d: Dice) => Record<string, unknown> } | undefined;
  if (!procedure) throw new RuleError('INVALID_INPUT', 'Unknown hazard.', 'kind');
  return runCampaignHazard(procedure, { ...{}, ...member, kind }, dice);
}

/**
 * A hazard applied to a stored sheet through the engine (issue 39): the logged input is the engine's
 * state and the hazard's input; the hazard is rolled, its change found and the system's transition
 * applied once on the same dice (harm and plain effects alike). The outcome holds the hazard's answer,
 * the state after, the events and the ledger changes to write. `hazard.campaign.v1` still replays.
 */
export const CAMPAIGN_HAZARD_V2_PROCEDURE = {
  name: 'hazard.campaign.v2',
  run: (input: { kind: HazardKind } & CampaignHazardV2Member, dice: Dice): HazardV2Outcome =>
    campaignMemberV2(input.kind, input, dice),
};

/** The party version of `hazard.campaign.v2`: each member in order, from one dice stream. */
export const CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE = {
  name: 'hazard.party.v3',
  run: (
    input: { kind: HazardKind; members: CampaignHazardV2Member[] },
    dice: Dice,
  ): { kind: HazardKind; members: HazardV2Outcome[] } => ({
    kind: input.kind,
    members: input.members.map((member) => campaignMemberV2(input.kind, member, dice)),
  }),
};

/**
 * `hazard.campaign.v3` (issue 39): what v2 rolls, on the same input and dice, with a smaller log. v2
 * logged the engine's state three times (in the input, as the state after, as the harm procedure's
 * input); v3 logs it once, in the input, and of the answer what `loggedHazard` keeps. `whole` is the
 * same roll answered whole, for the service: it writes the sheet and answers from it, and logs
 * `loggedHazard` of it, which is what `run` (the replay) gives. v1 and v2 still replay.
 */
export const CAMPAIGN_HAZARD_V3_PROCEDURE = loggedProcedure(
  'hazard.campaign.v3',
  CAMPAIGN_HAZARD_V2_PROCEDURE.run,
  loggedHazard,
);

/** A party's roll logged member by member, each as `log` logs one character's. */
function loggedMembers<L>(log: (member: HazardV2Outcome) => L) {
  return (whole: { kind: HazardKind; members: HazardV2Outcome[] }): { kind: HazardKind; members: L[] } => ({
    kind: whole.kind,
    members: whole.members.map(log),
  });
}

/** What `hazard.party.v4` logs: each member as `hazard.campaign.v3` logs one. */
export const loggedParty = loggedMembers<HazardV3Logged>(loggedHazard);

/**
 * `hazard.party.v4`: `hazard.party.v3`'s roll (each member in order, one dice stream), each member
 * logged as `hazard.campaign.v3` logs one (the state once, in the input). `whole` answers it whole for
 * the service, which logs `loggedParty` of it. `hazard.party.v3` still replays.
 */
export const CAMPAIGN_PARTY_HAZARD_V4_PROCEDURE = loggedProcedure(
  'hazard.party.v4',
  CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE.run,
  loggedParty,
);

/**
 * `hazard.campaign.v4` (issue 39): v3's roll on the same input and dice, logged smaller still: of the
 * transition, what `loggedHazardV4` keeps (the ledger changes, the lists, the states joined; no steps,
 * detail or events: the events are the roll's `effects.events`). `whole` answers it whole for the
 * service. v1, v2 and v3 still replay.
 */
export const CAMPAIGN_HAZARD_V4_PROCEDURE = loggedProcedure(
  'hazard.campaign.v4',
  CAMPAIGN_HAZARD_V2_PROCEDURE.run,
  loggedHazardV4,
);

/** What `hazard.party.v5` logs: each member as `hazard.campaign.v4` logs one. */
export const loggedPartyV5 = loggedMembers<HazardV4Logged>(loggedHazardV4);

/** `hazard.party.v5`: the party's roll of v3 and v4, each member logged as `hazard.campaign.v4` logs one. */
export const CAMPAIGN_PARTY_HAZARD_V5_PROCEDURE = loggedProcedure(
  'hazard.party.v5',
  CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE.run,
  loggedPartyV5,
);

type OutcomeOf<K extends HazardKind> = ReturnType<(typeof HAZARD_PROCEDURES)[K]['run']>;

/** What the hazard controller and resolver both call: the only place hazards are rolled. */
@Injectable()
export class HazardsService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
  ) {
    registry.register(
      ...(Object.values(HAZARD_PROCEDURES) as never[]),
      PARTY_HAZARD_PROCEDURE as never,
      CAMPAIGN_HAZARD_PROCEDURE as never,
      CAMPAIGN_PARTY_HAZARD_PROCEDURE as never,
      CAMPAIGN_HAZARD_V2_PROCEDURE as never,
      CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE as never,
      CAMPAIGN_HAZARD_V3_PROCEDURE as never,
      CAMPAIGN_PARTY_HAZARD_V4_PROCEDURE as never,
      CAMPAIGN_HAZARD_V4_PROCEDURE as never,
      CAMPAIGN_PARTY_HAZARD_V5_PROCEDURE as never,
      ...(Object.values(RETIRED_HAZARD_PROCEDURES) as never[]),
    );
  }

  /** Rolls a stateless hazard: nothing is stored, the answer carries its seed and generator. */
  resolve<K extends HazardKind>(
    kind: K,
    input: { seed?: string | null },
    req: ArbiterRequest,
  ): OutcomeOf<K> & { seed: string; rng: string; rollId: null } {
    const { seed, ...rest } = withoutNulls(input) as { seed?: string };
    const procedure = HAZARD_PROCEDURES[kind] as unknown as {
      name: string;
      run: (i: unknown, d: never) => OutcomeOf<K>;
    };
    const rolled = this.rolls.roll(procedure, rest, seed, diceBudget(req));
    return { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: null };
  }

  /**
   * G&M concentration, answered in /v1's words (docs/api-style.md): `attributeModifiers`, and the
   * procedure's own `abilityModifiers` beside it, deprecated, with the same numbers.
   */
  gmConcentration(input: { seed?: string | null }, req: ArbiterRequest) {
    const answer = this.resolve('gmConcentration', input, req);
    return { ...{}, ...answer, attributeModifiers: answer.abilityModifiers };
  }
}
