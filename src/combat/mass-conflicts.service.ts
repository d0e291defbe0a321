import { Page, PageQuery, toPage } from '../common/pagination';
import { creationKey, rowsNewestFirst } from '../database/paging';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import { gmMassConflict, parseDamageDice } from '../core/combat';
import {
  gmMassAftermath,
  gmMassAttack,
  gmMassMorale,
  type GmMassAftermathOutcome,
  type GmMassAttackOutcome,
  type GmMassMoraleOutcome,
} from '../core/combat/gm-mass-stored';
import { RuleError } from '../core/errors';
import { createRng, Dice } from '../core/random';
import { Database } from '../database/database.service';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import type {
  CreateMassConflictInput,
  MassConflictAttackInput,
  MassConflictRollInput,
} from './mass-conflicts.inputs';
import type {
  MassAftermathView,
  MassConflictAttackResult,
  MassConflictView,
  MassMoraleView,
  MassUnitView,
} from './mass-conflicts.results';
import { MassConflictEntity, type StoredUnit } from './mass-conflicts.entities';

/** The stored mass conflicts' procedures (never rename; a changed answer takes `.vN`). */
export const MASS_CONFLICT_PROCEDURES = {
  attack: { name: 'combat.gm-mass-attack', run: gmMassAttack },
  morale: { name: 'combat.gm-mass-morale', run: gmMassMorale },
  aftermath: { name: 'combat.gm-mass-aftermath', run: gmMassAftermath },
};

function asBadRequest<T>(run: () => T, prefix = ''): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleError && error.code === 'INVALID_INPUT' && error.field)
      throw Problem.field('VALIDATION_FAILED', `${prefix}${error.field}`, error.message);
    throw error;
  }
}

/**
 * Stored G&M mass conflicts (issue 20; coverage 4.6, G5–G10): units of many members fighting as one
 * combatant (their medians, size, leader and morale), rounds resolved through the stateless core
 * (`gm-group.ts`: the group bonus, unit survival and Movement, morale checks, the aftermath), the
 * losses and morale delays kept between rounds. Every roll is logged; a secret conflict is the
 * referee's alone.
 */
