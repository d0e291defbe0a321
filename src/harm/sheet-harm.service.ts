import { Injectable, OnModuleInit } from '@nestjs/common';
import { In as AnyOf, EntityManager, Like } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignStateService } from '../campaign-state/campaign-state.service';
import { CampaignsService } from '../campaigns/campaigns.service';
import { CharacterSheetEntity } from '../characters/characters.entities';
import type { SheetAnswer } from '../characters/characters.results';
import { deriveSheet } from '../core/characters/sheets-derived';
import { NpcsService, ownerOf } from '../characters/npcs.service';
import { SheetChecksService } from '../characters/sheet-checks.service';
import { SheetOwner, SheetsService, toConditionEntry } from '../characters/sheets.service';
import { Problem, asBadRequest } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { now } from '../common/time';
import type { ClockStep } from '../core/clock';
import {
  coeacBlockPools,
  isSheetSystem,
  sameJson,
  type Sheet,
  type SheetSystem,
} from '../core/characters/sheets';
import {
  archsoulStandUp,
  archsoulStatusNamed,
  cairnAidNeed,
  sheetAid,
  type SheetAidInput as SheetAidCore,
  cairnDeprivation,
  type CairnDeprivationInput as CairnDeprivationCore,
  harmOf,
  sheetDamage,
  sheetEating,
  sheetRest,
  type SheetEatingOutcome,
  type HarmState,
  type SheetChange,
  type SheetDamageInput as CoreDamageInput,
  type SheetDamageOutcome,
  type SheetHarm,
  type SheetRestInput as CoreRestInput,
  type SheetRestOutcome,
  countRounds,
  gmDeathTurns,
  gmUnconsciousTurns,
  roundsPassed,
  roundsTimer,
  startTimer,
  timerDue,
  timerExpired,
  timerHolds,
  type HarmTimer,
  type HarmTimerKind,
  EMPTY_HARM,
  mergePending,
  sheetHeroicEffort,
  sheetHeroicEffortV2,
  sheetSemiConsciousness,
  sheetSemiConsciousnessV2,
  sheetTemporaryPool,
  gmAwaken,
  TEMPORARY_SOURCE,
  TEMPORARY_SURVIVAL,
  type SheetHeroicEffortOutcomeV2,
} from '../core/harm';
import { gmSheetVerveTest } from '../core/harm/gm-verve-tests';
import { archsoulSustenance } from '../core/hazards/archsoul-survival';
import { AdvancementCampaignService } from '../advancement/advancement-campaign.service';
import { classResourceKey, coeacMagicResources as magicResources, findCoeacSpell } from '../core/magic';
import { Database } from '../database/database.service';
import { assertCanAct } from './can-act';
import {
  aidEvents,
  applyChange,
  damageInput as engineDamageInput,
  lastEffortEvents,
  restInput as engineRestInput,
  describeDamage,
  harmAfterDamage,
  timerEvents,
  timerInput,
  nextExpiring,
  sheetState,
  gmLevel,
  type DamageApplied,
  type EngineChange,
  type EngineEvent,
  type EngineState,
  type RestApplied,
  type TimerApplied,
  type TimerChange,
} from '../core/engine';
import { EngineEventResult } from './engine-events.results';
import type { Dice } from '../core/random';
import { CampaignEntity, CharacterEntity } from '../database/entities';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { InventoryService } from '../inventory/inventory.service';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService, type Rolled } from '../rolls/rolls.service';
import type {
  CairnAidInput,
  CairnDeprivationApplyInput,
  DownAndOutAidInput,
  HeroicEffortInput,
  TemporaryPoolInput,
  EndOfSessionCheckInput,
  SheetDamageInput,
  SheetEatingInput,
  SheetRestInput,
} from './harm-campaign.inputs';
import type {
  ArchsoulStandUpResult,
  SheetAidResult,
  SheetHeroicEffortResult,
  SheetSemiConsciousResult,
  SheetTemporaryPoolResult,
  HarmTimerExpiry,
  HarmTimerView,
  CairnDeprivationApplied,
  EndOfSessionCheckResult,
  PartyRestResult,
  SheetDamageResult,
  SheetEatingResult,
  SheetRestResult,
} from './harm-campaign.results';

/** The campaign harm procedures: never rename; a changed answer takes a `.vN` name. */
export const SHEET_HARM_PROCEDURES = {
  damage: { name: 'harm.sheet-damage', run: sheetDamage },
  rest: { name: 'harm.sheet-rest', run: sheetRest },
  /** No dice: a harm timer ran out as the clock advanced (docs/harm.md, Timers). */
  timerExpired: { name: 'harm.timer-expired', run: timerExpired },
  eating: { name: 'harm.sheet-eating', run: sheetEating },
  deprivation: {
    name: 'harm.sheet-deprivation',
    run: (input: CairnDeprivationCore) => cairnDeprivation(input),
  },
  /** No dice: Cairn aid stabilises a critical character or tends a Mortal Wound (CA-24). */
  aid: { name: 'harm.sheet-aid', run: (input: SheetAidCore) => sheetAid(input) },
  /** No dice: a Knocked Down Archsoul character stands up (AS-26). */
  standUp: { name: 'harm.archsoul-stand-up', run: (input: { statuses: string[] }) => archsoulStandUp(input) },
  /** The heroic last effort with the improvements its mojo won (MJ7). */
  heroicEffort: { name: 'harm.sheet-heroic-effort.v2', run: sheetHeroicEffortV2 },
  /** Efforts logged before v2 (no improvements), kept so they replay. */
  heroicEffortV1: { name: 'harm.sheet-heroic-effort', run: sheetHeroicEffort },
  /** 1 mojo makes an unconscious G&M character semi-conscious; its willpower roll (d4 rounds on a failure). */
  semiConsciousness: { name: 'harm.semi-consciousness.v2', run: sheetSemiConsciousnessV2 },
  /** Logged before v2: no dice. */
  semiConsciousnessV1: { name: 'harm.semi-consciousness', run: sheetSemiConsciousness },
  /** No dice: a G&M temporary survival pool granted or removed. */
  temporaryPool: { name: 'harm.temporary-pool', run: sheetTemporaryPool },
  /** The roll to awaken as a G&M unconsciousness timer runs out (issue 43, S6); before it, no roll. */
  gmAwaken: { name: 'harm.gm-awaken', run: gmAwaken },
};

/** Rounds in a ten-minute turn for G&M (a round is 10 seconds, 001:549). */
const GM_ROUNDS_PER_TURN = 60;

/** Options of `applyDamage` / `applyRest` for a caller inside its own transaction (combat). */
export interface ApplyHarmOptions {
  /** Seal the logged roll (an NPC whose numbers are hidden is sealed whatever is passed). */
  secret?: boolean;
  /** The request, for its dice budget (optional for callers without one). */
  req?: ArbiterRequest;
  campaign?: CampaignEntity;
  /** COEAC: a Down and Out check without damage (the end-of-session check). */
  downAndOutCheck?: boolean;
  /** Archsoul: a hazard that killed by itself (a drowning out of Endurance); the transition writes dead. */
  fatal?: boolean;
  /** Cairn: the loss ignores Armor (a failed cast's harm turns on the caster, 004:146): Armor 0. */
  pastArmor?: boolean;
  /** COEAC: a write just reduced the sheet's max HP (the transition decides the death at 0). */
  maxHpReduced?: boolean;
  /** COEAC: Medicine aid after the blow (C6): no loss, the Medicine test and the table on a success. */
  aid?: boolean;
  /** COEAC party short rest: the party resting and how many of them have Rations (the majority rule). */
  party?: { members: number; fed: number };
  /**
   * The sheet the answer carries, made from the data written without reading again (a caller that
   * answers no sheet of its own: a hazard, a spell's cost); by default the sheet is read as answered.
   */
  derive?: (data: Sheet) => Sheet;
  /** The owner's sheet in the damage's system, already read (locked) by the caller. */
  row?: CharacterSheetEntity;
  /**
   * The harm was computed inside the caller's own logged roll (a combat action: combat.cairn-action)
   * with the same core `harm.sheet-damage` uses: `applyDamage` neither reads the sheet nor rolls nor
   * logs; it writes `outcome` to `row` (the sheet the caller read, locked) and its ledger entries
   * name `roll`. `derive` answers the sheet after (what the server derives) without reading again.
   */
  computed?: {
    row: CharacterSheetEntity;
    outcome: SheetDamageOutcome;
    roll: { id: string; procedure: string; seed: string; rng: string };
    derive?: (data: Sheet) => Sheet;
    /** The engine's state the transition read and the events it answered (else made from `row` and `outcome`). */
    state?: EngineState;
    events?: EngineEvent[];
  };
}

const RATIONS = /^rations?$/i;
const FATIGUE = /^fatigue$/i;
const COEAC_TASKS_SLOWED_BY_ARMOR = ['endurance', 'flexibility', 'balance', 'climbing'];

/** Clock length of each rest (our readings; docs/harm.md). */
const REST_LENGTH: Record<string, Record<string, ClockStep>> = {
  // COEAC: a short rest is an hour (six ten-minute turns, 003:220, 999); a long rest is overnight,
  // to the next morning (003:222; docs/decisions.md, "Issue 39: COEAC rests").
  coeac: { short: { turns: 6 }, long: { days: 1 } },
  cairn: { short: { turns: 1 }, night: { watches: 1 }, week: { days: 7 } },
  gm: { night: { watches: 1 }, day: { days: 1 } },
  archsoul: { night: { watches: 1 }, hour: { turns: 6 } },
};

const num = (value: unknown, fallback = 0): number => (typeof value === 'number' ? value : fallback);
const pair = (value: unknown) => {
  const v = (value ?? {}) as { current?: number; max?: number };
  return { current: num(v.current), max: num(v.max) };
};

/** What a COEAC long rest refills: the day's magic and the class resources marked `perDay`. */
function dailyResources(sheet: Record<string, unknown>): Record<string, { current: number; max: number }> {
  const resources = (sheet.classResources ?? {}) as Record<string, { current: number; max: number }>;
  const marked = Array.isArray(sheet.perDay) ? (sheet.perDay as string[]) : [];
  const out = magicResources(sheet);
  for (const name of marked) if (resources[name]) out[name] = resources[name];
  return out;
}

/**
 * Harm and recovery on stored sheets (SPEC 6.2, the campaign half). `applyDamage` and `applyRest` run
 * inside the caller's transaction: they read the sheet (locked), roll one named procedure
 * (`harm.sheet-damage` / `harm.sheet-rest`) whose inputs are the sheet's numbers, apply every tracked
 * change through `SheetsService.changeTracked` (the condition ledger), keep the harm state on the
 * sheet (`sheet.harm`), spend Rations and remove Fatigue through the inventory, and log the roll once
 * (sealed for an NPC whose numbers are hidden). Combat calls `applyDamage` directly.
 */
