import { Injectable } from '@nestjs/common';
import { EntityManager, In as AnyOf } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { SheetOwner, SheetsService } from '../characters/sheets.service';
import { pageInMemory, type PageQuery } from '../common/pagination';
import { asBadRequest, Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { newId, now } from '../common/time';
import { findRating } from '../core/characters/sheets-checks';
import { implementResourceName, type Sheet } from '../core/characters/sheets';
import {
  channel,
  classResourceCurrent,
  classResourceKey,
  COEAC_SPELLS,
  coeacSpell,
  findCoeacSpell,
  type ChannelingInput,
  type ChannelingOutcome,
  type CounterspellOutcome,
} from '../core/magic';
import { Database } from '../database/database.service';
import { CampaignEntity, RollEntity } from '../database/entities';
import { CharacterSheetEntity } from '../characters/characters.entities';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { AttunementEntity } from '../crafting/crafting.entities';
import type { Rolled } from '../rolls/rolls.service';
import { ProcedureRegistry, type Procedure } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { WealthService } from '../wealth/wealth.service';
import { CoeacSpellInstanceEntity, MagicSettingsEntity } from './magic.entities';
import { TablesService } from '../encounters/tables.service';
import type { TableDrawResult } from '../encounters/encounters.results';
import type {
  CoeacCampaignCatastropheInput,
  CoeacCampaignCounterspellInput,
  CoeacCampaignSpellMasteryInput,
  CoeacCastInput,
  CoeacReleaseInput,
  MagicSettingsInput,
} from './magic.inputs';
import type {
  CoeacCampaignCatastropheResult,
  CoeacCampaignCounterspellResult,
  CoeacCampaignSpellMasteryResult,
  CoeacCastResult,
  CoeacReleaseResult,
  CoeacSheetChange,
  CoeacSpellInstanceList,
  MagicSettings,
} from './magic.results';
import {
  AFFIX_CHANNELING_V3,
  COEAC_CAST_PROCEDURE,
  COEAC_CATASTROPHE_PROCEDURE,
  COEAC_COUNTERSPELL_PROCEDURE,
  COEAC_MAGIC_PROCEDURES,
  COEAC_MASTERY_V3_PROCEDURE,
  COEAC_RELEASE_PROCEDURE,
  type CasterEngine,
  type CasterProcedure,
} from './magic.service';
import type { SheetDamageInput, SheetDamageOutcome } from '../core/harm/campaign';
import {
  damageInput,
  sheetState,
  type EngineChange,
  type EngineEvent,
  type EngineState,
} from '../core/engine';
import { harmOf } from '../core/harm';
import { castEvents } from './cast-events';
import { assertCanAct as assertMayAct } from '../harm/can-act';
import { SheetHarmService } from '../harm/sheet-harm.service';

/**
 * Affix Spell's daily channeling since magic exists: the COEAC channeling (backlash, mutation save).
 * Rolls logged as `crafting.channeling` (the bare pass/fail test) still replay under that name.
 */
export const AFFIX_CHANNELING_V2: Procedure<ChannelingInput, ChannelingOutcome> = {
  name: 'crafting.channeling.v2',
  run: channel,
};

/** The down and the dead do not cast or counterspell (003:201, 173): 409 naming the character. */
function assertCanAct(owner: SheetOwner, sheet: Sheet, what: string): void {
  assertMayAct(owner, sheet, 'characterId', what, 'coeac');
}

/**
 * The channeling a logged roll holds: a stored character's cast (`magic.coeac.cast.v1`, the channeling
 * beside its cost) or a channeling logged alone (`magic.coeac.channeling`, casts before issue 39 and
 * a combat's round-end casts); null for any other roll.
 */
export function channelingOf(roll: { procedure: string; outcome: unknown }): ChannelingOutcome | null {
  if (roll.procedure === COEAC_MAGIC_PROCEDURES.channeling.name) return roll.outcome as ChannelingOutcome;
  if (roll.procedure === COEAC_CAST_PROCEDURE.name)
    return (roll.outcome as { channeling: ChannelingOutcome }).channeling;
  return null;
}

const toChange = (e: { field: string; delta: number; valueAfter: number }): CoeacSheetChange => ({
  field: e.field,
  delta: e.delta,
  after: e.valueAfter,
});

/** What a spell's cost did to its caster, as the magic answers report it. */
const casterHarmed = (result: {
  entries: Array<{ field: string; delta: number; valueAfter: number }>;
  state: string;
  stateBefore: string;
  rollId: string;
  events?: ReadonlyArray<object>;
}): CasterHarm => ({
  changes: result.entries.map(toChange),
  state: result.state,
  stateBefore: result.stateBefore,
  rollId: result.rollId,
  events: (result.events ?? []) as EngineEvent[],
});

/** What a spell's harm did to its caster: the ledger's changes, the state, its roll and the engine's events. */
interface CasterHarm {
  changes: CoeacSheetChange[];
  state: string;
  stateBefore: string;
  rollId: string;
  events: EngineEvent[];
}

/** The engine's answer for a spell's harm on its caster: the state it read, its events, the change's source. */
interface CasterTold {
  state: EngineState;
  events: EngineEvent[];
  source: string;
}

/** The logged roll as harm's writer names it in the ledger entries. */
const loggedRoll = (rolled: Rolled<unknown>, id: string) => ({
  id,
  procedure: rolled.procedure,
  seed: rolled.seed,
  rng: rolled.rng,
});

/** A spell's costs on its caster (see `MagicCampaignService.writeSpellCosts`). */
interface SpellCosts {
  /** The sheet the spell read: the ledger reuses it (unless `readAgain`), the harm starts from it. */
  row: CharacterSheetEntity;
  /** The class-resource changes (Control, Empower, a plasmid…), written through the ledger. */
  changes: Array<{ field: string; delta: number }>;
  /** The sheet before the ledger's changes apply (Spell Mastery learns or bars the spell). */
  base?: (sheet: Sheet) => Sheet;
  /** The ledger reads and locks the sheet itself (`row` was read without a lock). */
  readAgain?: boolean;
  /** The spell's roll, which every entry names, and the harm taken inside it (`harm`, none when null). */
  rolled: Rolled<{ harm?: SheetDamageOutcome | null }>;
  /** The engine's answer for that harm: null when the spell harmed no one (or the route writes it). */
  told: CasterTold | null;
}

/** A spell's costs as written (`MagicCampaignService.writeSpellCosts`). */
interface SpellCostsWritten {
  /** The spell's logged roll. */
  rollId: string;
  /** The sheet as the ledger left it (before the harm). */
  row: CharacterSheetEntity;
  /** The ledger's changes, then the harm's. */
  entries: CoeacSheetChange[];
  /** The harm's answer (null for none). */
  harmed: CasterHarm | null;
  /** The harm's engine events as the caller may see them. */
  events: EngineEvent[];
}

/**
 * COEAC magic in a campaign (SPEC 6.5): a stored character channels a spell it controls. Control,
 * Empower points and each known spell are class resources of the COEAC sheet (a spell at 0 is lost
 * for the day; a long rest refills class resources); HP and class resources change through the
 * condition ledger, ritual Cash through the Cash ledger; one roll is logged; the live instance of each
 * spell and the one bound spell are kept in `coeac_spell_instances`.
 */
@Injectable()
export class MagicCampaignService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly rolls: RollsService,
    private readonly wealth: WealthService,
    private readonly tables: TablesService,
    private readonly harm: SheetHarmService,
    registry: ProcedureRegistry,
  ) {
    registry.register(AFFIX_CHANNELING_V2 as never);
  }

  cast(
    who: Principal,
    characterId: string,
    input: CoeacCastInput,
    req: ArbiterRequest,
  ): Promise<CoeacCastResult> {
    assertMayActFor(who, characterId);
    if (input.secret && who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
    return this.db.mutation(req, (m) => this.castIn(m, who, characterId, input, req));
  }

  /**
   * A cast inside the caller's transaction (the route above; a stored COEAC combat's round end casts
   * the channelings declared that round through it): the same checks, roll, costs and live instance.
   */
  async castIn(
    m: EntityManager,
    who: Principal,
    characterId: string,
    input: CoeacCastInput,
    req: ArbiterRequest,
  ): Promise<CoeacCastResult> {
    {
      const spell = this.castSpell(who, input);
      // Each row read once, with plain statements: the campaign; the character (the Cash change
      // reuses it) with its sheet (the ledger change reuses it) in one, both locked on PostgreSQL;
      // the live spells.
      const campaign = await this.campaignRow(m, who.campaignId);
      const { character, owner, row } = await this.sheets.characterWithSheet(
        m,
        who.campaignId,
        characterId,
        'coeac',
      );
      const sheet = row.data;
      assertCanAct(owner, sheet, 'cast');
      // Arcane vestments (003:448): no worn armour with them; their Empower only while carried.
      const vestments = (sheet.vestments ?? []) as Array<{ itemId: string; empower: number }>;
      const armorKind = (sheet.armor as { kind?: string } | undefined)?.kind ?? 'none';
      if (vestments.length > 0 && armorKind !== 'none') {
        throw Problem.field(
          'CONFLICT',
          'armor.kind',
          `${owner.name} wears arcane vestments and ${armorKind} armour: take one off before channeling.`,
        );
      }
      if (input.reversed && !spell.reverseSkill) {
        throw Problem.field('VALIDATION_FAILED', 'reversed', 'Only a reversible spell can be cast reversed.');
      }
      const skillName = input.skill ?? (input.reversed ? spell.reverseSkill! : spell.skill);
      const skill = findRating(sheet.skills as Record<string, number>, skillName);
      if (!skill)
        throw Problem.field('UNPROCESSABLE', 'skill', `The sheet has no skill named "${skillName}".`);
      const implement = input.implement
        ? await this.implementFor(m, owner, sheet, spell, input.implement)
        : null;
      const control = this.control(sheet, owner, 1);
      const spellKey = classResourceKey(sheet, spell.id, spell.name);
      if (!spellKey) {
        throw Problem.field(
          'UNPROCESSABLE',
          'spell',
          `${owner.name} does not control ${spell.name} (no class resource named "${spell.id}" or "${spell.name}").`,
        );
      }
      if (classResourceCurrent(sheet, spellKey) < 1) {
        throw Problem.field('CONFLICT', 'spell', `${spell.name} is lost to ${owner.name} until a long rest.`);
      }
      const instances = await Database.selectRows(m, CoeacSpellInstanceEntity, { characterId: owner.id });
      if (input.bind && instances.some((i) => i.bound)) {
        throw Problem.field(
          'CONFLICT',
          'bind',
          `${owner.name} already holds a spell bound; release it first.`,
        );
      }
      const empowerKey = input.empower ? classResourceKey(sheet, 'Empower') : null;
      const empowerPool = empowerKey ? classResourceCurrent(sheet, empowerKey) : 0;
      let empower = empowerPool;
      if (empowerKey && empower > 0 && vestments.length > 0) {
        const held = await Database.selectRows(m, InventoryItemEntity, {
          id: vestments.map((v) => v.itemId),
          characterId: owner.id,
        });
        const ids = new Set(held.map((i) => i.id));
        const gone = vestments.filter((v) => !ids.has(v.itemId)).reduce((sum, v) => sum + v.empower, 0);
        empower = Math.max(0, empower - gone);
      }
      if (input.empower && empower === 0) {
        throw Problem.field(
          'CONFLICT',
          'empower',
          empowerPool > 0
            ? `${owner.name}'s Empower comes from vestments no longer carried.`
            : `${owner.name} has no Empower points left today.`,
        );
      }
      const hp = (sheet.hp as number) ?? 0;
      const bonusHp = (sheet.bonusHp as number) ?? 0;
      const ritual = input.ritual ? { hp: input.ritual.hp ?? 0, cash: input.ritual.cash ?? 0 } : null;
      if (ritual && ritual.hp > hp + bonusHp) {
        throw Problem.field(
          'OUT_OF_RANGE',
          'ritual.hp',
          `${owner.name} has only ${hp + bonusHp} HP to give.`,
        );
      }
      const vigor = findRating(sheet.saves as Record<string, number>, 'Vigor');
      // F18 (003:468): a wand held with Fell Blast, one more Control for the secondary effect on a hit.
      if (input.wand) {
        const [wand] = await Database.selectRows(m, InventoryItemEntity, {
          id: input.wand,
          characterId: owner.id,
        });
        if (!wand)
          throw Problem.field(
            'CONFLICT',
            'wand',
            `${owner.name} carries no item ${input.wand} to hold as a wand.`,
          );
      }
      const core: ChannelingInput = {
        pool: 2 + skill.value,
        // Fell Blast is no catalogue spell: its Ob is the referee's (the core's `objective`).
        ...(input.fellBlast ? { objective: input.fellBlast.objective } : { spell: spell.id }),
        ...(input.wand ? { wand: true } : {}),
        ...(input.bonusDice ? { bonusDice: input.bonusDice } : {}),
        ...(input.penaltyDice ? { penaltyDice: input.penaltyDice } : {}),
        ...(empower || implement ? { empower: empower + (implement?.empower ?? 0) } : {}),
        ...(input.materialDice ? { materialDice: input.materialDice } : {}),
        ...(ritual ? { ritual } : {}),
        ...(input.bind ? { bind: true } : {}),
        ...(input.reversed ? { reversed: true } : {}),
        ...(vigor ? { vigorPool: 2 + vigor.value } : {}),
      };
      // The channeling and its HP cost in one roll (issue 39): the COEAC transition runs inside it.
      const { rolled, told } = await this.rollWithHarm(
        m,
        COEAC_CAST_PROCEDURE,
        { channeling: core, ritualHp: ritual?.hp ?? 0 },
        this.casterEngine(owner, row, 'magic:cast'),
        input.seed,
        req,
        campaign.id,
        owner,
      );
      const out = rolled.outcome.channeling;

      const changes: Array<{ field: string; delta: number }> = [
        { field: `classResources.${control}.current`, delta: -out.controlSpent },
      ];
      // The day's Empower goes all at once (a vestment left behind grants none and keeps none back).
      if (empowerKey && empowerPool)
        changes.push({ field: `classResources.${empowerKey}.current`, delta: -empowerPool });
      // The implement's one activation today (F13, F16).
      if (implement) changes.push({ field: `classResources.${implement.resource}.current`, delta: -1 });
      // Ritual HP and backlash are harm: the COEAC transition took them in the roll (`harm`).
      if (out.backlash.plasmidLost) changes.push({ field: `classResources.${spellKey}.current`, delta: -1 });

      const replaced = instances.find((i) => i.spellId === spell.id) ?? null;
      let mutationNote = this.mutationNote(out);
      const effects = {
        characterId: owner.id,
        spell: spell.id,
        skill: skill.name,
        rating: skill.value,
        replacedRollId: replaced?.rollId ?? null,
        changes,
        ritualCash: ritual?.cash ?? 0,
      };
      const { rollId, entries, harmed, events } = await this.writeSpellCosts(m, who, campaign, owner, {
        secret: input.secret ?? false,
        effects,
        row,
        changes,
        rolled,
        told,
      });
      if (ritual?.cash) {
        await this.wealth.changeCash(
          m,
          who,
          campaign,
          owner.id,
          { cashDelta: -ritual.cash, reason: 'ritual', note: `Sacrificed to channel ${spell.name}` },
          { rollId, field: 'ritual.cash', character },
        );
      }
      let mutationDraw: TableDrawResult | null = null;
      if (out.mutationSave?.mutation) {
        const drawn = await this.mutationDraw(m, who, campaign, input.secret, `${rolled.seed}#mutation`, req);
        mutationDraw = drawn.draw;
        mutationNote = drawn.note ?? mutationNote;
      }
      // The new cast replaces the live instance of the spell in place (one statement either way).
      const live = { bound: !!input.bind, potency: out.potency, objective: out.objective, rollId };
      await this.keepLiveInstance(m, who.campaignId, owner.id, spell.id, live, replaced);
      return {
        characterId: owner.id,
        skill: skill.name,
        rating: skill.value,
        channeling: out,
        costs: {
          control: out.controlSpent,
          empower,
          implementEmpower: implement?.empower ?? 0,
          ritualHp: ritual?.hp ?? 0,
          ritualCash: ritual?.cash ?? 0,
          backlashDamage: out.backlash.damage,
          downAndOut:
            harmed !== null && harmed.state !== harmed.stateBefore && harmed.state === 'down-and-out',
        },
        changes: entries,
        events,
        replacedRollId: replaced?.rollId ?? null,
        mutationNote,
        mutationDraw: mutationDraw && (!mutationDraw.secret || who.role === 'referee') ? mutationDraw : null,
        mutationRollId: mutationDraw?.rollId ?? null,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId,
      } as CoeacCastResult;
    }
  }

  /**
   * The spell a cast channels: a catalogue spell, or Fell Blast (F18, 003:566), which the document
   * names without its skill or Ob, so the referee supplies both (`fellBlast`; 403 for a player, 422
   * without them). A wand works only with Fell Blast (003:468).
   */
  private castSpell(
    who: Principal,
    input: CoeacCastInput,
  ): { id: string; name: string; family: string; skill: string; reverseSkill: string | null } {
    const fell = /^fell[\s_-]?blast$/i.test(input.spell.trim());
    if (!fell) {
      if (input.fellBlast)
        throw Problem.field('VALIDATION_FAILED', 'fellBlast', 'fellBlast goes with spell fell-blast.');
      if (input.wand)
        throw Problem.field(
          'VALIDATION_FAILED',
          'wand',
          'A wand works only with Fell Blast (spell fell-blast).',
        );
      return coeacSpell(input.spell, 'spell');
    }
    if (!input.fellBlast)
      throw Problem.field(
        'UNPROCESSABLE',
        'fellBlast',
        'The document gives Fell Blast no skill or Ob: the referee sends fellBlast { skill, objective }.',
      );
    if (who.role !== 'referee')
      throw Problem.field('FORBIDDEN', 'fellBlast', 'Only the referee supplies Fell Blast’s skill and Ob.');
    return {
      id: 'fell-blast',
      name: 'Fell Blast',
      family: 'none',
      skill: input.fellBlast.skill,
      reverseSkill: null,
    };
  }

  /**
   * A sorcerous implement the caster activates (F13, F16; 003:442–456): on the sheet's `implements`,
   * carried, attuned (crafting's attunements), its activation left today, and for an orb a spell of
   * one of its two families. 422 or 409 naming `implement` otherwise.
   */
  private async implementFor(
    m: EntityManager,
    owner: SheetOwner,
    sheet: Sheet,
    spell: { id: string; name: string; family: string },
    itemId: string,
  ): Promise<{ empower: number; resource: string }> {
    const held = (
      (sheet.implements ?? []) as Array<{ itemId: string; empower: number; families: string[] | null }>
    ).find((i) => i.itemId === itemId);
    if (!held)
      throw Problem.field(
        'UNPROCESSABLE',
        'implement',
        `${owner.name}'s sheet holds no implement ${itemId}.`,
      );
    const [carried] = await Database.selectRows(m, InventoryItemEntity, {
      id: itemId,
      characterId: owner.id,
    });
    if (!carried)
      throw Problem.field('CONFLICT', 'implement', `${owner.name} no longer carries implement ${itemId}.`);
    const attuned = await m.findOne(AttunementEntity, { where: { characterId: owner.id, itemId } });
    if (!attuned)
      throw Problem.field(
        'CONFLICT',
        'implement',
        `${owner.name} is not attuned to ${carried.name}: attune it first.`,
      );
    if (held.families && !held.families.includes(spell.family)) {
      throw Problem.field(
        'CONFLICT',
        'implement',
        `${carried.name} serves only ${held.families.join(' and ')} spells; ${spell.name} is ${spell.family}.`,
      );
    }
    const resource = implementResourceName(itemId);
    if (classResourceCurrent(sheet, resource) < 1)
      throw Problem.field('CONFLICT', 'implement', `${carried.name} was already activated today.`);
    return { empower: held.empower, resource };
  }

  /**
   * Spell Mastery of a wild plasmid by a stored character (F12, 003:434–438): the blind cast (a
   * channeling of a spell the caster does not control: 1 Control, backlash, the mutation save) and the
   * mastery check at its Ob + 1. A pass puts the spell on the sheet as a class resource named by the
   * spell (1 a day); a failure bars it for ever (`barredSpells`) and calls a Down and Out check. The
   * mastery, the backlash's harm and the check are one logged roll (`magic.coeac.spell-mastery.v3`):
   * both harms go through the COEAC transition inside it, and every ledger entry names it.
   */
  spellMastery(
    who: Principal,
    characterId: string,
    input: CoeacCampaignSpellMasteryInput,
    req: ArbiterRequest,
  ): Promise<CoeacCampaignSpellMasteryResult> {
    assertMayActFor(who, characterId);
    if (input.secret && who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
    return this.db.mutation(req, async (m) => {
      const spell = coeacSpell(input.spell, 'spell');
      const campaign = await this.campaignRow(m, who.campaignId);
      const { owner, row } = await this.sheets.characterSheet(m, who.campaignId, characterId, 'coeac');
      const sheet = row.data;
      assertCanAct(owner, sheet, 'master a spell');
      if (classResourceKey(sheet, spell.id, spell.name))
        throw Problem.field('CONFLICT', 'spell', `${owner.name} already controls ${spell.name}.`);
      const barredBefore = Array.isArray(sheet.barredSpells) ? (sheet.barredSpells as string[]) : [];
      if (barredBefore.includes(spell.id))
        throw Problem.field(
          'CONFLICT',
          'spell',
          `${owner.name} failed to master ${spell.name} once and may never learn it.`,
        );
      const skillName = input.skill ?? spell.skill;
      const skill = findRating(sheet.skills as Record<string, number>, skillName);
      if (!skill)
        throw Problem.field('UNPROCESSABLE', 'skill', `The sheet has no skill named "${skillName}".`);
      const control = this.control(sheet, owner, 1);
      const vigor = findRating(sheet.saves as Record<string, number>, 'Vigor');
      // The blind cast, the check, the backlash's harm and a failure's Down and Out check in one roll
      // (issue 39): the engine runs inside it.
      const engine = this.casterEngine(owner, row, 'magic:mastery');
      const { rolled, told } = await this.rollWithHarm(
        m,
        COEAC_MASTERY_V3_PROCEDURE,
        {
          mastery: {
            pool: 2 + skill.value,
            spell: spell.id,
            ...(input.bonusDice ? { bonusDice: input.bonusDice } : {}),
            ...(vigor ? { vigorPool: 2 + vigor.value } : {}),
          },
        },
        engine,
        input.seed,
        req,
        campaign.id,
        owner,
      );
      const out = rolled.outcome.mastery;
      const harmOutcome = rolled.outcome.harm;
      const checkOutcome = rolled.outcome.downAndOut;
      const checked = checkOutcome && engine.check ? engine.check : null;
      const secret = input.secret ?? false;
      const changes: Array<{ field: string; delta: number }> = [
        { field: `classResources.${control}.current`, delta: -out.blindCast.controlSpent },
      ];
      // Learned: the spell joins the sheet's class resources (1 a day, as every controlled spell).
      if (out.learned) changes.push({ field: `classResources.${spell.name}.current`, delta: 1 });
      const roll = await this.rolls.record(m, who, rolled as never, {
        secret,
        campaign,
        effects: {
          characterId: owner.id,
          spell: spell.id,
          learned: out.learned,
          changes,
          ...(harmOutcome && told ? { state: harmOutcome.state, harmChanges: harmOutcome.changes } : {}),
          // The failure's Down and Out check, in the same roll: its state after and its changes.
          ...(checkOutcome && checked
            ? {
                state: checkOutcome.state,
                downAndOut: { state: checkOutcome.state, changes: checkOutcome.changes },
              }
            : {}),
          // The engine's events of both, in order (the log and the feed show them).
          ...((told?.events.length ?? 0) + (checked?.applied.events.length ?? 0) > 0
            ? { events: [...(told?.events ?? []), ...(checked?.applied.events ?? [])] }
            : {}),
        },
      });
      // The backlash is harm (003:201) and a failure calls a Down and Out check (HP unchanged, the
      // table applied): both computed in the roll, written by harm's writer, the entries naming it.
      // The backlash alone goes with the costs; with the check, both below at once (one write of the
      // sheet for the two).
      const written = await this.writeSpellCosts(m, who, campaign, owner, {
        rollId: roll.id,
        row,
        changes,
        base: (data) =>
          out.learned
            ? {
                ...{},
                ...data,
                classResources: {
                  ...{},
                  ...((data.classResources ?? {}) as object),
                  [spell.name]: { current: 0, max: 1 },
                },
              }
            : { ...{}, ...data, barredSpells: [...barredBefore, spell.id] },
        rolled,
        told: checkOutcome && checked ? null : told,
      });
      const entries = written.entries;
      const backlash = out.blindCast.backlash.damage ?? 0;
      const logged = loggedRoll(rolled, roll.id);
      const pair =
        harmOutcome && told && checkOutcome && checked
          ? await this.harm.writeComputedPair(
              m,
              who,
              owner,
              campaign,
              {
                row: written.row,
                outcome: harmOutcome,
                roll: logged,
                derive: (data) => data,
                state: told.state,
                events: told.events,
              },
              { outcome: checkOutcome, state: checked.from, events: checked.applied.events },
            )
          : null;
      if (pair) entries.push(...pair.entries.map(toChange));
      // The check alone: a failure without backlash.
      const alone =
        !pair && checkOutcome && checked
          ? await this.harm.applyDamage(
              m,
              who,
              owner,
              { system: 'coeac', amount: 0, source: `Spell Mastery of ${spell.name} failed` } as never,
              {
                campaign,
                computed: {
                  row: written.row,
                  outcome: checkOutcome,
                  roll: logged,
                  derive: (data) => data,
                  state: checked.from,
                  events: checked.applied.events,
                },
              },
            )
          : null;
      if (alone) entries.push(...alone.entries.map(toChange));
      const harmEvents = pair ? (pair.results[0].events as EngineEvent[]) : (written.harmed?.events ?? []);
      const check = pair ? pair.results[1] : alone;
      return {
        characterId: owner.id,
        skill: skill.name,
        rating: skill.value,
        mastery: { ...{}, ...out, seed: rolled.seed, rng: rolled.rng, rollId: roll.id } as never,
        learned: out.learned,
        barred: out.barredForever,
        control: out.blindCast.controlSpent,
        backlashDamage: backlash,
        backlashRollId: harmOutcome ? roll.id : null,
        downAndOut: check
          ? {
              state: check.state,
              stateBefore: check.stateBefore,
              detail: check.detail,
              steps: check.steps,
              conditionsAdded: check.conditionsAdded,
              brokenItemIds: check.brokenItemIds,
              rollId: check.rollId,
            }
          : null,
        state: harmOf(written.row.data).state,
        changes: entries,
        events: castEvents(who, owner.id, [...harmEvents, ...((check?.events ?? []) as EngineEvent[])]),
        mutationNote: this.mutationNote(out.blindCast),
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
      };
    });
  }

  /**
   * A channeling becomes the character's live instance of its spell, replacing the one before (only
   * one instance of a spell exists): a cast, and a stored combat's channeling defence (combat module),
   * inside the caller's transaction. `replaced`: the row already read (spares a read); undefined to
   * look it up. One statement either way when `replaced` is given.
   */
  async keepLiveInstance(
    m: EntityManager,
    campaignId: string,
    characterId: string,
    spellId: string,
    live: { bound: boolean; potency: number; objective: number; rollId: string },
    replaced?: CoeacSpellInstanceEntity | null,
  ): Promise<void> {
    const before =
      replaced !== undefined
        ? replaced
        : await m.findOne(CoeacSpellInstanceEntity, { where: { campaignId, characterId, spellId } });
    if (before) {
      await Database.updateRow(m, CoeacSpellInstanceEntity, before.id, { ...{}, ...live, createdAt: now() });
    } else {
      await Database.insertRow(m, CoeacSpellInstanceEntity, {
        id: newId(),
        campaignId,
        characterId,
        spellId,
        ...live,
        createdAt: now(),
      });
    }
  }

  /** The spells the character has live or bound; a secret cast's stays hidden from other keys until revealed. */
  async instances(
    who: Principal,
    characterId: string,
    page: Pick<PageQuery, 'limit' | 'after'> = {},
  ): Promise<CoeacSpellInstanceList> {
    const m = this.db.manager;
    {
      await this.sheets.characterOwner(m, who.campaignId, characterId);
      let rows = await m.find(CoeacSpellInstanceEntity, {
        where: { campaignId: who.campaignId, characterId },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      if (who.role !== 'referee' && rows.length > 0) {
        const sealed = await m.find(RollEntity, {
          where: { id: AnyOf(rows.map((r) => r.rollId)), secret: true },
          select: { id: true, revealedAt: true },
        });
        const hidden = new Set(sealed.filter((r) => !r.revealedAt).map((r) => r.id));
        rows = rows.filter((r) => !hidden.has(r.rollId));
      }
      const view = (r: CoeacSpellInstanceEntity) => ({
        spellId: r.spellId,
        bound: r.bound,
        potency: r.potency,
        objective: r.objective,
        rollId: r.rollId,
      });
      // The cursor is the last instance's id: a new cast never shifts the pages after it.
      const paged = pageInMemory({ items: rows }, page, (r) => r.id);
      return { items: paged.items.map(view), next: paged.next, instances: rows.map(view) };
    }
  }

  /** Releases the bound spell: Block 1 against a blow (the rest through the ledger) or +Ob dice. */
  release(
    who: Principal,
    characterId: string,
    input: CoeacReleaseInput,
    req: ArbiterRequest,
  ): Promise<CoeacReleaseResult> {
    assertMayActFor(who, characterId);
    if (input.use === 'dice' && input.damage !== undefined && input.damage !== null) {
      throw Problem.field('VALIDATION_FAILED', 'damage', 'damage goes with use: block.');
    }
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      const bound = await m.findOne(CoeacSpellInstanceEntity, {
        where: { characterId: owner.id, bound: true },
      });
      if (!bound) throw Problem.field('CONFLICT', 'use', `${owner.name} holds no spell bound.`);
      await m.delete(CoeacSpellInstanceEntity, { id: bound.id });
      if (input.use === 'dice') {
        return {
          spellId: bound.spellId,
          use: 'dice',
          blocked: 0,
          damageTaken: 0,
          bonusDice: bound.objective,
          changes: [],
          events: [],
          rollId: null,
        };
      }
      const damage = input.damage ?? 0;
      if (damage <= 1) {
        // The binding stops the whole blow: nothing is harmed, nothing is rolled.
        return {
          spellId: bound.spellId,
          use: 'block',
          blocked: damage,
          damageTaken: 0,
          bonusDice: 0,
          changes: [],
          events: [],
          rollId: null,
        };
      }
      // The blow the binding did not stop is harm (003:201): the COEAC transition takes it inside the
      // release's own roll (`magic.coeac.bound-release.v1`).
      const row = await this.sheets.requireSheet(m, owner, 'coeac', { lock: true });
      const released = await this.rollWithHarm(
        m,
        COEAC_RELEASE_PROCEDURE,
        { damage },
        this.casterEngine(owner, row, `magic:bound-release:${bound.spellId}`),
        input.seed ?? undefined,
        req,
        campaign.id,
        owner,
      );
      const { rolled, told } = released;
      const { blocked, damageTaken } = rolled.outcome;
      // No costs but the harm.
      const { rollId, entries, events } = await this.writeSpellCosts(m, who, campaign, owner, {
        effects: {
          characterId: owner.id,
          spell: bound.spellId,
          boundRollId: bound.rollId,
          blocked,
          damageTaken,
        },
        row,
        changes: [],
        rolled,
        told,
      });
      return {
        spellId: bound.spellId,
        use: 'block',
        blocked,
        damageTaken,
        bonusDice: 0,
        changes: entries,
        events,
        rollId,
      };
    });
  }

  /**
   * A spell catastrophe suffered by a stored caster (F5, 003:383–389; procedure
   * `magic.coeac.catastrophe.v2`): the Discipline save (Ob = `damage`) and the d6, then the entry's own
   * numbers from the sheet (Vigor and Discipline saves as 2 + rating). The wave's damage and a wild
   * cast's backlash go through the COEAC harm transition; result 1 draws on the campaign's mutation
   * table; result 5 casts, by lot, another spell the caster still holds (no Control: the catastrophe
   * casts it, our reading) and makes it live; a backlash loses that plasmid through the ledger.
   */
  catastrophe(
    who: Principal,
    characterId: string,
    input: CoeacCampaignCatastropheInput,
    req: ArbiterRequest,
  ): Promise<CoeacCampaignCatastropheResult> {
    assertMayActFor(who, characterId);
    if (input.secret && who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
    const channeled = input.spell ? asBadRequest(() => coeacSpell(input.spell, 'spell')) : null;
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaignRow(m, who.campaignId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      const row = await this.sheets.requireSheet(m, owner, 'coeac', { lock: true });
      const sheet = row.data;
      const saves = sheet.saves as Record<string, number>;
      const vigor = findRating(saves, 'Vigor');
      const discipline = findRating(saves, 'Discipline');
      if (input.damage && !discipline) {
        throw Problem.field(
          'UNPROCESSABLE',
          'damage',
          `${owner.name}'s sheet has no Discipline save to roll.`,
        );
      }
      const skills = sheet.skills as Record<string, number>;
      const resources = (sheet.classResources ?? {}) as Record<string, { current: number }>;
      const heldSpells = Object.entries(resources)
        .filter(([, r]) => (r?.current ?? 0) >= 1)
        .map(([name]) => findCoeacSpell(name))
        .filter((spell): spell is NonNullable<typeof spell> => !!spell && spell.id !== channeled?.id)
        .map((spell) => ({ spell: spell.id, skill: findRating(skills, spell.skill) }))
        .filter((h) => h.skill !== null)
        .map((h) => ({ spell: h.spell, pool: 2 + h.skill!.value }));
      const core = {
        ...{},
        ...(input.damage ? { damage: input.damage } : {}),
        ...(discipline ? { disciplinePool: 2 + discipline.value } : {}),
        ...(vigor ? { vigorPool: 2 + vigor.value } : {}),
        ...(heldSpells.length ? { heldSpells } : {}),
      };
      // The catastrophe and its harm (the wave, a wild cast's backlash) in one roll (issue 39).
      const { rolled, told } = await this.rollWithHarm(
        m,
        COEAC_CATASTROPHE_PROCEDURE,
        { catastrophe: core },
        this.casterEngine(owner, row, 'magic:catastrophe'),
        input.seed,
        req,
        campaign.id,
        owner,
      );
      const out = rolled.outcome.catastrophe;
      const c = out.consequences;
      const wild = c?.wildCast ?? null;
      const changes: Array<{ field: string; delta: number }> = [];
      const wildKey = wild ? classResourceKey(sheet, wild.spell) : null;
      if (wild?.channeling.backlash.plasmidLost && wildKey)
        changes.push({ field: `classResources.${wildKey}.current`, delta: -1 });
      const harm = (c?.waveDamage ?? 0) + (wild?.channeling.backlash.damage ?? 0);
      const { rollId, entries, events } = await this.writeSpellCosts(m, who, campaign, owner, {
        secret: input.secret ?? false,
        effects: { characterId: owner.id, spell: channeled?.id ?? null, changes, harm },
        row,
        changes,
        rolled,
        told,
      });
      let mutationDraw: TableDrawResult | null = null;
      let mutationNote: string | null = null;
      if (c?.mutation) {
        mutationNote = 'The caster mutates: the campaign names no mutation table, so the referee rolls it.';
        const drawn = await this.mutationDraw(m, who, campaign, input.secret, `${rolled.seed}#mutation`, req);
        mutationDraw = drawn.draw;
        mutationNote = drawn.note ?? mutationNote;
      }
      if (wild) {
        const live = {
          bound: false,
          potency: wild.channeling.potency,
          objective: wild.channeling.objective,
          rollId,
        };
        await this.keepLiveInstance(m, who.campaignId, owner.id, wild.spell, live);
      }
      return {
        ...{},
        ...out,
        characterId: owner.id,
        changes: entries,
        events,
        mutationNote,
        mutationDraw: mutationDraw && (!mutationDraw.secret || who.role === 'referee') ? mutationDraw : null,
        mutationRollId: mutationDraw?.rollId ?? null,
        wildCastInstanceRollId: wild ? rollId : null,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId,
      } as CoeacCampaignCatastropheResult;
    });
  }

  /** A counterspell against a channeling in the roll log: Control, Arcane Lore at Ob = Potency + 1. */
  counterspell(
    who: Principal,
    characterId: string,
    input: CoeacCampaignCounterspellInput,
    req: ArbiterRequest,
  ): Promise<CoeacCampaignCounterspellResult> {
    assertMayActFor(who, characterId);
    if (input.secret && who.role !== 'referee')
      throw new Problem('FORBIDDEN', 'Only the referee may make a roll secret.');
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const target = await m.findOne(RollEntity, { where: { id: input.rollId, campaignId: who.campaignId } });
      const visible = target && (who.role === 'referee' || !target.secret || target.revealedAt);
      const channeling = target && visible ? channelingOf(target) : null;
      if (!target || !channeling) {
        throw Problem.field(
          'UNPROCESSABLE',
          'rollId',
          `Roll ${input.rollId} is no COEAC channeling of this campaign.`,
        );
      }
      const targetOutcome = channeling;
      if (!targetOutcome.takesEffect) {
        throw Problem.field(
          'UNPROCESSABLE',
          'rollId',
          'A bound spell never takes effect; there is nothing to counter.',
        );
      }
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      const row = await this.sheets.requireSheet(m, owner, 'coeac', { lock: true });
      const sheet = row.data;
      assertCanAct(owner, sheet, 'counterspell');
      const skillName = input.skill ?? 'Arcane Lore';
      const skill = findRating(sheet.skills as Record<string, number>, skillName);
      if (!skill)
        throw Problem.field('UNPROCESSABLE', 'skill', `The sheet has no skill named "${skillName}".`);
      const control = this.control(sheet, owner, 1);
      // The test and a failure's damage in one roll (issue 39): the COEAC transition runs inside it.
      const { rolled, told } = await this.rollWithHarm(
        m,
        COEAC_COUNTERSPELL_PROCEDURE,
        { counterspell: { pool: 2 + skill.value, potency: targetOutcome.potency } },
        this.casterEngine(owner, row, 'magic:counterspell'),
        input.seed,
        req,
        campaign.id,
        owner,
      );
      const out: CounterspellOutcome = rolled.outcome.counterspell;
      const changes: Array<{ field: string; delta: number }> = [
        { field: `classResources.${control}.current`, delta: -1 },
      ];
      // A failed counterspell's damage is harm (003:201): taken in the roll, written by harm's writer.
      const { rollId, entries, events } = await this.writeSpellCosts(m, who, campaign, owner, {
        secret: input.secret ?? false,
        effects: { characterId: owner.id, targetRollId: target.id, skill: skill.name, changes },
        row,
        changes,
        rolled,
        told,
      });
      if (out.countered) await m.delete(CoeacSpellInstanceEntity, { rollId: target.id });
      return {
        characterId: owner.id,
        targetRollId: target.id,
        counterspell: out,
        changes: entries,
        events,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId,
      };
    });
  }

  /**
   * One day of the Affix Spell ritual (crafting downtime) as a COEAC channeling (procedure
   * `crafting.channeling.v3` with a COEAC sheet, its backlash's harm inside the roll; `…v2` without):
   * the day passes when Potency reaches the ritual's Ob. With a COEAC sheet,
   * the day spends a Control (when the sheet keeps Control), backlash damage and the mutation save
   * apply through the condition ledger, and the spell's class resource is lost for the day on a
   * backlash and on the final day. Without a sheet the outcome still says what the table owes.
   * `record` logs the roll (the caller's effects, with the harm's engine events) and returns it, inside
   * the caller's transaction.
   */
  async affixDay(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    characterId: string,
    day: { spell: string; objective: number; sorcerySkill: number; bonusDice: number; penaltyDice: number },
    seed: string | undefined,
    req: ArbiterRequest,
    record: (rolled: Rolled<ChannelingOutcome>, events: EngineEvent[]) => Promise<{ id: string }>,
    completes: (passed: boolean) => boolean,
  ): Promise<{
    outcome: ChannelingOutcome;
    rolled: Rolled<ChannelingOutcome>;
    rollId: string;
    changes: CoeacSheetChange[];
    /** The engine's events of the backlash's harm (crafting's answer may carry them). */
    events: EngineEvent[];
  }> {
    const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
    const row = await m.findOne(CharacterSheetEntity, { where: { ownerId: owner.id, system: 'coeac' } });
    const sheet = row ? (row.data as Sheet) : null;
    const known =
      findCoeacSpell(day.spell) ?? COEAC_SPELLS.find((s) => s.name.toLowerCase() === day.spell.toLowerCase());
    const controlKey = sheet ? classResourceKey(sheet, 'Control') : null;
    if (sheet && controlKey && classResourceCurrent(sheet, controlKey) < 1) {
      throw Problem.field('CONFLICT', 'characterId', `${owner.name} has no Control left.`);
    }
    const vigor = sheet ? findRating(sheet.saves as Record<string, number>, 'Vigor') : null;
    const input: ChannelingInput = {
      pool: 2 + day.sorcerySkill,
      objective: day.objective,
      ...(known && known.objective <= day.objective ? { spell: known.id } : {}),
      ...(day.bonusDice ? { bonusDice: day.bonusDice } : {}),
      ...(day.penaltyDice ? { penaltyDice: day.penaltyDice } : {}),
      ...(vigor ? { vigorPool: 2 + vigor.value } : {}),
    };
    // With a COEAC sheet, the backlash's harm runs inside the day's roll (`crafting.channeling.v3`);
    // without one nobody is harmed and the day logs `crafting.channeling.v2` as before.
    const withHarm = row
      ? await this.rollWithHarm(
          m,
          AFFIX_CHANNELING_V3,
          { channeling: input },
          this.casterEngine(owner, row, 'magic:affix-spell'),
          seed,
          req,
          campaign.id,
          owner,
        )
      : null;
    const rolled: Rolled<ChannelingOutcome & { harm?: SheetDamageOutcome | null }> =
      withHarm?.rolled ?? this.rolls.roll(AFFIX_CHANNELING_V2, input, seed, diceBudget(req));
    const told = withHarm?.told ?? null;
    const { harm: _harm, ...out } = rolled.outcome;
    // The harm's events go on the day's roll (`effects.events`): the log and the feed tell them.
    const roll = await record(rolled, told?.events ?? []);
    const changes: Array<{ field: string; delta: number }> = [];
    if (sheet) {
      if (controlKey) changes.push({ field: `classResources.${controlKey}.current`, delta: -1 });
      const spellKey = known
        ? classResourceKey(sheet, known.id, known.name)
        : classResourceKey(sheet, day.spell);
      const lost = out.backlash.happened || completes(!out.backlash.happened);
      if (spellKey && lost && classResourceCurrent(sheet, spellKey) > 0) {
        changes.push({ field: `classResources.${spellKey}.current`, delta: -1 });
      }
    }
    // The day's backlash is harm (003:201): taken in the day's roll, written by harm's writer. The
    // ledger reads the sheet again, locked. Without a sheet there is nothing to write.
    const { entries, events } = row
      ? await this.writeSpellCosts(m, who, campaign, owner, {
          rollId: roll.id,
          row,
          changes,
          readAgain: true,
          rolled,
          told,
        })
      : { entries: [], events: [] };
    return {
      outcome: out,
      rolled: rolled as Rolled<ChannelingOutcome>,
      rollId: roll.id,
      changes: entries,
      events,
    };
  }

  /**
   * A spell's costs on its stored caster, in one order for every route: its roll logged (unless the
   * route logged it: `rollId`), with the route's `effects` and then the harm the roll took (its state,
   * its changes and the engine's events); the class-resource changes through the condition ledger
   * (cause `roll`, naming the roll; no write when there are none); the harm taken inside the roll
   * through the harm transition's writer, on the sheet the ledger left.
   */
  private async writeSpellCosts(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    owner: SheetOwner,
    costs: SpellCosts & ({ rollId: string } | { secret?: boolean; effects: Record<string, unknown> }),
  ): Promise<SpellCostsWritten> {
    const { rolled, told } = costs;
    const harm = rolled.outcome.harm;
    const rollId =
      'rollId' in costs
        ? costs.rollId
        : (
            await this.rolls.record(m, who, rolled, {
              secret: costs.secret,
              effects: {
                ...{},
                ...costs.effects,
                ...(harm && told
                  ? { state: harm.state, harmChanges: harm.changes, events: told.events }
                  : {}),
              },
              campaign,
            })
          ).id;
    let row = costs.row;
    const entries: CoeacSheetChange[] = [];
    if (costs.changes.length > 0) {
      const written = await this.sheets.changeTracked(
        m,
        who,
        campaign,
        owner,
        'coeac',
        costs.changes,
        { cause: 'roll', procedure: rolled.procedure, rollId },
        { clamp: true, ...(costs.readAgain ? {} : { row }), ...(costs.base ? { base: costs.base } : {}) },
      );
      row = written.row;
      entries.push(...written.entries.map(toChange));
    }
    const harmed =
      harm && told
        ? casterHarmed(
            await this.harm.applyDamage(
              m,
              who,
              owner,
              { system: 'coeac', amount: harm.damage, source: told.source } as never,
              // The spell's answer carries no sheet: none is read back for it.
              {
                campaign,
                computed: {
                  row,
                  outcome: harm,
                  roll: loggedRoll(rolled, rollId),
                  derive: (data) => data,
                  state: told.state,
                  events: told.events,
                },
              },
            ),
          )
        : null;
    if (harmed) entries.push(...harmed.changes);
    return { rollId, row, entries, harmed, events: castEvents(who, owner.id, harmed?.events ?? []) };
  }

  /**
   * The engine's side of a spell's harm on a stored COEAC caster: the typed state of the sheet the
   * spell read (`row`, no read of its own) and the change's source.
   */
  private casterEngine(owner: SheetOwner, row: CharacterSheetEntity, source: string): CasterEngine {
    const who = { name: owner.name, id: owner.id, npc: owner.kind === 'npc' };
    return { state: sheetState(who, 'coeac', row.data, row.data, harmOf(row.data)), source };
  }

  /**
   * Rolls a spell whose harm on its caster runs inside its own roll (issue 39): the logged `harm` input
   * is the engine's own input for the caster's state (no loss yet), and the loss goes through
   * `applyChange` on that state; then again on the same seed with the items carried when the harm drew
   * Broken Gear (its lots come from them: read only then). `told`: the transition's state and events
   * for the roll's effects and the writer, null when the spell harmed no one.
   */
  private async rollWithHarm<
    I extends { harm: SheetDamageInput },
    O extends { harm: SheetDamageOutcome | null },
  >(
    m: EntityManager,
    procedure: CasterProcedure<I, O>,
    input: Omit<I, 'harm'>,
    engine: CasterEngine,
    seed: string | undefined,
    req: ArbiterRequest,
    campaignId: string,
    owner: SheetOwner,
  ): Promise<{ rolled: Rolled<O>; told: CasterTold | null }> {
    const harm = damageInput(engine.state, { kind: 'cast-cost', amount: 0 } as EngineChange);
    const live = procedure.live(engine);
    let rolled = this.rolls.roll(live, { ...{}, ...input, harm } as I, seed, diceBudget(req));
    // A second change in the same roll (a failed mastery's Down and Out check) draws on the same items.
    const check = (rolled.outcome as { downAndOut?: SheetDamageOutcome | null }).downAndOut ?? null;
    const lots =
      (rolled.outcome.harm
        ? await this.harm.brokenGearItems(m, campaignId, owner, rolled.outcome.harm)
        : null) ?? (check ? await this.harm.brokenGearItems(m, campaignId, owner, check) : null);
    if (lots)
      rolled = this.rolls.roll(
        live,
        { ...{}, ...input, harm: { ...{}, ...harm, items: lots } as SheetDamageInput } as I,
        rolled.seed,
      );
    const applied = rolled.outcome.harm ? engine.applied : null;
    return {
      rolled,
      told: applied ? { state: engine.state, events: applied.events, source: engine.source } : null,
    };
  }

  /** The campaign row, read with one plain statement (the guard has already found it). */
  private async campaignRow(m: EntityManager, campaignId: string): Promise<CampaignEntity> {
    const [campaign] = await Database.selectRows(m, CampaignEntity, { id: campaignId });
    return campaign ?? this.campaigns.campaign(m, campaignId);
  }

  /** The sheet's Control class resource with at least `need` left, or a problem naming why not. */
  private control(sheet: Sheet, owner: SheetOwner, need: number): string {
    const key = classResourceKey(sheet, 'Control');
    if (!key) {
      throw Problem.field(
        'UNPROCESSABLE',
        'characterId',
        `${owner.name}'s COEAC sheet has no Control class resource.`,
      );
    }
    if (classResourceCurrent(sheet, key) < need)
      throw Problem.field('CONFLICT', 'characterId', `${owner.name} has no Control left.`);
    return key;
  }

  // Settings

  async settingsOf(m: EntityManager, campaignId: string): Promise<MagicSettings> {
    const row = await m.findOne(MagicSettingsEntity, { where: { campaignId } });
    return { mutationTableId: row?.mutationTableId ?? null };
  }

  /** The campaign's magic settings (the referee's: they name a referee table). */
  settings(who: Principal): Promise<MagicSettings> {
    return this.settingsOf(this.db.manager, who.campaignId);
  }

  /** Replaces the settings; the table must be one of the campaign's (422 naming `mutationTableId`). */
  setSettings(who: Principal, input: MagicSettingsInput, req: ArbiterRequest): Promise<MagicSettings> {
    return this.db.mutation(req, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const tableId = input.mutationTableId ?? null;
      if (tableId !== null && (await this.tables.tableSnapshot(m, who.campaignId, tableId)) === null) {
        throw Problem.field('UNPROCESSABLE', 'mutationTableId', `No table ${tableId} in this campaign.`);
      }
      const values = { mutationTableId: tableId, updatedAt: now() };
      const existing = await m.findOne(MagicSettingsEntity, { where: { campaignId: who.campaignId } });
      if (existing) await Database.updateRow(m, MagicSettingsEntity, who.campaignId, values);
      else await Database.insertRow(m, MagicSettingsEntity, { campaignId: who.campaignId, ...values });
      return this.settingsOf(m, who.campaignId);
    });
  }

  /**
   * A failed mutation save draws on the campaign's mutation table, when the settings name one, as its
   * own roll in the cast's transaction (seeded from the cast's seed), sealed as the table is.
   */
  private async mutationDraw(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    secret: boolean | undefined,
    seed: string,
    req: ArbiterRequest,
  ): Promise<{ draw: TableDrawResult | null; note: string | null }> {
    const { mutationTableId } = await this.settingsOf(m, campaign.id);
    if (mutationTableId === null) return { draw: null, note: null };
    const snap = await this.tables.tableSnapshot(m, campaign.id, mutationTableId);
    if (snap === null) {
      return {
        draw: null,
        note: 'The caster mutates, but the campaign’s mutation table is gone: the referee rolls the mutation.',
      };
    }
    const draw = await this.tables.recordDraw(
      m,
      who,
      campaign,
      mutationTableId,
      snap,
      secret ? true : undefined,
      seed,
      diceBudget(req),
    );
    return {
      draw,
      note: draw.secret
        ? 'The caster mutates: the referee drew on the campaign’s mutation table (a sealed roll).'
        : 'The caster mutates: see the draw on the campaign’s mutation table.',
    };
  }

  private mutationNote(out: ChannelingOutcome): string | null {
    if (!out.mutationSave) return null;
    if (!out.mutationSave.rolled) {
      return 'Nothing succeeded: the caster owes an Ob 5 Vigor save against mutation (the sheet has no Vigor save).';
    }
    return out.mutationSave.mutation
      ? 'The caster mutates: roll on the campaign’s mutation table (the referee’s; the rules print none).'
      : null;
  }
}
