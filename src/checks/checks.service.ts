import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Principal } from '../auth/principal';
import { Problem, validationProblem } from '../common/problem';
import { contestSideFromSheet, SheetReading } from '../core/characters/sheet-readings';
import type { SheetModifier } from '../core/characters/sheets-checks';
import { RandomService } from '../common/random.service';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import {
  abilityRoll,
  contest,
  difficultyPool,
  poolTest,
  rollUnderSave,
  tableRoll,
  variableDamage,
} from '../core/checks';
import { versusTest } from '../core/checks/versus-test';
import { poolSuccessProbability, smallestWager } from '../core/odds';
import { Database } from '../database/database.service';
import { CharacterEntity } from '../database/entities';
import { ReceiptKeys } from '../receipts/receipt-keys.service';
import { ProcedureRegistry } from '../rolls/procedures';
import { Rolled, RollsService } from '../rolls/rolls.service';
import { CONTEST_SHEET_FIELDS, PoolOddsQuery, WagerOddsQuery } from './check.inputs';
import { modifyPool, PoolModification, PoolModifier, PoolTask, takePoolTask } from './pool-modifiers';
import { PoolOdds, WagerOdds } from './check.results';

/** The core checks as named, replayable procedures. Names are part of the roll log: never rename. */
export const CHECKS = {
  pool: { name: 'check.pool', run: poolTest },
  versus: { name: 'check.versus', run: versusTest },
  damage: { name: 'check.damage', run: variableDamage },
  difficultyPool: { name: 'check.difficulty-pool', run: difficultyPool },
  save: { name: 'check.save', run: rollUnderSave },
  ability: { name: 'check.ability', run: abilityRoll },
  contest: { name: 'check.contest', run: contest },
  table: { name: 'check.table', run: tableRoll },
};

export type CheckKind = keyof typeof CHECKS;
type OutcomeOf<K extends CheckKind> = ReturnType<(typeof CHECKS)[K]['run']>;
export type CheckResult<K extends CheckKind> = OutcomeOf<K> & {
  seed: string;
  rng: string;
  rollId: string | null;
  receipt?: { alg: string; keyId: string; signature: string; document?: Record<string, unknown> };
};

/**
 * A check's answer: the core outcome with the seed, the generator and the roll id after it, in that
 * order. Built with Object.assign, then plain member writes: on Node 20's V8, adding members to an
 * object made by a spread (`{ ...outcome, seed }`) takes a slow path of about a microsecond each
 * time (docs/benchmarks.md, stop 21). Outcomes are the core's own plain objects.
 */
function checkAnswer<K extends CheckKind>(
  rolled: Rolled<OutcomeOf<K>>,
  rollId: string | null,
  target: object = {},
) {
  const answer = Object.assign(target, rolled.outcome) as OutcomeOf<K> & {
    seed: string;
    rng: string;
    rollId: string | null;
  };
  answer.seed = rolled.seed;
  answer.rng = rolled.rng;
  answer.rollId = rollId;
  return answer;
}

/** A contest side as sent: numbers, or a character or NPC whose G&M sheet gives them. */
interface ContestSideSent {
  characterId?: string;
  npcId?: string;
  attribute?: string;
  reaction?: string;
  score?: number;
  bonus?: number;
  penalty?: number;
  obstacleSize?: number;
  obstacleScaling?: string;
  difficulty?: string;
}

/** What a G&M sheet gives a contest side: the rating and the modifiers every sheet check adds. */
export interface GmSideReading {
  rating: { kind: string; name: string; value: number };
  modifiers: SheetModifier[];
  /** An NPC whose numbers players may not see (the roll is sealed unless `secret: false`). */
  hidden: boolean;
}

/**
 * Reads a contest side's G&M sheet inside the check's transaction (registered by the characters
 * domain, which owns sheets and their modifiers). `path` is the side's field (`acting`, `resisting`):
 * every refusal names a field under it.
 */
export type GmSideReader = (
  m: EntityManager,
  who: Principal,
  side: { characterId?: string; npcId?: string; attribute?: string; reaction?: string },
  path: string,
) => Promise<GmSideReading>;

const SIDES = ['acting', 'resisting'] as const;

/** Whether a contest side names a sheet (any of its sheet fields sent). */
function namesSheet(side: ContestSideSent | undefined): boolean {
  return !!side && CONTEST_SHEET_FIELDS.some((f) => side[f] !== undefined && side[f] !== null);
}

/** The side's own numbers, for the core (the sheet fields left out). */
function numbersOf(side: ContestSideSent): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['score', 'bonus', 'penalty', 'obstacleSize', 'obstacleScaling', 'difficulty'] as const)
    if (side[key] !== undefined && side[key] !== null) out[key] = side[key];
  return out;
}