@Injectable()
export class SheetHarmService implements OnModuleInit {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly npcs: NpcsService,
    private readonly checks: SheetChecksService,
    private readonly rolls: RollsService,
    private readonly inventory: InventoryService,
    private readonly state: CampaignStateService,
    private readonly advancement: AdvancementCampaignService,
    registry: ProcedureRegistry,
  ) {
    registry.register(...(Object.values(SHEET_HARM_PROCEDURES) as never[]));
  }

  onModuleInit(): void {
    // Harm timers run out as the clock advances (inside the advance's transaction).
    // The answer names them only when one ran out, so an advance without any answers as before.
    this.state.onClockAdvance(async (m, who, campaign, passage) => {
      const rounds = passage.passed ? roundsPassed(passage.passed) : 0;
      // G&M rounds are 10 seconds (001:549): 60 a turn; a watch or a day crossed ends them all.
      const gmRounds = passage.passed
        ? rounds === Number.MAX_SAFE_INTEGER
          ? rounds
          : passage.passed.turns * GM_ROUNDS_PER_TURN
        : 0;
      const seed = typeof passage.options.seed === 'string' ? passage.options.seed : undefined;
      const harmTimers = await this.expireTimers(m, who, campaign, { rounds, gmRounds, seed });
      return harmTimers.length > 0 ? { harmTimers } : {};
    });
    // A referee's PUT of a harm state starts the timers it implies and drops those it no longer does.
    // COEAC's and Cairn's own `state` and the harm state never disagree after a PUT (the one the PUT
    // changed wins; when it changed neither, the harm state does).
    this.sheets.onPut(async (m, put) => {
      put = { ...{}, ...put, after: agreeingStates(put.system, put.before, put.after) };
      if (put.after.harm === undefined || put.after.harm === null) return put.after;
      const before = put.before ? harmOf(put.before) : EMPTY_HARM;
      const after = harmOf(put.after);
      const timers = await this.putTimers(m, put.campaign.id, put.system, before, after, put.after);
      const harm: SheetHarm = { ...{}, ...after, timers };
      if (timers.length === 0) delete harm.timers;
      return sameJson(harm, put.after.harm) ? put.after : { ...{}, ...put.after, harm };
    });
    // A COEAC max HP the ledger left at 0 (an adjustment, a Lingering Injury, any route) is handed to
    // the harm transition, which decides the death (003:173): a roll of harm.sheet-damage, no loss.
    this.sheets.onTrackedWritten(async (m, written) => {
      if (written.system !== 'coeac') return;
      if (!written.entries.some((e) => e.field === 'maxHp' && e.delta < 0)) return;
      const data = written.row.data;
      if (typeof data.maxHp !== 'number' || data.maxHp > 0 || harmOf(data).state === 'dead') return;
      await this.applyDamage(
        m,
        written.who,
        written.owner,
        { system: 'coeac', amount: 0, source: 'max HP reduced to 0' },
        { campaign: written.campaign, row: written.row, maxHpReduced: true },
      );
    });
    // Harm's say in every sheet check: refused while the owner cannot act; the G&M injury penalty;
    // COEAC armour penalty dice on endurance, flexibility, balance and climbing tasks.
    this.checks.addModifier(async (_m, _who, context) => {
      const harm = harmOf(context.sheet);
      const who = context.owner.kind === 'npc' ? 'npcId' : 'characterId';
      assertCanAct(context.owner, context.sheet, who, 'act', context.system);
      // A semi-conscious character whose willpower roll failed cannot react or reply yet (000:196).
      const delay = (harm.timers ?? []).find(
        (t) => t.kind === 'gm-response-delay' && timerHolds(t.kind, harm) && (t.rounds ?? 0) > 0,
      );
      if (delay) {
        const who = context.owner.kind === 'npc' ? 'npcId' : 'characterId';
        throw Problem.field(
          'CONFLICT',
          who,
          `${context.owner.name} is semi-conscious and cannot respond for ${delay.rounds} more round(s) (the gm-response-delay timer).`,
        );
      }
      const out: Array<{ source: string; dice?: number; amount?: number }> = [];
      if (context.system === 'gm') {
        const injuries = pair(context.sheet.injuries).current;
        if (injuries > 0) out.push({ source: 'injuries', amount: -injuries });
      }
      if (context.system === 'coeac') {
        const armor = (context.sheet.armor ?? {}) as { kind?: string; shield?: boolean };
        const slots = (armor.kind === 'light' ? 1 : armor.kind === 'heavy' ? 2 : 0) + (armor.shield ? 1 : 0);
        const slowed = context.taskTags.some((t) => COEAC_TASKS_SLOWED_BY_ARMOR.includes(t.toLowerCase()));
        if (slots > 0 && slowed) out.push({ source: 'armor', dice: -slots });
      }
      return out;
    });
  }

  // Routes

  damageCharacter(
    who: Principal,
    characterId: string,
    input: SheetDamageInput,
    req: ArbiterRequest,
  ): Promise<SheetDamageResult> {
    assertMayActFor(who, characterId);
    this.assertSecretAllowed(who, input.secret);
    return this.db.mutation(req, async (m) => {
      // The character and its sheet in one read when the system is one (else applyDamage refuses it).
      const { owner, row } = isSheetSystem(input.system)
        ? await this.sheets.characterSheet(m, who.campaignId, characterId, input.system)
        : { owner: await this.sheets.characterOwner(m, who.campaignId, characterId), row: undefined };
      return this.applyDamage(m, who, owner, input, { secret: input.secret ?? false, req, row });
    });
  }

  damageNpc(who: Principal, npcId: string, input: SheetDamageInput, req: ArbiterRequest) {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee harms NPCs.');
    return this.db.mutation(req, async (m) => {
      const row = await this.npcs.npc(m, who.campaignId, npcId);
      return this.applyDamage(m, who, ownerOf(row), input, { secret: input.secret ?? false, req });
    });
  }

  restCharacter(
    who: Principal,
    characterId: string,
    input: SheetRestInput,
    req: ArbiterRequest,
  ): Promise<SheetRestResult> {
    assertMayActFor(who, characterId);
    this.assertSecretAllowed(who, input.secret);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      const rest = await this.applyRest(m, who, owner, input, {
        secret: input.secret ?? false,
        req,
        campaign,
      });
      const clock = await this.advance(m, who, campaign, input);
      return { ...{}, ...rest, clock };
    });
  }

  restNpc(
    who: Principal,
    npcId: string,
    input: SheetRestInput,
    req: ArbiterRequest,
  ): Promise<SheetRestResult> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee rests NPCs.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const row = await this.npcs.npc(m, who.campaignId, npcId);
      const rest = await this.applyRest(m, who, ownerOf(row), input, {
        secret: input.secret ?? false,
        req,
        campaign,
      });
      const clock = await this.advance(m, who, campaign, input);
      return { ...{}, ...rest, clock };
    });
  }

  /**
   * A party rest: every character on the session's roster (every character of the campaign when no
   * roster is set) with a sheet in the system rests, in id order, each with its own logged roll; the
   * clock moves once. Referee only.
   */
  restParty(who: Principal, input: SheetRestInput, req: ArbiterRequest): Promise<PartyRestResult> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee rests the party.');
    const system = input.system as SheetSystem;
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const ids = await this.partyOf(m, campaign, system);
      // COEAC short rest: how many of the party have Rations to spend (the majority feeds everyone).
      const party =
        system === 'coeac' && input.kind === 'short'
          ? await this.partyRations(m, campaign.id, ids)
          : undefined;
      const rests: SheetRestResult[] = [];
      for (const id of ids) {
        const owner = await this.sheets.characterOwner(m, campaign.id, id);
        const seed = input.seed ? `${input.seed}:${id}` : undefined;
        rests.push({
          ...{},
          ...(await this.applyRest(
            m,
            who,
            owner,
            { ...{}, ...input, seed },
            { secret: input.secret ?? false, req, campaign, ...(party ? { party } : {}) },
          )),
          clock: null,
        });
      }
      const clock = await this.advance(m, who, campaign, input);
      return { rests, clock };
    });
  }

  /**
   * COEAC Medicine aid after the blow (C6, 003:201): a character down and out and awaiting aid (its
   * Medicine test at the blow failed, or none was made) is aided while its `coeac-aid` timer runs, by
   * a second aider or at the end of the scene. The transition rolls it (`harm.sheet-damage` with
   * `aid`: no loss, Medicine Ob 3, the Down and Out table on a success); a success lifts
   * `awaiting-aid` and so stops the timer, a failure leaves both. The aider is `aiderId` (its pool is
   * 2 + the Medicine of its COEAC sheet; it must be able to act) or the pool sent as `medicine`.
   * Who may (as Cairn's aid): the referee; with `aiderId`, a player whose key binds the aider (the
   * Medicine spent is the aider's), else 403 naming `aiderId`; with only a pool, the fallen
   * character's own player (docs/decisions.md, "Issue 44: who gives Medicine aid").
   */
  aidDownAndOut(
    who: Principal,
    characterId: string,
    input: DownAndOutAidInput,
    req: ArbiterRequest,
  ): Promise<SheetDamageResult> {
    const has = (v: unknown) => v !== undefined && v !== null;
    // With an aider named, its player (the Medicine spent is its own); else the fallen character's.
    if (has(input.aiderId)) assertMayActFor(who, input.aiderId!, 'aiderId');
    else assertMayActFor(who, characterId, 'characterId');
    this.assertSecretAllowed(who, input.secret);
    if (has(input.medicine) === has(input.aiderId))
      throw Problem.field('VALIDATION_FAILED', 'medicine', 'Send medicine or aiderId (one of them).');
    if (input.aiderId === characterId)
      throw Problem.field('UNPROCESSABLE', 'aiderId', 'A character down and out cannot aid itself.');
    return this.db.mutation(req, async (m) => {
      const { owner, row } = await this.sheets.characterSheet(m, who.campaignId, characterId, 'coeac');
      const harm = harmOf(row.data);
      if (harm.state !== 'down-and-out' || !harm.conditions.includes('awaiting-aid'))
        throw Problem.field(
          'CONFLICT',
          'characterId',
          `${owner.name} is not down and out awaiting aid (sheet.harm is ${harm.state}${
            harm.conditions.length ? `, ${harm.conditions.join(', ')}` : ''
          }).`,
        );
      let medicine = input.medicine ? { ...input.medicine } : null;
      let aider: string | null = null;
      if (input.aiderId) {
        const found = await this.sheets.characterSheet(m, who.campaignId, input.aiderId, 'coeac');
        assertCanAct(found.owner, found.row.data, 'aiderId', 'aid');
        const skills = (found.row.data.skills ?? {}) as Record<string, number>;
        const key = Object.keys(skills).find((k) => k.toLowerCase() === 'medicine');
        medicine = { pool: 2 + (key ? skills[key] : 0) };
        aider = found.owner.name;
      }
      return this.applyDamage(
        m,
        who,
        owner,
        {
          system: 'coeac',
          amount: 0,
          medicine: medicine ?? undefined,
          seed: input.seed,
          source: aider ? `Medicine aid by ${aider}` : 'Medicine aid',
        },
        { secret: input.secret ?? false, req, row, aid: true },
      );
    });
  }

  /**
   * COEAC's end-of-session check (003:955): when the party ends a session away from a haven, every
   * COEAC character on the roster (every one with a COEAC sheet when no roster is set) makes a Down
   * and Out check, HP unchanged, with the results applied to the sheet. Needs a session in progress
   * (call it just before ending it). Referee only.
   */
  endOfSessionChecks(
    who: Principal,
    input: EndOfSessionCheckInput,
    req: ArbiterRequest,
  ): Promise<EndOfSessionCheckResult> {
    if (who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee makes the end-of-session check.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      if (!campaign.currentSessionId)
        throw new Problem('NO_SESSION_IN_PROGRESS', 'No game session is in progress to end.');
      if (!input.awayFromHaven) return { awayFromHaven: false, checks: [] };
      const ids = await this.partyOf(m, campaign, 'coeac');
      const checks: SheetDamageResult[] = [];
      for (const id of ids) {
        const owner = await this.sheets.characterOwner(m, campaign.id, id);
        const seed = input.seed ? `${input.seed}:${id}` : undefined;
        checks.push(
          await this.applyDamage(
            m,
            who,
            owner,
            { system: 'coeac', amount: 0, seed, source: 'end-of-session check' },
            { secret: input.secret ?? false, req, campaign, downAndOutCheck: true },
          ),
        );
      }
      return { awayFromHaven: true, checks };
    });
  }

  /**
   * The Monster Menu's eating effects on a character's COEAC sheet (003:493–505): meat heals 1d4 (up to
   * max HP), bones +1 max HP (never past 20), a heart +1 to a Skill and a Save by lot, viscera clear
   * afflictions (words: the referee's); meat or viscera kept roll d6 4–6. One logged roll
   * (`harm.sheet-eating`), HP and max HP through the ledger, Skills and Saves as base values. A
   * character who cannot act (down and out, dead) cannot eat: 409 naming `characterId`.
   */
  eat(
    who: Principal,
    characterId: string,
    input: SheetEatingInput,
    req: ArbiterRequest,
  ): Promise<SheetEatingResult> {
    assertMayActFor(who, characterId);
    this.assertSecretAllowed(who, input.secret);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      const row = await this.sheets.requireSheet(m, owner, 'coeac', { lock: true });
      const harm = harmOf(row.data);
      assertCanAct(owner, row.data, 'characterId', 'eat', 'coeac');
      const data = row.data;
      const rolled = asBadRequest(() =>
        this.rolls.roll(
          SHEET_HARM_PROCEDURES.eating,
          {
            cut: input.cut as 'meat',
            preserve: input.preserve ?? false,
            hp: num(data.hp),
            maxHp: num(data.maxHp),
            skills: Object.keys((data.skills ?? {}) as object),
            saves: Object.keys((data.saves ?? {}) as object),
            ...(input.knownSpells ? { knownSpells: [...input.knownSpells] } : {}),
            ...(input.family ? { family: input.family } : {}),
            ...(input.organ ? { organ: input.organ } : {}),
          },
          input.seed ?? undefined,
          diceBudget(req),
        ),
      );
      const outcome: SheetEatingOutcome = rolled.outcome;
      // Brain and rare organ (F24): what they leave on the sheet, outside the ledger but in its write.
      const eaten = outcome.detail.coeacEating as { learnedSpell?: string; organ?: string };
      const extra: Record<string, unknown> = {};
      const changes = [...outcome.changes];
      if (eaten.learnedSpell) {
        const spell = findCoeacSpell(eaten.learnedSpell)!;
        // A spell already controlled stays as it is; a new one joins the class resources, 1 a day.
        if (!classResourceKey(data, spell.id, spell.name)) {
          extra.classResources = {
            ...{},
            ...((data.classResources ?? {}) as object),
            [spell.name]: { current: 0, max: 1 },
          };
          changes.push({ path: `classResources.${spell.name}.current`, delta: 1, via: 'ledger' });
        }
      }
      if (eaten.organ) {
        extra.organs = [...((data.organs ?? []) as string[]), eaten.organ].slice(-64);
        if (eaten.organ === 'hide') {
          const armor = (data.armor ?? {}) as {
            kind?: string;
            shield?: boolean;
            blockBonus?: number;
            shieldBlockBonus?: number;
          };
          const worn = !!armor.kind && armor.kind !== 'none';
          const into = input.into ?? (worn ? 'armor' : armor.shield ? 'shield' : null);
          if (input.into && (into === 'armor' ? !worn : !armor.shield)) {
            throw Problem.field(
              'CONFLICT',
              'into',
              `${owner.name} has no ${into === 'armor' ? 'worn armour' : 'shield'} to work the hide into.`,
            );
          }
          // With neither piece the hide is kept (sheet organs) until the referee has one made.
          if (into) {
            const field = into === 'armor' ? 'blockBonus' : 'shieldBlockBonus';
            extra.armor = { ...{}, ...armor, [field]: (armor[field] ?? 0) + 1 };
          }
        }
      }
      const roll = await this.rolls.record(m, who, rolled as never, {
        campaign,
        secret: input.secret ?? false,
        effects: { characterId, system: 'coeac', cut: outcome.cut, changes: outcome.changes },
      });
      const { entries, row: after } = await this.write(
        m,
        who,
        campaign,
        owner,
        row,
        changes,
        harm,
        { procedure: SHEET_HARM_PROCEDURES.eating.name, rollId: roll.id, scar: null },
        extra,
      );
      return {
        ownerKind: owner.kind,
        ownerId: owner.id,
        system: 'coeac',
        cut: outcome.cut,
        preserved: outcome.preserved,
        stateBefore: harm.state,
        state: harm.state,
        steps: outcome.steps,
        changes: outcome.changes,
        entries,
        odds: outcome.odds,
        detail: outcome.detail,
        faces: outcome.faces,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
        sheet: await this.answer(m, owner, campaign, after),
      };
    });
  }

  /**
   * Cairn deprivation (004:25–26): Fatigue goes into the character's inventory as items of one slot
   * each; with too few free slots the request names the items to drop (`drop`), else 409
   * INVENTORY_FULL naming `drop` and nothing changes. Marks the sheet Deprived.
   */
  deprivation(
    who: Principal,
    characterId: string,
    input: CairnDeprivationApplyInput,
    req: ArbiterRequest,
  ): Promise<CairnDeprivationApplied> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee applies deprivation.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      await this.inventory.lockCharacters(m, campaign.id, [characterId]);
      const row = await this.sheets.requireSheet(m, owner, 'cairn', { lock: true });
      const drop = [...new Set(input.drop ?? [])];
      const carried = await m.find(InventoryItemEntity, { where: { campaignId: campaign.id, characterId } });
      for (const itemId of drop) {
        if (!carried.some((i) => i.id === itemId))
          throw Problem.field('UNPROCESSABLE', 'drop', `Item ${itemId} is not carried by ${owner.name}.`);
      }
      const { capacity, used } = await this.inventory.capacity(m, campaign, characterId);
      const freed = carried.filter((i) => drop.includes(i.id)).reduce((sum, i) => sum + i.slots, 0);
      const rolled = asBadRequest(() =>
        this.rolls.roll(
          SHEET_HARM_PROCEDURES.deprivation,
          {
            days: input.days,
            extraFatigue: input.extraFatigue ?? 0,
            freeSlots: Math.min(100, Math.max(0, capacity - used + freed)),
          },
          undefined,
          diceBudget(req),
        ),
      );
      const outcome = rolled.outcome;
      if ((outcome.itemsToDrop ?? 0) > 0) {
        throw Problem.field(
          'INVENTORY_FULL',
          'drop',
          `${outcome.fatigue} Fatigue need as many free slots: drop ${outcome.itemsToDrop} more slot(s) of items.`,
        );
      }
      for (const itemId of drop) await this.inventory.removeItem(m, campaign.id, characterId, itemId);
      const added: string[] = [];
      for (let i = 0; i < outcome.fatigue; i++) {
        const item = await this.inventory.addItem(m, campaign.id, characterId, {
          name: 'Fatigue',
          kind: 'gear',
          slots: 1,
        } as never);
        added.push(item.id);
      }
      await Database.updateRow(m, CharacterSheetEntity, row.id, {
        data: { ...{}, ...row.data, deprived: true } as never,
        updatedAt: now(),
      });
      const roll = await this.rolls.record(m, who, rolled as never, {
        campaign,
        effects: {
          characterId,
          system: 'cairn',
          fatigue: outcome.fatigue,
          fatigueItemIds: added,
          dropped: drop,
        },
      });
      return {
        characterId,
        fatigue: outcome.fatigue,
        fatigueItemIds: added,
        dropped: drop,
        steps: outcome.steps,
        rollId: roll.id,
        sheet: await this.sheets.sheetAnswer(m, owner, 'cairn'),
      };
    });
  }

  /**
   * Cairn aid (CA-24, 004:19, 88; 004:131): a character that failed its critical-damage save is
   * stabilised (out of the fight, no longer dying: the hour's timer stops), or a Mortal Wound is
   * tended (the hour stops; out of action and deprived until a week's rest). The referee, or a
   * player for its own character giving the aid (`aidedBy`) or receiving it. One logged roll
   * (`harm.sheet-aid`, no dice); 409 naming `characterId` when there is nothing to stop.
   */
  aid(
    who: Principal,
    characterId: string,
    input: CairnAidInput,
    req: ArbiterRequest,
  ): Promise<SheetAidResult> {
    const helperId = input.aidedBy ?? null;
    if (helperId === characterId)
      throw Problem.field('VALIDATION_FAILED', 'aidedBy', 'A character cannot aid itself.');
    if (helperId) assertMayActFor(who, helperId, 'aidedBy');
    else assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, campaign.id, characterId);
      let helperName: string | null = null;
      if (helperId) {
        const [helper] = await Database.selectRows(m, CharacterEntity, {
          id: helperId,
          campaignId: campaign.id,
        });
        if (!helper)
          throw Problem.field('UNPROCESSABLE', 'aidedBy', `No character ${helperId} in this campaign.`);
        helperName = helper.name;
        const [helperSheet] = await Database.selectRows(m, CharacterSheetEntity, {
          ownerId: helperId,
          system: 'cairn',
        });
        if (helperSheet) assertCanAct(helper, helperSheet.data, 'aidedBy', 'give aid');
      }
      const row = await this.sheets.requireSheet(m, owner, 'cairn', { lock: true });
      const harm = harmOf(row.data);
      if (!cairnAidNeed(harm.state, harm.conditions))
        throw Problem.field(
          'CONFLICT',
          'characterId',
          `${owner.name} is ${harm.state}: aid stops a dying character (critical, or an untended Mortal Wound).`,
        );
      const rolled = asBadRequest(() =>
        this.rolls.roll(
          SHEET_HARM_PROCEDURES.aid,
          { system: 'cairn', stateBefore: harm.state, conditions: harm.conditions, means: input.means },
          undefined,
          diceBudget(req),
        ),
      );
      const outcome = rolled.outcome;
      const next: SheetHarm = {
        ...{},
        ...harm,
        state: outcome.state,
        conditions: merge(harm.conditions, outcome.conditionsAdded, outcome.conditionsRemoved),
        pending: mergePending(harm.pending, outcome.pending),
      };
      next.timers = await this.nextTimers(m, campaign.id, 'cairn', next, null);
      if (next.timers.length === 0) delete next.timers;
      // Issue 44: the aid told by the core (events.ts) from the procedure's outcome and the harm it leaves.
      const before = this.engineState(owner, 'cairn', row.data, row.data, harm, true);
      const events = aidEvents(
        before,
        { ...{}, ...before, harm: next },
        outcome,
        helperName,
        input.means.trim(),
      );
      const roll = await this.rolls.record(m, who, rolled as never, {
        campaign,
        effects: {
          characterId,
          system: 'cairn',
          aided: outcome.aided,
          aidedBy: helperId,
          state: outcome.state,
          // The engine's events (issue 42, 44): the roll log and the live feed show them.
          events,
        },
      });
      const { entries, row: after } = await this.write(m, who, campaign, owner, row, [], next, {
        procedure: SHEET_HARM_PROCEDURES.aid.name,
        rollId: roll.id,
        scar: null,
      });
      return {
        ...{},
        ...this.noDice(
          owner,
          'cairn',
          harm.state,
          outcome.state,
          outcome.steps,
          [],
          entries,
          rolled,
          roll.id,
        ),
        events: events as EngineEventResult[],
        aided: outcome.aided,
        aidedBy: helperId,
        conditionsAdded: outcome.conditionsAdded,
        conditionsRemoved: outcome.conditionsRemoved,
        sheet: await this.answer(m, owner, campaign, after),
      };
    });
  }

  /**
   * A Knocked Down Archsoul character stands up (AS-26, 002:82–90): Knocked Down leaves the sheet's
   * `statuses` for 1 action point. The referee or the character's player; 409 naming `characterId`
   * when it is not Knocked Down, is Restrained, or cannot act. One logged roll, no dice.
   */
  standUp(who: Principal, characterId: string, req: ArbiterRequest): Promise<ArchsoulStandUpResult> {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, campaign.id, characterId);
      const row = await this.sheets.requireSheet(m, owner, 'archsoul', { lock: true });
      assertCanAct(owner, row.data, 'characterId', 'stand up');
      const harm = harmOf(row.data);
      const statuses = Array.isArray(row.data.statuses)
        ? (row.data.statuses as unknown[]).filter((x): x is string => typeof x === 'string')
        : [];
      const named = statuses.map((x) => archsoulStatusNamed(x));
      if (!named.includes('knocked-down'))
        throw Problem.field('CONFLICT', 'characterId', `${owner.name} is not Knocked Down.`);
      if (named.includes('restrained'))
        throw Problem.field('CONFLICT', 'characterId', `${owner.name} is Restrained and cannot stand up.`);
      const rolled = asBadRequest(() =>
        this.rolls.roll(SHEET_HARM_PROCEDURES.standUp, { statuses }, undefined, diceBudget(req)),
      );
      const outcome = rolled.outcome;
      const roll = await this.rolls.record(m, who, rolled as never, {
        campaign,
        effects: {
          characterId,
          system: 'archsoul',
          statuses: outcome.statuses,
          actionPoints: outcome.actionPoints,
        },
      });
      const { entries, row: after } = await this.write(
        m,
        who,
        campaign,
        owner,
        row,
        [],
        harm,
        { procedure: SHEET_HARM_PROCEDURES.standUp.name, rollId: roll.id, scar: null },
        { statuses: outcome.statuses },
      );
      return {
        ...{},
        ...this.noDice(
          owner,
          'archsoul',
          harm.state,
          harm.state,
          outcome.steps,
          [],
          entries,
          rolled,
          roll.id,
        ),
        actionPoints: outcome.actionPoints,
        statuses: outcome.statuses,
        sheet: await this.answer(m, owner, campaign, after),
      };
    });
  }

  // G&M: temporary pools, semi-consciousness, the heroic last effort

  /**
   * Grants a G&M temporary survival pool (001:641–645) to a character's or NPC's sheet, or removes it
   * (`amount: 0`): the pool is `temporarySurvival` (through the ledger), its source
   * `temporarySurvivalSource`, its end a `gm-temporary-pool` timer (turns on the clock, or rounds
   * counted by combat rounds and the clock) or none (until the referee removes it). A new grant
   * replaces the pool (our reading: pools do not stack). Referee only. One logged entry, no dice.
   */
  temporaryPool(
    who: Principal,
    target: { kind: 'character' | 'npc'; id: string },
    input: TemporaryPoolInput,
    req: ArbiterRequest,
  ): Promise<SheetTemporaryPoolResult> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee grants temporary pools.');
    const has = (v: unknown) => v !== undefined && v !== null;
    if (has(input.turns) && has(input.rounds))
      throw Problem.field('VALIDATION_FAILED', 'rounds', 'Send turns or rounds (one of them).');
    if (input.amount === 0 && (has(input.turns) || has(input.rounds)))
      throw Problem.field(
        'VALIDATION_FAILED',
        'amount',
        'Removing a pool (amount 0) takes no turns or rounds.',
      );
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner =
        target.kind === 'npc'
          ? ownerOf(await this.npcs.npc(m, campaign.id, target.id))
          : await this.sheets.characterOwner(m, campaign.id, target.id);
      const row = await this.sheets.requireSheet(m, owner, 'gm', { lock: true });
      const harm = harmOf(row.data);
      const before = num(row.data[TEMPORARY_SURVIVAL]);
      const source = input.amount > 0 ? (input.source ?? null) : null;
      const rolled = this.rolls.roll(
        SHEET_HARM_PROCEDURES.temporaryPool,
        { before, amount: input.amount, source, turns: input.turns ?? null, rounds: input.rounds ?? null },
        undefined,
        diceBudget(req),
      );
      const outcome = rolled.outcome;
      const secret = await this.sealed(m, owner, input.secret ?? false);
      const roll = await this.rolls.record(m, who, rolled as never, {
        campaign,
        secret,
        effects: {
          ...{},
          ...(owner.kind === 'npc' ? { npcId: owner.id } : { characterId: owner.id }),
          system: 'gm',
          temporarySurvival: input.amount,
          source,
        },
      });
      let timers = (harm.timers ?? []).filter((t) => t.kind !== 'gm-temporary-pool');
      if (input.amount > 0 && has(input.turns)) {
        const clock = await this.state.clock(m, campaign.id);
        timers = [...timers, startTimer('gm-temporary-pool', clock, input.turns!)];
      } else if (input.amount > 0 && has(input.rounds))
        timers = [...timers, roundsTimer('gm-temporary-pool', input.rounds!)];
      const next: SheetHarm = { ...{}, ...harm, timers };
      if (timers.length === 0) delete next.timers;
      const changes: SheetChange[] =
        input.amount !== before
          ? [{ path: TEMPORARY_SURVIVAL, delta: input.amount - before, via: 'ledger' }]
          : [];
      const { entries, row: after } = await this.write(
        m,
        who,
        campaign,
        owner,
        row,
        changes,
        next,
        { procedure: SHEET_HARM_PROCEDURES.temporaryPool.name, rollId: roll.id, scar: null },
        { [TEMPORARY_SOURCE]: source ?? undefined },
      );
      return {
        ...{},
        ...this.noDice(owner, 'gm', harm.state, harm.state, outcome.steps, changes, entries, rolled, roll.id),
        pool: input.amount,
        source,
        timer: ((next.timers ?? []).find((t) => t.kind === 'gm-temporary-pool') ?? null) as Record<
          string,
          unknown
        > | null,
        detail: { temporaryPool: { before, after: input.amount, source } },
        sheet: await this.answer(m, owner, campaign, after),
      };
    });
  }

  /**
   * Semi-consciousness (001:609, 000:194–198): an unconscious G&M character's player spends 1 mojo
   * (through the ledger) and the character is `semi-conscious` until the unconsciousness would have
   * ended (its `gm-unconscious` timer runs on): no agility bonus to defense (the sheet's
   * `derived.defense`), movement only, and unconscious for death rolls. 409 naming `characterId`
   * unless unconscious; 422 naming `characterId` without mojo.
   */
  semiConscious(who: Principal, characterId: string, req: ArbiterRequest): Promise<SheetSemiConsciousResult> {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, campaign.id, characterId);
      const row = await this.sheets.requireSheet(m, owner, 'gm', { lock: true });
      const harm = harmOf(row.data);
      if (harm.state !== 'unconscious')
        throw Problem.field(
          'CONFLICT',
          'characterId',
          `${owner.name} is ${harm.state}, not unconscious (sheet.harm.state on the gm sheet).`,
        );
      const mojo = pair(row.data.mojo).current;
      if (mojo < 1)
        throw Problem.field('UNPROCESSABLE', 'characterId', `${owner.name} has no mojo to spend.`);
      // The willpower reaction as the sheet derives it, at −injuries (001:601), in the same roll.
      const view = await this.sheets.view(m, owner, row);
      const willpower = ((view.reactions ?? {}) as Record<string, unknown>).willpower;
      const injuries = pair(row.data.injuries).current;
      const rolled = this.rolls.roll(
        SHEET_HARM_PROCEDURES.semiConsciousness,
        { mojoBefore: mojo, willpower: typeof willpower === 'number' ? willpower : null, injuries },
        undefined,
        diceBudget(req),
      );
      const outcome = rolled.outcome;
      const roll = await this.rolls.record(m, who, rolled as never, {
        campaign,
        effects: {
          characterId,
          system: 'gm',
          state: 'semi-conscious',
          mojoSpent: 1,
          responds: outcome.willpower?.passed ?? null,
          delayRounds: outcome.delayRounds,
        },
      });
      const delay = outcome.delayRounds;
      const timers = (harm.timers ?? []).filter((t) => t.kind !== 'gm-response-delay');
      if (delay !== null) timers.push(roundsTimer('gm-response-delay', delay));
      const next: SheetHarm = {
        ...{},
        ...harm,
        state: 'semi-conscious',
        pending: mergePending(
          harm.pending.filter((p) => !/^Cannot respond for/.test(p)),
          [
            'Semi-conscious (1 mojo) until the unconsciousness ends',
            ...(delay !== null ? [`Cannot respond for ${delay} round(s)`] : []),
          ],
        ),
      };
      if (timers.length > 0) next.timers = timers;
      else delete next.timers;
      const changes: SheetChange[] = [{ path: 'mojo.current', delta: -1, via: 'ledger' }];
      const { entries, row: after } = await this.write(m, who, campaign, owner, row, changes, next, {
        procedure: SHEET_HARM_PROCEDURES.semiConsciousness.name,
        rollId: roll.id,
        scar: null,
      });
      return {
        ...{},
        ...this.noDice(
          owner,
          'gm',
          harm.state,
          'semi-conscious',
          outcome.steps,
          changes,
          entries,
          rolled,
          roll.id,
        ),
        odds: outcome.willpower ? { willpower: outcome.odds } : {},
        detail: { willpower: outcome.willpower },
        faces: outcome.faces,
        mojoLeft: mojo - 1,
        willpower: outcome.willpower,
        responds: outcome.willpower ? outcome.willpower.passed : null,
        delayRounds: delay,
        sheet: await this.answer(m, owner, campaign, after),
      };
    });
  }

  /**
   * The heroic last effort (001:619–623) of a dying G&M character: one roll of the named ability or
   * reaction at +level with no injury penalty, every contributor's mojo a bonus on it (each spent
   * through the ledger), every contributor gaining experience as if they had spent all of it (the
   * advancement ledger, level-ups included); the character dies at the end of it. One logged roll.
   */
  heroicEffort(
    who: Principal,
    characterId: string,
    input: HeroicEffortInput,
    req: ArbiterRequest,
  ): Promise<SheetHeroicEffortResult> {
    assertMayActFor(who, characterId);
    this.assertSecretAllowed(who, input.secret);
    const contributions = (input.contributions ?? []).map((c) => ({
      characterId: c.characterId,
      mojo: c.mojo,
    }));
    const named = new Map((input.contributions ?? []).map((c) => [c.characterId, c.improvement ?? null]));
    const ids = contributions.map((c) => c.characterId);
    if (new Set(ids).size !== ids.length)
      throw Problem.field('VALIDATION_FAILED', 'contributions', 'contributions names a character twice.');
    // A player spends only the mojo of the characters its key acts for.
    for (const id of ids) {
      try {
        assertMayActFor(who, id);
      } catch {
        throw Problem.field(
          'FORBIDDEN',
          'contributions',
          `This key may not spend the mojo of character ${id}.`,
        );
      }
    }
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, campaign.id, characterId);
      // Every sheet locked in id order (the dying character's among them), so two efforts never cross.
      const owners = new Map<string, SheetOwner>([[characterId, owner]]);
      for (const id of ids)
        if (!owners.has(id)) owners.set(id, await this.sheets.characterOwner(m, campaign.id, id));
      const rows = new Map<string, CharacterSheetEntity>();
      for (const id of [...owners.keys()].sort()) {
        rows.set(id, await this.sheets.requireSheet(m, owners.get(id)!, 'gm', { lock: true }));
      }
      const row = rows.get(characterId)!;
      const harm = harmOf(row.data);
      if (harm.state !== 'dying')
        throw Problem.field(
          'CONFLICT',
          'characterId',
          `${owner.name} is ${harm.state}, not dying: the heroic last effort is a dying character’s.`,
        );
      for (const c of contributions) {
        const held = pair(rows.get(c.characterId)!.data.mojo).current;
        if (held < c.mojo)
          throw Problem.field(
            'UNPROCESSABLE',
            'contributions',
            `${owners.get(c.characterId)!.name} holds ${held} mojo; ${c.mojo} offered.`,
          );
      }
      const view = await this.sheets.view(m, owner, row);
      const score = ratingOf(view, input.rating);
      if (score === null)
        throw Problem.field(
          'UNPROCESSABLE',
          'rating',
          `${owner.name}’s gm sheet has no ability or reaction named ${input.rating}.`,
        );
      const rolled = asBadRequest(() =>
        this.rolls.roll(
          SHEET_HARM_PROCEDURES.heroicEffort,
          {
            rating: input.rating,
            score,
            level: gmLevel(row.data),
            // MJ7: the improvement each contributor names, priced with what its sheet knows (a warrior).
            contributions: contributions.map((c) => {
              const imp = named.get(c.characterId);
              if (!imp) return c;
              return {
                ...{},
                ...c,
                improvement: {
                  kind: imp.kind,
                  subject: imp.subject,
                  ...(imp.current !== undefined && imp.current !== null ? { current: imp.current } : {}),
                  outsideArchetype: imp.outsideArchetype ?? false,
                  ...(imp.techniqueScope ? { techniqueScope: imp.techniqueScope } : {}),
                  warrior: isWarrior(rows.get(c.characterId)!.data),
                },
              };
            }),
            bonus: input.bonus ?? 0,
            penalty: input.penalty ?? 0,
          },
          input.seed ?? undefined,
          diceBudget(req),
        ),
      );
      const outcome: SheetHeroicEffortOutcomeV2 = rolled.outcome;
      // The dying character's own mojo (through the ledger with its death below) and the harm it leaves.
      const own = contributions.find((c) => c.characterId === characterId && c.mojo > 0);
      const ownChanges: SheetChange[] = own
        ? [{ path: 'mojo.current', delta: -own.mojo, via: 'ledger' }]
        : [];
      const next: SheetHarm = { ...{}, ...harm, state: 'dead', pending: [] };
      delete next.timers;
      // Issue 44: the effort told by the core (events.ts) from the procedure's outcome and the harm it leaves.
      const before = this.engineState(owner, 'gm', row.data, view, harm, true);
      const events = lastEffortEvents(
        before,
        { ...{}, ...before, harm: next },
        { ...{}, ...outcome, rating: input.rating },
        ownChanges,
      );
      const roll = await this.rolls.record(m, who, rolled as never, {
        campaign,
        secret: input.secret ?? false,
        effects: {
          characterId,
          system: 'gm',
          rating: input.rating,
          passed: outcome.passed,
          mojo: outcome.mojo,
          contributions,
          state: 'dead',
          // MJ7: what each contributor's share of the pool won (the sheet keeps no fields: this is its record).
          improvements: outcome.improvements
            .filter((g) => g.gained)
            .map((g) => ({ characterId: g.characterId, kind: g.kind, subject: g.subject, cost: g.cost })),
          // The engine's events (issue 42, 44): the roll log and the live feed show them.
          events,
        },
      });
      const cause = { procedure: SHEET_HARM_PROCEDURES.heroicEffort.name, rollId: roll.id };
      // Each contributor's mojo through the ledger (the dying character's with its death below).
      const changes: SheetChange[] = ownChanges;
      for (const c of contributions) {
        if (c.mojo === 0 || c.characterId === characterId) continue;
        await this.sheets.changeTracked(
          m,
          who,
          campaign,
          owners.get(c.characterId)!,
          'gm',
          [{ field: 'mojo.current', delta: -c.mojo }],
          { cause: 'procedure', ...cause, reason: `heroic last effort of ${owner.name}` },
          { row: rows.get(c.characterId)! },
        );
      }
      const { entries, row: after } = await this.write(m, who, campaign, owner, row, changes, next, {
        ...{},
        ...cause,
        scar: null,
      });
      // Every contributor gains experience as if it had spent all the mojo (001:621).
      const experience: Record<string, unknown> = {};
      if (outcome.experienceEach > 0) {
        for (const c of contributions.filter((x) => x.mojo > 0)) {
          experience[c.characterId] = (await this.advancement.mojoExperience(
            m,
            who,
            campaign,
            owners.get(c.characterId)!,
            outcome.experienceEach,
            req,
            {
              reason: `heroic last effort of ${owner.name}`,
              refersTo: roll.id,
            },
          )) as unknown as Record<string, unknown>;
        }
      }
      return {
        ownerKind: owner.kind,
        ownerId: owner.id,
        system: 'gm',
        stateBefore: harm.state,
        state: 'dead',
        steps: outcome.steps,
        changes,
        entries,
        odds: { heroicEffort: outcome.odds },
        detail: { heroicEffort: { target: outcome.target, roll: outcome.roll, passed: outcome.passed } },
        faces: outcome.faces,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
        events: events as EngineEventResult[],
        rating: input.rating,
        target: outcome.target,
        roll: outcome.roll,
        passed: outcome.passed,
        mojo: outcome.mojo,
        experienceEach: outcome.experienceEach,
        contributions,
        experience,
        improvements: outcome.improvements,
        sheet: await this.answer(m, owner, campaign, after),
      };
    });
  }

  /** The common fields of an answer with no dice (a pool granted, semi-consciousness bought). */
  private noDice(
    owner: SheetOwner,
    system: SheetSystem,
    stateBefore: HarmState,
    state: HarmState,
    steps: SheetDamageResult['steps'],
    changes: SheetChange[],
    entries: ReturnType<typeof toConditionEntry>[],
    rolled: { seed: string; rng: string },
    rollId: string,
  ) {
    return {
      ownerKind: owner.kind,
      ownerId: owner.id,
      system,
      stateBefore,
      state,
      steps,
      changes,
      entries,
      odds: {},
      detail: {},
      faces: [],
      seed: rolled.seed,
      rng: rolled.rng,
      rollId,
    };
  }

  /**
   * The timers a referee's PUT of `harm` leaves: those its state no longer implies are dropped; those
   * a state new in this PUT implies start at the clock's position, as the harm routes start them
   * (G&M death from endurance − injuries minutes, G&M unconsciousness from the injuries, Cairn's hour,
   * COEAC's Turn). A state the sheet already had keeps the timers the PUT sends (to extend or drop
   * one). Archsoul's rounds are a roll: a PUT starts none (send the timer with its rounds).
   */
  private async putTimers(
    m: EntityManager,
    campaignId: string,
    system: SheetSystem,
    before: SheetHarm,
    after: SheetHarm,
    data: Sheet,
  ): Promise<HarmTimer[]> {
    const kept = (after.timers ?? []).filter((t) => timerHolds(t.kind, after));
    const fresh = (kind: HarmTimerKind) =>
      timerHolds(kind, after) && !timerHolds(kind, before) && !kept.some((t) => t.kind === kind);
    const injuries = pair(data.injuries).current;
    const wanted: Array<[HarmTimerKind, number]> = [];
    if (system === 'coeac' && fresh('coeac-aid')) wanted.push(['coeac-aid', 1]);
    if (system === 'cairn' && fresh('cairn-critical')) wanted.push(['cairn-critical', 6]);
    if (system === 'cairn' && fresh('cairn-mortal-wound')) wanted.push(['cairn-mortal-wound', 6]);
    if (system === 'gm' && fresh('gm-death')) {
      const endurance = num(((data.abilities ?? {}) as Record<string, unknown>).endurance, 10);
      wanted.push(['gm-death', gmDeathTurns({ amount: endurance - injuries, unit: 'minutes' })]);
    }
    if (system === 'gm' && fresh('gm-unconscious'))
      wanted.push(['gm-unconscious', gmUnconsciousTurns(Math.max(1, injuries))]);
    if (wanted.length === 0) return kept;
    const clock = await this.state.clock(m, campaignId);
    return [...kept, ...wanted.map(([kind, turns]) => startTimer(kind, clock, turns))];
  }

  // Timers

  /** The harm timers running on a character's sheets (every key of the campaign reads them). */
  async characterTimers(who: Principal, characterId: string): Promise<HarmTimerView[]> {
    const m = this.db.manager;
    const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
    return this.timersOf(m, owner);
  }

  /** The harm timers of an NPC: 404 when hidden from the key, 403 when its numbers are not shown. */
  async npcTimers(who: Principal, npcId: string): Promise<HarmTimerView[]> {
    const m = this.db.manager;
    const owner = await this.npcs.withNumbers(m, who, npcId);
    return this.timersOf(m, owner);
  }

  private async timersOf(m: EntityManager, owner: SheetOwner): Promise<HarmTimerView[]> {
    const rows = await m.find(CharacterSheetEntity, {
      where: { campaignId: owner.campaignId, ownerKind: owner.kind, ownerId: owner.id },
      order: { system: 'ASC' },
    });
    return rows.flatMap((row) =>
      (harmOf(row.data).timers ?? []).map((t) => ({
        ownerKind: owner.kind,
        ownerId: owner.id,
        system: row.system,
        ...t,
      })),
    );
  }

  /**
   * Rounds pass for these owners (a stored combat's round advance, inside the caller's transaction):
   * every rounds timer on their sheets (Archsoul unconscious) counts them down; one that reaches 0 on
   * a sheet whose state still holds it wakes the character (`harm.state` up, Disabled among the
   * conditions), logged once (`harm.timer-expired`, sealed for an NPC whose numbers are hidden).
   * Answers what ran out (an NPC's sealed entries only to the referee).
   */
  async advanceRounds(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owners: ReadonlyArray<{ kind: 'character' | 'npc'; id: string }>,
    rounds: number,
  ): Promise<HarmTimerExpiry[]> {
    if (owners.length === 0 || rounds <= 0) return [];
    return this.expireTimers(m, who, campaign, { rounds, owners, clockTimers: false });
  }

  /**
   * The clock hook (and `advanceRounds`): every timer whose end the clock has reached, and every
   * rounds timer whose rounds have passed, on a sheet whose state still holds it, is applied (death:
   * `harm.state` and the system's state `dead`; waking: `up`), logged once with no dice
   * (`harm.timer-expired`, sealed for an NPC whose numbers are hidden) and answered in the advance's
   * `harmTimers` (an NPC's sealed entries only to the referee). Rounds timers still running are
   * written with the rounds left. A retried advance replays its answer.
   */
  private async expireTimers(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    scope: {
      rounds: number;
      /** Rounds for G&M sheets (10-second rounds), when they differ. */
      gmRounds?: number;
      owners?: ReadonlyArray<{ kind: 'character' | 'npc'; id: string }>;
      clockTimers?: boolean;
      /** The advance's seed: a roll to awaken uses `<seed>/awaken/<owner id>/<n>`. */
      seed?: string;
    },
  ): Promise<HarmTimerExpiry[]> {
    const clock = await this.state.clock(m, campaign.id);
    const clockTimers = scope.clockTimers ?? true;
    // Only sheets that keep a timer (the sheet is JSON text on both databases).
    const where = { campaignId: campaign.id, data: Like('%"timers":[%') as never };
    const rows = scope.owners
      ? await m.find(CharacterSheetEntity, {
          where: scope.owners.map((o) => ({ ...{}, ...where, ownerKind: o.kind, ownerId: o.id })),
          order: { id: 'ASC' },
        })
      : await m.find(CharacterSheetEntity, { where, order: { id: 'ASC' } });
    const roundsOf = (system: string) => (system === 'gm' ? (scope.gmRounds ?? scope.rounds) : scope.rounds);
    const out: HarmTimerExpiry[] = [];
    for (const candidate of rows) {
      const passed = roundsOf(candidate.system);
      const due = (t: HarmTimer) => (clockTimers && timerDue(t, clock)) || (t.rounds !== null && passed > 0);
      if (!(harmOf(candidate.data).timers ?? []).some(due)) continue;
      const owner: SheetOwner =
        candidate.ownerKind === 'npc'
          ? ownerOf(await this.npcs.npc(m, campaign.id, candidate.ownerId))
          : await this.sheets.characterOwner(m, campaign.id, candidate.ownerId);
      const row = await this.sheets.requireSheet(m, owner, candidate.system, { lock: true });
      // Rounds pass first (the clock's bookkeeping); what a timer whose time has come does to the
      // owner is its system's transition's (a `timer` change, src/core/engine/timer.ts).
      let harm: SheetHarm = {
        ...{},
        ...harmOf(row.data),
        timers: (harmOf(row.data).timers ?? []).map((t) => (t.rounds !== null ? countRounds(t, passed) : t)),
      };
      const runsOut = (t: HarmTimer) =>
        (clockTimers && timerDue(t, clock)) || (t.rounds !== null && t.rounds === 0);
      // Timers handed over that ended in nothing (the state that started them no longer holds).
      const idle = new Set<string>();
      let current = row;
      let awakenings = 0;
      let applied = 0;
      for (
        let ran = nextExpiring(harm.timers ?? [], runsOut, idle);
        ran;
        ran = nextExpiring(harm.timers ?? [], runsOut, idle)
      ) {
        const done = await this.applyTimer(m, who, campaign, owner, current, harm, ran, clock, () => {
          // A roll to awaken uses `<seed>/awaken/<owner id>/<n>` (S6, src/core/harm/gm-awaken.ts).
          awakenings++;
          return scope.seed === undefined ? undefined : `${scope.seed}/awaken/${owner.id}/${awakenings}`;
        });
        if (done === null) {
          idle.add(ran.kind);
          continue;
        }
        applied++;
        idle.clear();
        current = done.row;
        harm = done.harm;
        if (done.expiry) out.push(done.expiry);
      }
      if (applied === 0)
        await this.write(m, who, campaign, owner, row, [], harm, {
          procedure: SHEET_HARM_PROCEDURES.timerExpired.name,
          rollId: '',
          scar: null,
        });
    }
    return out;
  }

  /**
   * One timer whose time has come, through the system's transition (issue 39: a `timer` change): the
   * transition decides (dies, wakes, sleeps on, a pool lapses, or nothing when the state that started
   * it no longer holds: null, nothing logged or written). What it decided is logged once under the
   * procedure it names (`harm.timer-expired`, no dice; `harm.gm-awaken`, the roll to awaken), with its
   * events (`effects.events`: the roll log and the live feed), sealed for an NPC whose numbers are
   * hidden, and written through the condition ledger with that roll as the cause.
   */
  private async applyTimer(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    row: CharacterSheetEntity,
    harm: SheetHarm,
    timer: HarmTimer,
    clock: Awaited<ReturnType<CampaignStateService['clock']>>,
    seed: () => string | undefined,
  ): Promise<{ row: CharacterSheetEntity; harm: SheetHarm; expiry: HarmTimerExpiry | null } | null> {
    // G&M's roll to awaken reads the reactions the server derives.
    const view =
      row.system === 'gm' && timer.kind === 'gm-unconscious'
        ? await this.sheets.view(m, owner, row)
        : row.data;
    const state = this.engineState(owner, row.system, row.data, view, harm, true);
    const change: TimerChange = { kind: 'timer', timer, clock };
    const logged = timerInput(state, change);
    if (logged === null) return null;
    let applied: TimerApplied<EngineState> | null = null;
    const rolled = this.rolls.roll(
      {
        name: logged.procedure,
        run: (_input: unknown, dice: Dice) => {
          applied = applyChange(state, change, dice);
          return applied.outcome!;
        },
      },
      logged.input,
      logged.procedure === SHEET_HARM_PROCEDURES.gmAwaken.name ? seed() : undefined,
    );
    const done = applied! as TimerApplied<EngineState>;
    const after = done.state.harm;
    const secret = await this.sealed(m, owner, false);
    const lapsed = done.lapsed;
    const record = await this.rolls.record(m, who, rolled as never, {
      campaign,
      secret,
      effects: {
        ...{},
        ...(owner.kind === 'npc' ? { npcId: owner.id } : { characterId: owner.id }),
        system: row.system,
        timer: timer.kind,
        state: after.state,
        ...(logged.procedure === SHEET_HARM_PROCEDURES.gmAwaken.name
          ? { awake: done.effect === 'wakes' }
          : {}),
        ...(lapsed
          ? lapsed.pool === TEMPORARY_SURVIVAL
            ? { temporarySurvivalLost: lapsed.amount }
            : { bonusHpLost: lapsed.amount }
          : {}),
        // The engine's events (issue 42): the roll log and the live feed show them.
        events: done.events,
      },
    });
    const written = await this.write(
      m,
      who,
      campaign,
      owner,
      row,
      done.changes,
      after,
      { procedure: rolled.procedure, rollId: record.id, scar: null },
      Object.fromEntries(done.unset.map((key) => [key, undefined])),
    );
    const at = { day: clock.day, watch: clock.watch, turn: clock.turn };
    const expiry: HarmTimerExpiry | null =
      !secret || who.role === 'referee'
        ? {
            ownerKind: owner.kind,
            ownerId: owner.id,
            system: row.system,
            kind: timer.kind,
            endsAt: timer.endsAt ?? at,
            effect: done.effect!,
            state: after.state,
            rollId: record.id,
            events: done.events as EngineEventResult[],
          }
        : null;
    return { row: written.row, harm: after, expiry };
  }

  /**
   * The timers a harm state carries: those still held are kept, a state that starts one and has none
   * starts it at the clock's position (docs/harm.md, Timers).
   */
  private async nextTimers(
    m: EntityManager,
    campaignId: string,
    system: SheetSystem,
    harm: SheetHarm,
    gmDeath: { amount: number; unit: string } | null,
    rounds: number | null = null,
    gmUnconsciousMinutes: number | null = null,
  ): Promise<HarmTimer[]> {
    const kept = (harm.timers ?? []).filter((t) => timerHolds(t.kind, harm));
    const wanted: Array<[HarmTimerKind, number]> = [];
    if (system === 'coeac' && timerHolds('coeac-aid', harm)) wanted.push(['coeac-aid', 1]);
    if (system === 'cairn' && timerHolds('cairn-critical', harm)) wanted.push(['cairn-critical', 6]);
    if (system === 'cairn' && timerHolds('cairn-mortal-wound', harm)) wanted.push(['cairn-mortal-wound', 6]);
    if (system === 'gm' && timerHolds('gm-death', harm) && gmDeath)
      wanted.push(['gm-death', gmDeathTurns(gmDeath)]);
    if (system === 'gm' && timerHolds('gm-unconscious', harm) && gmUnconsciousMinutes !== null)
      wanted.push(['gm-unconscious', gmUnconsciousTurns(gmUnconsciousMinutes)]);
    // Rounds: counted by the combat's rounds and the clock's turns (docs/harm.md, Timers). A coup de
    // grâce on a target already out adds its round to the running timer.
    if (system === 'archsoul' && rounds !== null && timerHolds('archsoul-unconscious', harm)) {
      const running = kept.findIndex((t) => t.kind === 'archsoul-unconscious');
      if (running < 0) kept.push(roundsTimer('archsoul-unconscious', rounds));
      else
        kept[running] = {
          ...{},
          ...kept[running],
          rounds: Math.min(1000, (kept[running].rounds ?? 0) + rounds),
        };
    }
    const missing = wanted.filter(([kind]) => !kept.some((t) => t.kind === kind));
    if (missing.length === 0) return kept;
    const clock = await this.state.clock(m, campaignId);
    return [...kept, ...missing.map(([kind, turns]) => startTimer(kind, clock, turns))];
  }

  // The provider API (combat applies damage through it)

  /**
   * Applies damage to a stored sheet inside the caller's transaction, with everything that follows
   * (Block, bonus HP, Armor, overflow, the critical-damage save, scars, Down and Out, thresholds,
   * injuries, the consciousness and death rolls), every tracked change through the condition ledger,
   * the harm state on the sheet, and one logged roll (`harm.sheet-damage`). The caller has checked
   * who may harm the owner; the roll is sealed when `secret` or when the NPC's numbers are hidden.
   */
  async applyDamage(
    m: EntityManager,
    who: Principal,
    owner: SheetOwner,
    input: SheetDamageInput,
    options: ApplyHarmOptions = {},
  ): Promise<SheetDamageResult> {
    const system = input.system as SheetSystem;
    this.assertDamageShape(system, input);
    const campaign =
      options.campaign ??
      // One parameterised read (TypeORM's findOne builds its query on every call).
      (await Database.selectRows(m, CampaignEntity, { id: owner.campaignId }))[0] ??
      (await this.campaigns.campaign(m, owner.campaignId));
    if (options.computed) return this.writeDamage(m, who, owner, campaign, system, options.computed);
    const row =
      options.row?.system === system
        ? options.row
        : await this.sheets.requireSheet(m, owner, system, { lock: true });
    // Only Cairn (Armor from what is worn) and G&M (reactions) need what the server derives.
    const pastArmor = system === 'cairn' && options.pastArmor === true;
    const view =
      (system === 'cairn' && !pastArmor) || system === 'gm'
        ? await this.sheets.view(m, owner, row, campaign)
        : row.data;
    const harm = harmOf(row.data);
    if (system === 'coeac' && input.blockWith)
      await this.assertCanBlock(m, campaign.id, owner, row.data, input.blockWith, 'blockWith');
    // The system's one transition (issue 39): the state and the change in, the state and events out.
    const state = this.engineState(owner, system, row.data, view, harm);
    const change = this.damageChange(owner, system, row.data, input, { ...{}, ...options, pastArmor });
    const budget = options.req ? diceBudget(options.req) : undefined;
    let rolled = asBadRequest(() => this.applyRolled(state, change, input.seed ?? undefined, budget));
    // COEAC Broken Gear draws its lots from the items carried, after the table's roll: the inventory
    // is read only when the table says so, and the transition applies again on the same seed with them
    // (the same dice up to the lots, so the roll logged replays from the inputs it names).
    if (system === 'coeac' && owner.kind === 'character' && brokeGear(rolled.outcome)) {
      const items = await this.carriedItems(m, campaign.id, owner.id);
      if (items.length > 0) {
        const seed = rolled.seed;
        rolled = asBadRequest(() =>
          this.applyRolled(state, { ...{}, ...change, items } as EngineChange, seed),
        );
      }
    }
    const { applied } = rolled;
    const outcome: SheetDamageOutcome = rolled.outcome;
    const secret = await this.sealed(m, owner, options.secret ?? false);
    const roll = await this.rolls.record(m, who, rolled as never, {
      campaign,
      secret,
      effects: {
        ...{},
        ...(owner.kind === 'npc' ? { npcId: owner.id } : { characterId: owner.id }),
        system,
        source: input.source ?? null,
        state: outcome.state,
        changes: outcome.changes,
        // The engine's events (issue 42): the roll log and the live feed show them.
        events: applied.events,
      },
    });
    return this.writeDamage(m, who, owner, campaign, system, {
      row,
      outcome,
      roll: { id: roll.id, procedure: SHEET_HARM_PROCEDURES.damage.name, seed: rolled.seed, rng: rolled.rng },
      ...(options.derive ? { derive: options.derive } : {}),
      state,
      events: applied.events,
    });
  }

  /**
   * One roll of `harm.sheet-damage` through the engine's transition: the procedure logged is the one
   * registered (its input built by the engine from the state and the change, its outcome the
   * transition's), so the roll replays by `sheetDamage` as every roll before did.
   */
  private applyRolled(
    state: EngineState,
    change: EngineChange,
    seed: string | undefined,
    budget?: { used: number },
  ): Rolled<SheetDamageOutcome> & { applied: DamageApplied<EngineState> } {
    let applied: DamageApplied<EngineState> | null = null;
    const rolled = this.rolls.roll(
      {
        name: SHEET_HARM_PROCEDURES.damage.name,
        run: (_input: CoreDamageInput, dice: Dice) => {
          applied = applyChange(state, change, dice) as DamageApplied<EngineState>;
          return applied.outcome!;
        },
      },
      engineDamageInput(state, change),
      seed,
      budget,
    );
    return { ...{}, ...rolled, applied: applied! };
  }

  /**
   * The COEAC harm transition's input for a sheet before a spell's cost (issue 39): what `applyDamage`
   * sends it, with no loss in it, for the spell's own roll to run the transition (`magic.coeac.cast.v1`).
   */
  coeacHarmState(owner: SheetOwner, row: CharacterSheetEntity): CoreDamageInput {
    const harm = harmOf(row.data);
    return {
      ...{},
      ...this.damageInput(owner, 'coeac', row.data, row.data, harm, {
        system: 'coeac',
        amount: 0,
      } as SheetDamageInput),
      stateBefore: harm.state,
    } as CoreDamageInput;
  }

  /**
   * The items Broken Gear draws its lots from, when `outcome` drew Broken Gear and the owner carries
   * any (a caller that ran the transition in its own roll runs it again with them, as `applyDamage`
   * does); null otherwise.
   */
  async brokenGearItems(
    m: EntityManager,
    campaignId: string,
    owner: SheetOwner,
    outcome: SheetDamageOutcome,
  ): Promise<Array<{ name: string; artifact: boolean }> | null> {
    if (owner.kind !== 'character' || !brokeGear(outcome)) return null;
    const items = await this.carriedItems(m, campaignId, owner.id);
    return items.length > 0 ? items : null;
  }

  /**
   * C5: a COEAC armour or shield that names its inventory item (`armor.itemId`, `armor.shieldItemId`)
   * Blocks only while that item is carried and whole; Broken Gear that broke it (or an item no longer
   * carried) leaves no Block: 409 naming `field`. Combat calls it for each Block it is asked for.
   */
  async assertCanBlock(
    m: EntityManager,
    campaignId: string,
    owner: SheetOwner,
    data: Sheet,
    blockWith: string,
    field: string,
  ): Promise<void> {
    const armor = (data.armor ?? {}) as { itemId?: string; shieldItemId?: string };
    const itemId = blockWith === 'shield' ? armor.shieldItemId : armor.itemId;
    if (!itemId || owner.kind !== 'character') return;
    const [item] = await Database.selectRows(m, InventoryItemEntity, {
      id: itemId,
      campaignId,
      characterId: owner.id,
    });
    const piece = blockWith === 'shield' ? 'shield' : 'armour';
    if (!item)
      throw Problem.field(
        'CONFLICT',
        field,
        `${owner.name} no longer carries the ${piece} (item ${itemId}).`,
      );
    if (item.broken)
      throw Problem.field(
        'CONFLICT',
        field,
        `${owner.name}’s ${piece} (${item.name}) is broken: it cannot Block until it is repaired.`,
      );
  }

  /**
   * The harm a damage outcome leaves on a sheet, with the timers it starts or ends (the clock read only
   * when one starts) and their events; `emptied`: a G&M temporary pool the loss emptied (its timer is
   * gone, the caller drops its source). What `applyDamage` writes, and a hazard's own write
   * (`hazard.campaign.v2`) too.
   */
  async harmAfter(
    m: EntityManager,
    campaignId: string,
    system: SheetSystem,
    state: EngineState,
    harm: SheetHarm,
    outcome: SheetDamageOutcome,
  ): Promise<{ harm: SheetHarm; emptied: boolean; events: EngineEvent[] }> {
    const next: SheetHarm = harmAfterDamage(harm, outcome);
    const gmTimer = (outcome.detail.gmDeathRoll as { timer?: { amount: number; unit: string } } | undefined)
      ?.timer;
    const rounds = (outcome.detail.archsoulCondition as { unconsciousRounds?: number | null } | undefined)
      ?.unconsciousRounds;
    const gmMinutes = (outcome.detail.gmDamage as { unconsciousMinutes?: number | null } | undefined)
      ?.unconsciousMinutes;
    next.timers = await this.nextTimers(
      m,
      campaignId,
      system,
      next,
      gmTimer ?? null,
      rounds ?? null,
      gmMinutes ?? null,
    );
    // A G&M temporary pool the blow emptied is gone, with its timer and its source.
    const pool = outcome.detail.temporaryPool as { after?: number } | undefined;
    const emptied = system === 'gm' && pool !== undefined && pool.after === 0;
    if (emptied) next.timers = next.timers.filter((t) => t.kind !== 'gm-temporary-pool');
    const events = timerEvents(state, harm.timers, next.timers);
    if (next.timers.length === 0) delete next.timers;
    return { harm: next, emptied, events };
  }

  /** Writes a damage outcome to the sheet (the ledger, the harm state, timers) and answers it. */
  private async writeDamage(
    m: EntityManager,
    who: Principal,
    owner: SheetOwner,
    campaign: CampaignEntity,
    system: SheetSystem,
    computed: NonNullable<ApplyHarmOptions['computed']>,
  ): Promise<SheetDamageResult> {
    const { row, outcome, roll } = computed;
    const harm = harmOf(row.data);
    // The state the transition read and its events (a combat's, a hazard's or a cast's own roll ran the
    // same transition: its events are told from the outcome here).
    const state = computed.state ?? this.engineState(owner, system, row.data, row.data, harm, true);
    const events = [...(computed.events ?? describeDamage(state, outcome, null).events)];
    const {
      harm: next,
      emptied,
      events: timed,
    } = await this.harmAfter(m, campaign.id, system, state, harm, outcome);
    events.push(...timed);
    const { entries, row: after } = await this.write(
      m,
      who,
      campaign,
      owner,
      row,
      outcome.changes,
      next,
      {
        procedure: roll.procedure,
        rollId: roll.id,
        scar: outcome.scar,
        // The row was read locked in this transaction and nothing else wrote it since.
        rowIsCurrent: true,
      },
      emptied ? { [TEMPORARY_SOURCE]: undefined } : {},
    );
    const brokenItemIds = await this.breakItems(m, campaign, owner, outcome);
    const sheet = computed.derive
      ? derivedAnswer(owner, after, computed.derive)
      : await this.answer(m, owner, campaign, after);
    return {
      ...{},
      ...damageResult(owner, system, outcome, roll, { events, brokenItemIds, sheet }),
      entries,
    };
  }

  /**
   * Two outcomes of one logged COEAC roll on one sheet, the second computed on the state the first
   * left (a failed Spell Mastery's backlash, then its Down and Out check: `magic.coeac.spell-mastery.v3`).
   * The harm state and timers follow each in turn; the ledger changes of both go in one sheet write,
   * in order, naming the roll; each breaks the items its lots drew. Each is answered as
   * `applyDamage({ computed })` answers one (its events and broken items; the sheet after both) but for
   * the ledger's entries, answered once for both (a lowered maximum's follower or a clamped change makes
   * them no count of either outcome's changes).
   */
  async writeComputedPair(
    m: EntityManager,
    who: Principal,
    owner: SheetOwner,
    campaign: CampaignEntity,
    first: NonNullable<ApplyHarmOptions['computed']>,
    second: { outcome: SheetDamageOutcome; state: EngineState; events: EngineEvent[] },
  ): Promise<{
    entries: SheetDamageResult['entries'];
    results: [Omit<SheetDamageResult, 'entries'>, Omit<SheetDamageResult, 'entries'>];
  }> {
    const { row, roll } = first;
    const system = row.system as SheetSystem;
    if (system !== 'coeac')
      throw new Error('Two outcomes in one write are COEAC’s (no scar, no temporary pool).');
    const harm = harmOf(row.data);
    const state = first.state ?? this.engineState(owner, system, row.data, row.data, harm, true);
    const events = [...(first.events ?? describeDamage(state, first.outcome, null).events)];
    const one = await this.harmAfter(m, campaign.id, system, state, harm, first.outcome);
    events.push(...one.events);
    const then = [...second.events];
    const two = await this.harmAfter(m, campaign.id, system, second.state, one.harm, second.outcome);
    then.push(...two.events);
    const { entries, row: after } = await this.write(
      m,
      who,
      campaign,
      owner,
      row,
      [...first.outcome.changes, ...second.outcome.changes],
      two.harm,
      { procedure: roll.procedure, rollId: roll.id, scar: null, rowIsCurrent: true },
    );
    const broken = await this.breakItems(m, campaign, owner, first.outcome);
    const brokenThen = await this.breakItems(m, campaign, owner, second.outcome);
    const sheet = first.derive
      ? derivedAnswer(owner, after, first.derive)
      : await this.answer(m, owner, campaign, after);
    return {
      entries,
      results: [
        damageResult(owner, system, first.outcome, roll, { events, brokenItemIds: broken, sheet }),
        damageResult(owner, system, second.outcome, roll, { events: then, brokenItemIds: brokenThen, sheet }),
      ],
    };
  }

  /**
   * A rest or healing on a stored sheet inside the caller's transaction: what the system restores,
   * COEAC Rations eaten and checked for depletion (the item spent or marked), Cairn Fatigue items
   * removed, the harm state lifted where the rest lifts it, one logged roll (`harm.sheet-rest`). The
   * clock is the caller's (the routes advance it by the rest's length).
   */
  async applyRest(
    m: EntityManager,
    who: Principal,
    owner: SheetOwner,
    input: SheetRestInput,
    options: ApplyHarmOptions = {},
  ): Promise<Omit<SheetRestResult, 'clock'>> {
    const system = input.system as SheetSystem;
    this.assertRestShape(system, input);
    const campaign = options.campaign ?? (await this.campaigns.campaign(m, owner.campaignId));
    const row = await this.sheets.requireSheet(m, owner, system, { lock: true });
    const view = await this.sheets.view(m, owner, row);
    const harm = harmOf(row.data);
    // G&M: an encounter restores verve once per adventure (001:593); the adventure is the session.
    let verveEncounters: { adventure: string | null; encounters: string[] } | null = null;
    if (system === 'gm' && input.kind === 'encounter' && input.encounter) {
      const adventure = campaign.currentSessionId ?? null;
      const kept = (row.data.verveEncounters ?? null) as {
        adventure: string | null;
        encounters: string[];
      } | null;
      const used = kept && kept.adventure === adventure ? kept.encounters : [];
      if (used.includes(input.encounter))
        throw Problem.field(
          'CONFLICT',
          'encounter',
          `${owner.name} already regained verve from the encounter "${input.encounter}" in this adventure.`,
        );
      verveEncounters = { adventure, encounters: [...used, input.encounter].slice(-64) };
    }
    if (input.resource !== undefined && input.resource !== null) {
      const resources = (view.classResources ?? {}) as Record<string, unknown>;
      if (!resources[input.resource])
        throw Problem.field(
          'UNPROCESSABLE',
          'resource',
          `${owner.name}’s COEAC sheet has no class resource named ${input.resource}.`,
        );
    }
    const items =
      owner.kind === 'character' && (system === 'coeac' || system === 'cairn')
        ? await m.find(InventoryItemEntity, {
            where: { campaignId: campaign.id, characterId: owner.id },
            order: { createdAt: 'ASC', id: 'ASC' },
          })
        : [];
    const rations = items.find((i) => RATIONS.test(i.name.trim()) && i.depletion !== null) ?? null;
    const fatigueItems = items.filter((i) => FATIGUE.test(i.name.trim()));
    const data = row.data;
    // The system's one transition (issue 39): the sheet's state and the rest in, the state and events out.
    const state = this.engineState(owner, system, data, view, harm);
    if (state.system === 'cairn') state.fatigue = fatigueItems.length;
    let change: EngineChange;
    if (system === 'coeac') {
      // What the sheet brings back besides HP when the rest restores: a long rest's Block uses (the
      // shield's own too, M1) and the day's magic (SPEC 6.5, 003:222); a short rest's class resource point.
      const restores: SheetChange[] = [];
      if (input.kind === 'long') {
        const armor = view.armor as { shield: boolean; blockUses: number; blockUsesPerDay: number };
        const delta = armor.blockUsesPerDay - armor.blockUses;
        if (delta !== 0) restores.push({ path: 'armor.blockUses', delta, via: 'ledger' });
        const shield = armor.shield ? 1 - coeacBlockPools(armor).shield : 0;
        if (shield !== 0) restores.push({ path: 'armor.shieldBlockUses', delta: shield, via: 'ledger' });
        for (const [name, pool] of Object.entries(dailyResources(view))) {
          if (pool.current < pool.max)
            restores.push({
              path: `classResources.${name}.current`,
              delta: pool.max - pool.current,
              via: 'ledger',
            });
        }
      }
      if (input.kind === 'short' && input.resource) {
        const pool = ((view.classResources ?? {}) as Record<string, { current: number; max: number }>)[
          input.resource
        ];
        if (pool.current < pool.max)
          restores.push({ path: `classResources.${input.resource}.current`, delta: 1, via: 'ledger' });
      }
      change = {
        kind: 'rest',
        rest: input.kind as 'short' | 'long',
        fed: owner.kind === 'npc' || rations !== null,
        rations: rations ? { score: rations.depletion!, lastUse: rations.lastUse } : null,
        // A party's short rest: the transition decides from the majority (003:220).
        ...(options.party && input.kind === 'short' ? { party: options.party } : {}),
        restores,
      };
    } else if (system === 'cairn') {
      change = {
        kind: 'rest',
        rest: input.kind as 'short' | 'night' | 'week',
        safe: input.safe ?? true,
        healer: input.healer ?? false,
      };
    } else if (system === 'archsoul') {
      change = {
        kind: 'rest',
        rest: input.kind as 'night' | 'hour',
        watchMinutes: input.watchMinutes ?? null,
        // Thirst and hunger read as the hazards rest reads them (M8).
        ...archsoulSustenance(input),
      };
    } else {
      change = {
        kind: 'rest',
        rest: input.kind as 'night',
        choice: (input.choice ?? null) as 'survival' | null,
        amount: input.amount ?? null,
        injuriesHealed: input.injuriesHealed ?? null,
      };
    }
    let applied: RestApplied<EngineState> | null = null;
    const rolled = asBadRequest(() =>
      this.rolls.roll(
        {
          name: SHEET_HARM_PROCEDURES.rest.name,
          run: (_input: CoreRestInput, dice: Dice) => {
            applied = applyChange(state, change, dice) as RestApplied<EngineState>;
            return applied.outcome;
          },
        },
        engineRestInput(state, change),
        input.seed ?? undefined,
        options.req ? diceBudget(options.req) : undefined,
      ),
    );
    const done = applied! as RestApplied<EngineState>;
    const outcome: SheetRestOutcome = rolled.outcome;
    const changes: SheetChange[] = done.changes;
    const due = done.deferredApplied;
    // The inventory: Rations spent or on their last use; Fatigue items cleared.
    if (rations && outcome.rations) {
      if (outcome.rations.spent) await this.inventory.removeItem(m, campaign.id, owner.id, rations.id);
      else if (outcome.rations.lastUse !== rations.lastUse)
        await Database.updateRow(m, InventoryItemEntity, rations.id, {
          lastUse: outcome.rations.lastUse,
          updatedAt: now(),
        });
    }
    for (const item of fatigueItems.slice(0, outcome.fatigueCleared)) {
      await this.inventory.removeItem(m, campaign.id, owner.id, item.id);
    }
    const secret = await this.sealed(m, owner, options.secret ?? false);
    const roll = await this.rolls.record(m, who, rolled as never, {
      campaign,
      secret,
      effects: {
        ...{},
        ...(owner.kind === 'npc' ? { npcId: owner.id } : { characterId: owner.id }),
        system,
        kind: input.kind,
        state: outcome.state,
        changes,
        rationsItemId: rations && outcome.rations ? rations.id : null,
        fatigueCleared: outcome.fatigueCleared,
        ...(due.length > 0 ? { deferredApplied: due } : {}),
        events: done.events,
      },
    });
    const next: SheetHarm = { ...{}, ...done.state.harm, timers: done.state.harm.timers };
    next.timers = await this.nextTimers(m, campaign.id, system, next, null);
    const events = [...done.events, ...timerEvents(state, harm.timers, next.timers)];
    if (next.timers.length === 0) delete next.timers;
    // Archsoul: a rest that clears Disabled takes it off the sheet's statuses too (the hazards' list).
    const statuses = Array.isArray(data.statuses) ? (data.statuses as string[]) : [];
    const cleared =
      system === 'archsoul' && outcome.conditionsRemoved.includes('disabled')
        ? { statuses: statuses.filter((x) => x.toLowerCase() !== 'disabled') }
        : {};
    const { entries, row: after } = await this.write(
      m,
      who,
      campaign,
      owner,
      row,
      changes,
      next,
      { procedure: SHEET_HARM_PROCEDURES.rest.name, rollId: roll.id, scar: null },
      { ...{}, ...(verveEncounters ? { verveEncounters } : {}), ...cleared },
    );
    return {
      events,
      ownerKind: owner.kind,
      ownerId: owner.id,
      system,
      kind: input.kind,
      rested: outcome.rested,
      stateBefore: outcome.stateBefore,
      state: outcome.state,
      steps: outcome.steps,
      changes,
      entries,
      odds: outcome.odds,
      detail: outcome.detail,
      rations: outcome.rations
        ? { itemId: rations?.id ?? null, ...(outcome.rations as unknown as Record<string, unknown>) }
        : null,
      fatigueCleared: outcome.fatigueCleared,
      faces: outcome.faces,
      seed: rolled.seed,
      rng: rolled.rng,
      rollId: roll.id,
      sheet: await this.answer(m, owner, campaign, after),
    };
  }

  // Internals

  /** The party resting and how many of them carry Rations they can eat (a Rations item with a depletion score). */
  private async partyRations(
    m: EntityManager,
    campaignId: string,
    ids: string[],
  ): Promise<{ members: number; fed: number } | undefined> {
    if (ids.length === 0) return undefined;
    const rows = await m.find(InventoryItemEntity, {
      where: { campaignId, characterId: AnyOf(ids) },
      select: { characterId: true, name: true, depletion: true },
    });
    const fed = new Set(
      rows.filter((i) => RATIONS.test(i.name.trim()) && i.depletion !== null).map((i) => i.characterId),
    );
    return { members: ids.length, fed: fed.size };
  }

  /** A character's unbroken items (an item already broken is not drawn again), one entry a name. */
  private async carriedItems(
    m: EntityManager,
    campaignId: string,
    characterId: string,
  ): Promise<Array<{ name: string; artifact: boolean }>> {
    const rows = await Database.selectRows(
      m,
      InventoryItemEntity,
      { campaignId, characterId, broken: false },
      { orderBy: ['createdAt', 'id'] },
    );
    return dedupe(rows.map((i) => ({ name: i.name, artifact: i.kind === 'artifact' })));
  }

  /**
   * Broken Gear (COEAC Down and Out): the items drawn that broke (an artifact that held stays whole)
   * are marked `broken` in the inventory, the first unbroken item of each name (lots draw by name).
   */
  private async breakItems(
    m: EntityManager,
    campaign: CampaignEntity,
    owner: SheetOwner,
    outcome: SheetDamageOutcome,
  ): Promise<string[]> {
    const lots = (
      outcome.detail.downAndOut as { lots?: Array<{ kind: string; name: string; broken: boolean | null }> }
    )?.lots;
    const names = (lots ?? []).filter((l) => l.kind === 'item' && l.broken === true).map((l) => l.name);
    if (owner.kind !== 'character' || names.length === 0) return [];
    const rows = await m.find(InventoryItemEntity, {
      where: { campaignId: campaign.id, characterId: owner.id, broken: false, name: AnyOf(names) },
      order: { createdAt: 'ASC', id: 'ASC' },
      select: { id: true, name: true },
    });
    const ids = names
      .map((name) => rows.find((r) => r.name === name)?.id)
      .filter((id): id is string => id !== undefined);
    const stamp = now();
    for (const id of ids)
      await Database.updateRow(m, InventoryItemEntity, id, { broken: true, updatedAt: stamp });
    return ids;
  }

  /** The roster's characters with a sheet in `system` (every such character when no roster is set), by id. */
  private async partyOf(m: EntityManager, campaign: CampaignEntity, system: SheetSystem): Promise<string[]> {
    const roster = await this.state.roster(m, campaign);
    const rows = await m.find(CharacterSheetEntity, {
      where: { campaignId: campaign.id, ownerKind: 'character', system },
      select: { ownerId: true },
    });
    const withSheet = rows.map((r) => r.ownerId);
    const ids = roster.length > 0 ? roster.filter((id) => withSheet.includes(id)) : withSheet;
    return [...new Set(ids)].sort();
  }

  private assertSecretAllowed(who: Principal, secret: boolean | undefined): void {
    if (secret && who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
  }

  /** A roll about an NPC whose numbers are hidden from players is sealed, whatever was asked. */
  private async sealed(m: EntityManager, owner: SheetOwner, secret: boolean): Promise<boolean> {
    if (secret) return true;
    if (owner.kind !== 'npc') return false;
    const row = await this.npcs.npc(m, owner.campaignId, owner.id);
    return !NpcsService.numbersPublic(row);
  }

  private assertDamageShape(system: SheetSystem, input: SheetDamageInput): void {
    const has = (v: unknown) => v !== undefined && v !== null;
    if (has(input.amount) === has(input.die)) {
      throw Problem.field('VALIDATION_FAILED', 'amount', 'Send amount or die (one of them).');
    }
    const only: Array<[keyof SheetDamageInput, SheetSystem]> = [
      ['die', 'cairn'],
      ['target', 'cairn'],
      ['blockWith', 'coeac'],
      ['medicine', 'coeac'],
      ['coupDeGrace', 'archsoul'],
      ['archetypal', 'gm'],
      ['loss', 'gm'],
      ['weaponDice', 'gm'],
      ['evaded', 'gm'],
      ['consciousness', 'gm'],
    ];
    for (const [field, owner] of only) {
      if (has(input[field]) && system !== owner)
        throw Problem.field('VALIDATION_FAILED', field, `${field} applies to ${owner} sheets only.`);
    }
    if (has(input.loss) && has(input.archetypal))
      throw Problem.field(
        'VALIDATION_FAILED',
        'loss',
        'Send loss (the server decides) or archetypal, not both.',
      );
  }

  private assertRestShape(system: SheetSystem, input: SheetRestInput): void {
    const kinds: Record<string, string[]> = {
      coeac: ['short', 'long'],
      cairn: ['short', 'night', 'week'],
      gm: ['night', 'day', 'morning', 'encounter', 'aid'],
      archsoul: ['night', 'hour'],
    };
    if (!kinds[system].includes(input.kind))
      throw Problem.field(
        'VALIDATION_FAILED',
        'kind',
        `A ${system} rest is one of: ${kinds[system].join(', ')}.`,
      );
    const has = (v: unknown) => v !== undefined && v !== null;
    const only: Array<[keyof SheetRestInput, SheetSystem]> = [
      ['safe', 'cairn'],
      ['healer', 'cairn'],
      ['choice', 'gm'],
      ['amount', 'gm'],
      ['injuriesHealed', 'gm'],
      ['resource', 'coeac'],
      ['encounter', 'gm'],
      ['watchMinutes', 'archsoul'],
      ['hoursWithoutWater', 'archsoul'],
      ['hoursWithoutFood', 'archsoul'],
      ['waterMillilitres', 'archsoul'],
    ];
    for (const [field, owner] of only) {
      if (has(input[field]) && system !== owner)
        throw Problem.field('VALIDATION_FAILED', field, `${field} applies to ${owner} rests only.`);
    }
    if (has(input.encounter) && input.kind !== 'encounter')
      throw Problem.field(
        'VALIDATION_FAILED',
        'encounter',
        'encounter applies to an encounter’s verve only.',
      );
    if (has(input.watchMinutes) && input.kind !== 'night')
      throw Problem.field(
        'VALIDATION_FAILED',
        'watchMinutes',
        'watchMinutes applies to a night’s sleep only.',
      );
    if (has(input.resource) && input.kind !== 'short')
      throw Problem.field('VALIDATION_FAILED', 'resource', 'resource applies to a short rest only.');
  }

  /** The damage procedure's inputs from the sheet's numbers (no read: COEAC's items come later). */
  /**
   * The engine's typed state of a sheet (issue 39): what the system's transition reads, from the
   * stored sheet (`data`) and what the server derives (`view`: Cairn Armor, G&M reactions). `lenient`:
   * for the events of an outcome already computed (no refusal for what the transition did not need).
   */
  engineState(
    owner: SheetOwner,
    system: SheetSystem,
    data: Sheet,
    view: Sheet,
    harm: SheetHarm,
    lenient = false,
  ): EngineState {
    return sheetState(
      { name: owner.name, id: owner.id, npc: owner.kind === 'npc' },
      system,
      data,
      view,
      harm,
      lenient,
    );
  }

  /** The engine's change for a damage request (its Block checked against what the sheet wears). */
  private damageChange(
    owner: SheetOwner,
    system: SheetSystem,
    data: Sheet,
    input: SheetDamageInput,
    options: ApplyHarmOptions = {},
  ): EngineChange {
    const amount = input.amount ?? null;
    const source = input.source ?? null;
    switch (system) {
      case 'coeac': {
        const armor = data.armor as { kind: string; shield: boolean; blockUses: number };
        // Each item Blocks on its own uses (003:183): the armour's, or the shield's.
        const uses = coeacBlockPools(armor);
        let block: {
          kind: 'light-armor' | 'heavy-armor' | 'shield';
          usesLeft: number;
          bonus?: number;
        } | null = null;
        if (input.blockWith === 'armor') {
          if (armor.kind === 'none')
            throw Problem.field('UNPROCESSABLE', 'blockWith', `${owner.name} wears no armour to Block with.`);
          block = { kind: armor.kind === 'heavy' ? 'heavy-armor' : 'light-armor', usesLeft: uses.armor };
          // A hide worked into the armour (F24): its Block bonus, sent only when there is one.
          if (num((armor as { blockBonus?: number }).blockBonus) > 0)
            block.bonus = num((armor as { blockBonus?: number }).blockBonus);
        } else if (input.blockWith === 'shield') {
          if (!armor.shield)
            throw Problem.field(
              'UNPROCESSABLE',
              'blockWith',
              `${owner.name} carries no shield to Block with.`,
            );
          block = { kind: 'shield', usesLeft: uses.shield };
          if (num((armor as { shieldBlockBonus?: number }).shieldBlockBonus) > 0)
            block.bonus = num((armor as { shieldBlockBonus?: number }).shieldBlockBonus);
        }
        return {
          kind: 'damage',
          amount: amount ?? 0,
          block,
          // The carried items matter only to Broken Gear: applyDamage reads them and applies again then.
          items: [],
          medicine: input.medicine ? { ...input.medicine } : null,
          source,
          ...(options.downAndOutCheck ? { downAndOutCheck: true } : {}),
          ...(options.aid ? { aid: true } : {}),
          ...(options.maxHpReduced ? { maxHpReduced: true } : {}),
        };
      }
      case 'cairn':
        return {
          kind: 'damage',
          amount,
          die: (input.die ?? null) as 'd6' | null,
          target: (input.target ?? 'hp') as 'hp',
          source,
          ...(options.pastArmor ? { pastArmor: true } : {}),
        };
      case 'archsoul':
        return {
          kind: 'damage',
          amount: amount ?? 0,
          coupDeGrace: input.coupDeGrace ?? false,
          source,
          ...(options.fatal ? { fatal: true } : {}),
        };
      default:
        return {
          kind: 'damage',
          amount: amount ?? 0,
          // Issue 43 (S2): with `loss` the server decides from the sheet whether verve takes it.
          archetypal: input.loss
            ? gmSheetVerveTest(data, owner.kind === 'npc', input.loss).archetypal
            : (input.archetypal ?? false),
          weaponDice: input.weaponDice ?? 0,
          evaded: input.evaded ?? false,
          consciousness: input.consciousness ?? 'fortitude',
          source,
        };
    }
  }

  /** The harm transition's input (`harm.sheet-damage`) for a request, as the engine builds it. */
  private damageInput(
    owner: SheetOwner,
    system: SheetSystem,
    data: Sheet,
    view: Sheet,
    harm: SheetHarm,
    input: SheetDamageInput,
  ): CoreDamageInput {
    return engineDamageInput(
      this.engineState(owner, system, data, view, harm),
      this.damageChange(owner, system, data, input),
    );
  }

  /**
   * Writes the outcome: tracked changes through the ledger (raising G&M `injuries.max` first when the
   * injuries outgrow it; Archsoul's `belowZero` filled in at 0 when the sheet lacks it), then the
   * values outside the ledger: the harm state, the sheet's own `state`, a Cairn scar, Saves and Skills
   * lowered by a Down and Out lot.
   */
  private async write(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    row: CharacterSheetEntity,
    changes: SheetChange[],
    harm: SheetHarm,
    cause: { procedure: string; rollId: string; scar: string | null; rowIsCurrent?: boolean },
    extra: Sheet = {},
  ): Promise<{ entries: ReturnType<typeof toConditionEntry>[]; row: CharacterSheetEntity }> {
    const system = row.system;
    // The values outside the ledger (the harm state, the system's own state, a scar, Saves and Skills
    // lowered by a lot, Archsoul's `belowZero` at 0 when missing, G&M's verve encounters) go in the
    // same write as the ledger's.
    const outside = (sheet: Sheet): Sheet => {
      const data: Sheet = { ...{}, ...sheet, ...extra, harm };
      if (system === 'archsoul' && typeof data.belowZero !== 'number') data.belowZero = 0;
      if (system === 'gm' && typeof data[TEMPORARY_SURVIVAL] !== 'number') data[TEMPORARY_SURVIVAL] = 0;
      if (system === 'coeac') {
        data.state = nativeCoeac(harm.state);
        // A sheet stored before the shield kept its own use gets its count now (as the harm read it).
        const armor = data.armor as { shield?: boolean; shieldBlockUses?: number } | undefined;
        if (armor?.shield && typeof armor.shieldBlockUses !== 'number')
          data.armor = { ...{}, ...armor, shieldBlockUses: coeacBlockPools(armor).shield };
      }
      if (system === 'cairn') {
        data.state = nativeCairn(harm.state);
        if (cause.scar) data.scars = [...((data.scars ?? []) as string[]), cause.scar].slice(-64);
      }
      for (const change of changes) {
        if (change.via !== 'base') continue;
        const [group, name] = [
          change.path.slice(0, change.path.indexOf('.')),
          change.path.slice(change.path.indexOf('.') + 1),
        ];
        const ratings = { ...((data[group] ?? {}) as Record<string, number>) };
        if (typeof ratings[name] === 'number') ratings[name] = Math.max(0, ratings[name] + change.delta);
        data[group] = ratings;
      }
      return data;
    };
    const ledger: Array<{ field: string; delta: number }> = [];
    for (const change of changes) {
      if (change.via !== 'ledger') continue;
      if (system === 'gm' && change.path === 'injuries.current' && change.delta > 0) {
        const injuries = pair(row.data.injuries);
        const over = injuries.current + change.delta - injuries.max;
        if (over > 0) ledger.push({ field: 'injuries.max', delta: over });
      }
      ledger.push({ field: change.path, delta: change.delta });
    }
    if (ledger.length > 0) {
      // One read (the caller's locked row), one write of the sheet, one insert of the entries.
      const written = await this.sheets.changeTracked(
        m,
        who,
        campaign,
        owner,
        system,
        ledger,
        { cause: 'procedure', procedure: cause.procedure, rollId: cause.rollId },
        { clamp: true, base: outside, row },
      );
      return { entries: written.entries.map(toConditionEntry), row: written.row };
    }
    const data = outside(row.data);
    // Written only when something changed.
    if (!sameJson(data, row.data)) {
      const stamp = now();
      await Database.updateRow(m, CharacterSheetEntity, row.id, { data: data as never, updatedAt: stamp });
      row.data = data;
      row.updatedAt = stamp;
    }
    return { entries: [], row };
  }

  /** The sheet as answered; COEAC and Archsoul derive nothing from other tables, so no reread. */
  private async answer(
    m: EntityManager,
    owner: SheetOwner,
    campaign: CampaignEntity,
    row: CharacterSheetEntity,
  ): Promise<SheetAnswer> {
    const system = row.system;
    const sheet =
      system === 'coeac' || system === 'archsoul'
        ? deriveSheet(system, row.data, { settings: campaign.settings })
        : await this.sheets.view(m, owner, row);
    return { ownerKind: owner.kind, ownerId: owner.id, system, sheet, updatedAt: row.updatedAt };
  }

  private async advance(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    input: SheetRestInput,
  ): Promise<Record<string, unknown> | null> {
    if (input.advanceClock === false) return null;
    const step = REST_LENGTH[input.system]?.[input.kind];
    if (!step) return null;
    return (await this.state.advanceIn(m, who, campaign, step)) as unknown as Record<string, unknown>;
  }
}