@Injectable()
export class MassConflictsService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly rolls: RollsService,
    registry: ProcedureRegistry,
  ) {
    registry.register(...(Object.values(MASS_CONFLICT_PROCEDURES) as never[]));
  }

  create(who: Principal, input: CreateMassConflictInput, req: ArbiterRequest): Promise<MassConflictView> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee begins a mass conflict.');
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const units: StoredUnit[] = input.units.map((u, i) => {
        asBadRequest(() => parseDamageDice(u.damage, 'damage'), `units[${i}].`);
        // The unit's survival and Movement through the stateless core (G8).
        const numbers = asBadRequest(
          () =>
            gmMassConflict(
              {
                size: u.size,
                medianSurvival: u.medianSurvival,
                medianMovement: u.medianMovement ?? null,
              },
              new Dice(createRng('unit')),
            ),
          `units[${i}].`,
        );
        return {
          id: newId(),
          name: u.name,
          side: u.side,
          size: u.size,
          bonus: numbers.bonus,
          medianSurvival: u.medianSurvival,
          medianMovement: u.medianMovement ?? null,
          medianAttackBonus: u.medianAttackBonus,
          medianDefense: u.medianDefense,
          medianEvasion: u.medianEvasion,
          moraleTarget: u.moraleTarget,
          leaderCharisma: u.leaderCharisma ?? null,
          damage: u.damage,
          maxSurvival: numbers.survival,
          survival: numbers.survival,
          injuries: 0,
          damageTaken: 0,
          hitRound: null,
          delay: 0,
          broken: numbers.survival === 0,
          aftermathRollId: null,
        };
      });
      if (new Set(units.map((u) => u.side)).size < 2)
        throw Problem.field('VALIDATION_FAILED', 'units', 'A mass conflict has units on two sides at least.');
      const at = now();
      const row = m.create(MassConflictEntity, {
        id: newId(),
        campaignId: who.campaignId,
        name: input.name ?? 'Mass conflict',
        round: 1,
        status: 'active',
        secret: input.secret ?? false,
        units,
        createdAt: at,
        updatedAt: at,
      });
      await m.insert(MassConflictEntity, row);
      return this.view(row);
    });
  }

  /** One page of the campaign's mass conflicts, newest first (secret ones for the referee only). */
  async list(who: Principal, page: PageQuery = {}): Promise<Page<MassConflictView>> {
    const base = { campaignId: who.campaignId, ...(who.role === 'referee' ? {} : { secret: false }) };
    const { rows, limit } = await rowsNewestFirst(this.db.manager, MassConflictEntity, base, page);
    return toPage(rows, limit, (r) => this.view(r), creationKey);
  }

  async get(who: Principal, id: string): Promise<MassConflictView> {
    return this.view(await this.conflict(this.db.manager, who, id));
  }

  /**
   * G9: a unit attacks a unit as one combatant: d20 against 11 + its median attack bonus + its group
   * bonus − the target's median defence − the target's group bonus, the weapon's dice, the damage
   * kept on the target unit (survival, then injuries). One logged roll.
   */
  attack(
    who: Principal,
    id: string,
    input: MassConflictAttackInput,
    req: ArbiterRequest,
  ): Promise<MassConflictAttackResult> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee acts for units.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const row = await this.active(m, who, id);
      const attacker = this.unit(row, input.attacker, 'attacker');
      const target = this.unit(row, input.target, 'target');
      if (attacker.id === target.id)
        throw Problem.field('VALIDATION_FAILED', 'target', 'A unit does not attack itself.');
      if (attacker.side === target.side)
        throw Problem.field('VALIDATION_FAILED', 'target', `${target.name} is on ${attacker.name}’s side.`);
      if (attacker.broken)
        throw Problem.field(
          'CONFLICT',
          'attacker',
          `${attacker.name} is broken and no longer fights as a unit.`,
        );
      if (attacker.delay > 0)
        throw Problem.field(
          'CONFLICT',
          'attacker',
          `${attacker.name} is held back by a failed morale check for ${attacker.delay} more round(s).`,
        );
      if (target.broken)
        throw Problem.field('CONFLICT', 'target', `${target.name} is broken and no longer fights as a unit.`);
      const rolled = asBadRequest(() =>
        this.rolls.roll(
          MASS_CONFLICT_PROCEDURES.attack,
          {
            attacker: {
              size: attacker.size,
              medianAttackBonus: attacker.medianAttackBonus,
              damage: attacker.damage,
            },
            target: {
              size: target.size,
              medianDefense: target.medianDefense,
              survival: target.survival,
              injuries: target.injuries,
            },
            ...(input.cover ? { cover: input.cover as never } : {}),
            ...(input.situational?.length
              ? { situational: input.situational.map((s) => ({ name: s.name, value: s.value })) }
              : {}),
          },
          input?.seed ?? undefined,
          diceBudget(req),
        ),
      );
      const outcome = rolled.outcome as GmMassAttackOutcome;
      const roll = await this.rolls.record(m, who, rolled as never, {
        campaign,
        secret: row.secret,
        effects: {
          massConflictId: row.id,
          round: row.round,
          attacker: attacker.id,
          target: target.id,
          hit: outcome.attack.hit,
          damage: outcome.attack.damage,
          after: outcome.after,
        },
      });
      if (outcome.damage) {
        target.damageTaken +=
          target.survival - outcome.after.survival + (outcome.after.injuries - target.injuries);
        target.survival = outcome.after.survival;
        target.injuries = outcome.after.injuries;
        target.broken = outcome.after.broken;
        target.hitRound = row.round;
        row.updatedAt = now();
        await m.update(
          MassConflictEntity,
          { id: row.id },
          { units: row.units as never, updatedAt: row.updatedAt },
        );
      }
      return {
        massConflictId: row.id,
        round: row.round,
        rollId: roll.id,
        attacker: attacker.id,
        target: target.id,
        numbers: outcome.numbers as unknown as Record<string, unknown>,
        attack: { ...{}, ...outcome.attack, seed: rolled.seed, rng: rolled.rng } as never,
        damage: outcome.damage as unknown as Record<string, unknown> | null,
        unit: this.unitView(target),
      };
    });
  }

  /**
   * The next round (G5, G7): the morale delays count down, then every unit still fighting that took
   * damage in the round that ends checks morale (one roll for all): a failure holds it back for the
   * miss (at most its bonus), less its leader's margin.
   */
  nextRound(
    who: Principal,
    id: string,
    input: MassConflictRollInput,
    req: ArbiterRequest,
  ): Promise<MassConflictView> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee advances the round.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const row = await this.active(m, who, id);
      for (const u of row.units) if (u.delay > 0) u.delay -= 1;
      const checking = row.units.filter((u) => !u.broken && u.hitRound === row.round);
      const morale: MassMoraleView[] = [];
      if (checking.length > 0) {
        const rolled = asBadRequest(() =>
          this.rolls.roll(
            MASS_CONFLICT_PROCEDURES.morale,
            {
              units: checking.map((u) => ({
                size: u.size,
                target: u.moraleTarget,
                ...(u.leaderCharisma !== null ? { leaderCharisma: u.leaderCharisma } : {}),
              })),
            },
            input?.seed ?? undefined,
            diceBudget(req),
          ),
        );
        const outcome = rolled.outcome as GmMassMoraleOutcome;
        const roll = await this.rolls.record(m, who, rolled as never, {
          campaign,
          secret: row.secret,
          effects: {
            massConflictId: row.id,
            round: row.round,
            units: checking.map((u, i) => ({
              id: u.id,
              passed: outcome.checks[i].check.passed,
              delay: outcome.checks[i].delay,
            })),
          },
        });
        checking.forEach((u, i) => {
          const { check, leader, delay } = outcome.checks[i];
          u.delay = Math.max(u.delay, delay);
          morale.push({
            unitId: u.id,
            rollId: roll.id,
            target: check.target,
            roll: check.roll ?? 0,
            passed: check.passed ?? false,
            delay,
            check: { ...{}, ...check, leader, seed: rolled.seed, rng: rolled.rng } as unknown as Record<
              string,
              unknown
            >,
          });
        });
      }
      row.round += 1;
      row.updatedAt = now();
      await m.update(
        MassConflictEntity,
        { id: row.id },
        { round: row.round, units: row.units as never, updatedAt: row.updatedAt },
      );
      return this.view(row, morale);
    });
  }

  /** The conflict ends (G10): every unit that took damage rolls its aftermath (one roll for all). */
  end(
    who: Principal,
    id: string,
    input: MassConflictRollInput,
    req: ArbiterRequest,
  ): Promise<MassConflictView> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee ends a mass conflict.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const row = await this.active(m, who, id);
      const hurt = row.units.filter((u) => u.damageTaken > 0);
      const aftermath: MassAftermathView[] = [];
      if (hurt.length > 0) {
        const rolled = asBadRequest(() =>
          this.rolls.roll(
            MASS_CONFLICT_PROCEDURES.aftermath,
            {
              units: hurt.map((u) => ({
                size: u.size,
                medianSurvival: u.medianSurvival,
                damageTaken: u.damageTaken,
                injuries: u.injuries,
                medianEvasion: u.medianEvasion,
              })),
            },
            input?.seed ?? undefined,
            diceBudget(req),
          ),
        );
        const outcome = rolled.outcome as GmMassAftermathOutcome;
        const roll = await this.rolls.record(m, who, rolled as never, {
          campaign,
          secret: row.secret,
          effects: {
            massConflictId: row.id,
            round: row.round,
            units: hurt.map((u, i) => ({
              id: u.id,
              die: outcome.units[i].aftermath?.die ?? null,
              expectedInjured: outcome.units[i].aftermath?.expectedInjured ?? 0,
            })),
          },
        });
        hurt.forEach((u, i) => {
          u.aftermathRollId = roll.id;
          aftermath.push({
            unitId: u.id,
            rollId: roll.id,
            aftermath: {
              ...{},
              ...(outcome.units[i].aftermath as object),
              steps: outcome.units[i].steps,
              seed: rolled.seed,
              rng: rolled.rng,
            },
          });
        });
      }
      row.status = 'ended';
      row.updatedAt = now();
      await m.update(
        MassConflictEntity,
        { id: row.id },
        { status: row.status, units: row.units as never, updatedAt: row.updatedAt },
      );
      return this.view(row, [], aftermath);
    });
  }

  // Helpers

  private async conflict(m: EntityManager, who: Principal, id: string): Promise<MassConflictEntity> {
    const row = await m.findOne(MassConflictEntity, { where: { id, campaignId: who.campaignId } });
    // A secret conflict is the referee's: other keys do not learn it exists.
    if (!row || (row.secret && who.role !== 'referee')) throw Problem.notFound(`Mass conflict ${id}`);
    return row;
  }

  private async active(m: EntityManager, who: Principal, id: string): Promise<MassConflictEntity> {
    const row = await this.conflict(m, who, id);
    if (row.status !== 'active') throw new Problem('CONFLICT', `Mass conflict ${id} has ended.`);
    return row;
  }

  /**
   * A unit by its id, or by its name in this conflict (exact, ignoring case: units are named when the
   * conflict begins and live only in it). Several of one name are a 409 listing them, as for names
   * where ids go elsewhere (src/campaigns/name-addressing.ts).
   */
  private unit(row: MassConflictEntity, id: string, field: string): StoredUnit {
    const unit = row.units.find((u) => u.id === id);
    if (unit) return unit;
    const named = row.units.filter((u) => u.name.toLowerCase() === id.toLowerCase());
    if (named.length === 1) return named[0];
    if (named.length > 1)
      throw Problem.field(
        'CONFLICT',
        field,
        `${named.length} units are named "${id}": ${named.map((u) => `"${u.name}" (${u.id})`).join(', ')}. Send the id of one.`,
      );
    throw Problem.field('VALIDATION_FAILED', field, `${id} is not a unit of this conflict (by id or name).`);
  }

  private unitView(u: StoredUnit): MassUnitView {
    return {
      ...{},
      ...u,
      movement: u.medianMovement === null ? null : u.medianMovement + u.medianMovement * u.bonus,
    };
  }

  private view(
    row: MassConflictEntity,
    morale: MassMoraleView[] = [],
    aftermath: MassAftermathView[] = [],
  ): MassConflictView {
    return {
      id: row.id,
      name: row.name,
      round: row.round,
      status: row.status,
      secret: row.secret,
      units: row.units.map((u) => this.unitView(u)),
      morale,
      aftermath,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }
}