/** What REST controllers and GraphQL resolvers call; the only place checks are rolled. */
@Injectable()
export class ChecksService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
    private readonly random: RandomService,
    private readonly db: Database,
    private readonly receipts: ReceiptKeys,
  ) {
    registry.register(...(Object.values(CHECKS) as never[]));
  }

  private readonly poolModifiers: PoolModifier[] = [];
  private gmSideReader: GmSideReader | null = null;

  /** Lets the characters domain read contest sides from G&M sheets. */
  setGmSideReader(reader: GmSideReader): void {
    this.gmSideReader = reader;
  }

  /** Lets a domain add or take dice from campaign pool checks made for a character (strongholds' tags). */
  addPoolModifier(modifier: PoolModifier): void {
    this.poolModifiers.push(modifier);
  }

  /**
   * What each registered modifier does to a campaign pool check made for a character, one by one, so
   * that a caller can name every source (the checks that read the sheet).
   */
  async poolModifications(m: EntityManager, who: Principal, task: PoolTask): Promise<PoolModification[]> {
    const out: PoolModification[] = [];
    for (const modify of this.poolModifiers) out.push(await modify(m, who, task));
    return out;
  }

  /**
   * Rolls a check. With a principal, the roll is written to the campaign's log in the same
   * transaction that stores an idempotent answer, and the answer carries its `rollId` and the logged
   * roll's receipt (with its `document`). Without one, `options.receipt` false leaves the receipt
   * out (REST's default); undefined makes it a getter that signs when read (GraphQL's selection).
   */
  async resolve<K extends CheckKind>(
    kind: K,
    input: { seed?: string; secret?: boolean },
    request: ArbiterRequest,
    principal?: Principal,
    options: { receipt?: boolean } = {},
  ): Promise<CheckResult<K>> {
    // characterId and taskTags are taken out here, not deleted later: deleting members of an object
    // puts it in V8's dictionary mode, which made every later read and the answer's serialising slower.
    const { seed, secret, characterId, taskTags, ...rest } = input as {
      seed?: string;
      secret?: boolean;
      characterId?: unknown;
      taskTags?: unknown;
    };
    if (secret) {
      if (!principal) {
        throw Problem.field('VALIDATION_FAILED', 'secret', 'Only a roll logged in a campaign can be secret.');
      }
      if (principal.role !== 'referee')
        throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
    }
    if (kind === 'contest') {
      const sides = rest as { acting?: ContestSideSent; resisting?: ContestSideSent };
      if (namesSheet(sides.acting) || namesSheet(sides.resisting))
        return this.resolveContestWithSheets(rest, seed, secret, request, principal) as unknown as Promise<
          CheckResult<K>
        >;
      for (const side of SIDES)
        if (sides[side] && (sides[side].score === undefined || sides[side].score === null))
          throw validationProblem([{ field: `${side}.score`, message: `${side}.score is required.` }]);
    }
    const task = takePoolTask(characterId, taskTags, principal);
    if (task && principal)
      return this.resolveForCharacter(kind, rest, task, seed, secret ?? false, request, principal);
    const procedure = CHECKS[kind] as unknown as {
      name: string;
      run: (i: unknown, d: never) => OutcomeOf<K>;
    };
    const rolled: Rolled<OutcomeOf<K>> = this.rolls.roll(procedure, rest, seed, diceBudget(request));
    if (!principal) {
      // Signed only on request: REST asks with ?receipt=true; GraphQL leaves `receipt` undecided and
      // the prototype's getter signs when the query selects it.
      if (options.receipt === undefined)
        return checkAnswer(rolled, null, this.receipts.receiptOnRead(rolled)) as CheckResult<K>;
      const answer = checkAnswer(rolled, null);
      if (options.receipt === false) return answer;
      return this.receipts.withCheckReceipt(answer, rolled);
    }
    return this.db.mutation(request, async (m) => {
      const roll = await this.rolls.record(m, principal, rolled, { secret: secret ?? false });
      return this.receipts.withRollReceipt(checkAnswer(rolled, roll.id), roll);
    });
  }

  /**
   * A campaign pool check made for a character: the registered modifiers add their dice inside the
   * transaction, before the roll, and their echoes go to the answer and to the roll's effects.
   */
  private resolveForCharacter<K extends CheckKind>(
    kind: K,
    input: object,
    task: PoolTask,
    seed: string | undefined,
    secret: boolean,
    request: ArbiterRequest,
    principal: Principal,
  ): Promise<CheckResult<K>> {
    const procedure = CHECKS[kind] as unknown as {
      name: string;
      run: (i: unknown, d: never) => OutcomeOf<K>;
    };
    return this.db.mutation(request, async (m) => {
      const character = await m.findOne(CharacterEntity, {
        where: { id: task.characterId, campaignId: principal.campaignId },
      });
      if (!character) {
        throw Problem.field(
          'VALIDATION_FAILED',
          'characterId',
          `No character ${task.characterId} in this campaign.`,
        );
      }
      const modified = await modifyPool(
        m,
        principal,
        task,
        this.poolModifiers,
        input as Record<string, unknown>,
      );
      const rolled: Rolled<OutcomeOf<K>> = this.rolls.roll(
        procedure,
        modified.input,
        seed,
        diceBudget(request),
      );
      const effects = { characterId: task.characterId, taskTags: task.taskTags, ...modified.echo };
      const roll = await this.rolls.record(m, principal, rolled, { secret, effects });
      return this.receipts.withRollReceipt(
        { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: roll.id, ...modified.echo },
        roll,
      );
    });
  }

  /**
   * A campaign G&M contest whose sides name characters or NPCs (issue 42): each such side's score,
   * bonus and penalty come from its G&M sheet (the attribute or reaction as the sheet answers it,
   * level bonuses included; the injury penalty, 001:601, and the sheet's other modifiers), a number
   * sent overriding the reading. The core contest rolls the resolved numbers, so the logged roll
   * replays without the sheets; the answer's `modifiers` name every reading and override.
   */
  private resolveContestWithSheets(
    input: Record<string, unknown>,
    seed: string | undefined,
    secret: boolean | undefined,
    request: ArbiterRequest,
    principal: Principal | undefined,
  ): Promise<CheckResult<'contest'>> {
    const sides = input as { acting: ContestSideSent; resisting: ContestSideSent };
    for (const side of SIDES) {
      const sent = sides[side];
      if (!namesSheet(sent)) continue;
      const field = sent.characterId != null ? 'characterId' : sent.npcId != null ? 'npcId' : null;
      if (!principal)
        throw Problem.field(
          'VALIDATION_FAILED',
          `${side}.${field ?? 'characterId'}`,
          'A contest side reads a sheet only in a campaign (campaignId).',
        );
      if (sent.characterId != null && sent.npcId != null)
        throw Problem.field('VALIDATION_FAILED', `${side}.npcId`, 'Send characterId or npcId, not both.');
      if (!field)
        throw Problem.field(
          'VALIDATION_FAILED',
          `${side}.${sent.attribute != null ? 'attribute' : 'reaction'}`,
          'attribute and reaction go with characterId or npcId (a side without a sheet sends its score).',
        );
    }
    const reader = this.gmSideReader;
    if (!reader || !principal) throw new Problem('INTERNAL', 'No reader of G&M sheets is registered.');
    const procedure = CHECKS.contest as unknown as {
      name: string;
      run: (i: unknown, d: never) => OutcomeOf<'contest'>;
    };
    return this.db.mutation(request, async (m) => {
      const resolved: Record<string, unknown> = { ...{}, ...input };
      const readings: Record<string, SheetReading[]> = { acting: [], resisting: [] };
      const effects: Record<string, unknown> = {};
      let hidden = false;
      for (const side of SIDES) {
        const sent = sides[side];
        if (!namesSheet(sent)) {
          if (sent.score === undefined || sent.score === null)
            throw validationProblem([{ field: `${side}.score`, message: `${side}.score is required.` }]);
          resolved[side] = numbersOf(sent);
          continue;
        }
        const read = await reader(m, principal, sent, side);
        hidden ||= read.hidden;
        const fromSheet = contestSideFromSheet(read.rating, read.modifiers, {
          score: sent.score ?? undefined,
          bonus: sent.bonus ?? undefined,
          penalty: sent.penalty ?? undefined,
        });
        resolved[side] = { ...{}, ...numbersOf(sent), ...fromSheet.spec };
        readings[side] = fromSheet.readings;
        effects[side] = {
          ...{},
          ...(sent.characterId != null ? { characterId: sent.characterId } : { npcId: sent.npcId }),
          [read.rating.kind === 'reaction' ? 'reaction' : 'attribute']: read.rating.name,
        };
      }
      if (secret === undefined && hidden && principal.role === 'referee') secret = true;
      const rolled: Rolled<OutcomeOf<'contest'>> = this.rolls.roll(
        procedure,
        resolved,
        seed,
        diceBudget(request),
      );
      const roll = await this.rolls.record(m, principal, rolled, {
        secret: secret ?? false,
        effects: { ...{}, ...effects, modifiers: readings },
      });
      const answer = checkAnswer(rolled, roll.id) as CheckResult<'contest'> & { modifiers?: unknown };
      answer.modifiers = readings;
      return this.receipts.withRollReceipt(answer, roll);
    });
  }

  poolOdds(query: PoolOddsQuery): PoolOdds {
    return {
      dice: query.dice,
      objective: query.objective,
      probability: poolSuccessProbability(query.dice, query.objective),
    };
  }

  wagerOdds(query: WagerOddsQuery): WagerOdds {
    const maxDice = this.random.limits.maxDicePerRoll;
    const found = smallestWager({ ...{}, ...query, maxDice });
    if (!found) {
      throw Problem.field(
        'UNREACHABLE_PROBABILITY',
        'probability',
        `No wager reaches that chance within the limit of ${maxDice} dice in one roll.`,
      );
    }
    return found;
  }
}