function nativeCoeac(state: HarmState): string {
  return state === 'dead' ? 'dead' : state === 'up' ? 'up' : 'down-and-out';
}

/** Cairn's own `state` for a harm state (up, out or dead). */
function nativeCairn(state: HarmState): string {
  return state === 'up' || state === 'dead' ? state : 'out';
}

/**
 * A referee's PUT of a COEAC or Cairn sheet with its own `state` and `harm.state` made to agree: when
 * the PUT changed the harm state (or left both), the system's state follows it; when it changed only
 * the system's state, the harm state follows that (`out` → `out`, `down-and-out` → `down-and-out`).
 */
function agreeingStates(system: string, before: Sheet | null, after: Sheet): Sheet {
  if (system !== 'coeac' && system !== 'cairn') return after;
  const native = system === 'coeac' ? nativeCoeac : nativeCairn;
  const harm = harmOf(after);
  if (native(harm.state) === after.state) return after;
  const harmBefore = before ? harmOf(before).state : 'up';
  const nativeChanged = (before?.state ?? 'up') !== after.state;
  if (nativeChanged && harm.state === harmBefore && typeof after.state === 'string')
    return { ...{}, ...after, harm: { ...{}, ...harm, state: after.state as HarmState } };
  return { ...{}, ...after, state: native(harm.state) };
}

function merge(current: string[], added: string[], removed: string[]): string[] {
  const out = current.filter((c) => !removed.includes(c));
  for (const a of added) if (!out.includes(a)) out.push(a);
  return out;
}

/** A damage outcome written, as `applyDamage` answers it (but for its ledger entries). */
function damageResult(
  owner: SheetOwner,
  system: SheetSystem,
  outcome: SheetDamageOutcome,
  roll: { id: string; seed: string; rng: string },
  written: { events: EngineEvent[]; brokenItemIds: string[]; sheet: SheetDamageResult['sheet'] },
): Omit<SheetDamageResult, 'entries'> {
  return {
    events: written.events,
    ownerKind: owner.kind,
    ownerId: owner.id,
    system,
    damage: outcome.damage,
    stateBefore: outcome.stateBefore,
    state: outcome.state,
    steps: outcome.steps,
    changes: outcome.changes,
    odds: outcome.odds,
    detail: outcome.detail,
    scar: outcome.scar,
    conditionsAdded: outcome.conditionsAdded,
    brokenItemIds: written.brokenItemIds,
    pending: outcome.pending,
    faces: outcome.faces,
    seed: roll.seed,
    rng: roll.rng,
    rollId: roll.id,
    sheet: written.sheet,
  };
}

/** The sheet as answered when the caller derives it (`derive`), without reading it again. */
function derivedAnswer(
  owner: SheetOwner,
  row: CharacterSheetEntity,
  derive: (data: Sheet) => Sheet,
): SheetAnswer {
  return {
    ownerKind: owner.kind,
    ownerId: owner.id,
    system: row.system,
    sheet: derive(row.data),
    updatedAt: row.updatedAt,
  };
}

/** Whether a COEAC damage outcome's Down and Out roll came up Broken Gear. */
function brokeGear(outcome: SheetDamageOutcome): boolean {
  return (outcome.detail.downAndOut as { result?: string } | undefined)?.result === 'broken-gear';
}

function dedupe(items: Array<{ name: string; artifact: boolean }>) {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(i.name) ? false : (seen.add(i.name), true)));
}

/** A G&M sheet's ability or reaction by name (any case), as the sheet answers it; null when none. */
function ratingOf(view: Sheet, name: string): number | null {
  const wanted = name.toLowerCase();
  for (const group of ['abilities', 'reactions']) {
    for (const [key, value] of Object.entries((view[group] ?? {}) as Record<string, unknown>))
      if (key.toLowerCase() === wanted && typeof value === 'number') return value;
  }
  return null;
}

/** Whether one of a G&M sheet's archetypes is warrior (weapon skills cost a warrior 5). */
function isWarrior(data: Sheet): boolean {
  return ((data.archetypes ?? []) as Array<{ archetype: string }>).some(
    (a) => a.archetype.toLowerCase() === 'warrior',
  );
}
