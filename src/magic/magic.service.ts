import { Injectable } from '@nestjs/common';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import { pageInMemory } from '../common/pagination';
import { Problem } from '../common/problem';
import {
  catastrophe,
  catastropheV2,
  channel,
  COEAC_FAMILIES,
  COEAC_FAMILY_TABLE,
  COEAC_SPELLS,
  counterspell,
  findCoeacSpell,
  randomSpell,
  searchCoeacSpells,
  spellMastery,
  type ChannelingInput,
  type ChannelingOutcome,
  type CoeacSpell,
  type CounterspellInput,
  type RandomSpellInput,
  type CatastropheV2Input,
  type CatastropheV2Outcome,
  type SpellMasteryInput,
  type SpellMasteryOutcome,
} from '../core/magic';
import { sheetDamage, type SheetDamageInput, type SheetDamageOutcome } from '../core/harm/campaign';
import {
  applyChange,
  coeacStateOfInput,
  stateAfterDamage,
  type DamageApplied,
  type EngineChange,
  type EngineState,
} from '../core/engine';
import type { Dice } from '../core/random';
import { ProcedureRegistry } from '../rolls/procedures';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import type { CoeacSpellQuery } from './magic.inputs';
import type { CoeacSpellInfo, CoeacSpellList } from './magic.results';

/** The COEAC magic procedures. The names are stored in the roll log: never rename. */
export const COEAC_MAGIC_PROCEDURES = {
  channeling: { name: 'magic.coeac.channeling', run: channel },
  counterspell: { name: 'magic.coeac.counterspell', run: counterspell },
  spellMastery: { name: 'magic.coeac.spell-mastery', run: spellMastery },
  catastrophe: { name: 'magic.coeac.catastrophe', run: catastrophe },
  /** v2: the answer gains `consequences` (the entry's own numbers rolled). v1 stays for replays. */
  catastropheV2: { name: 'magic.coeac.catastrophe.v2', run: catastropheV2 },
  randomSpell: {
    name: 'magic.coeac.random-spell',
    run: (input: RandomSpellInput, dice: Dice) => {
      const out = randomSpell(input, dice, COEAC_SPELLS, COEAC_FAMILIES);
      return { ...{}, ...out, spell: spellInfo(out.spell) };
    },
  },
};

export type CoeacMagicKind = keyof typeof COEAC_MAGIC_PROCEDURES;

/**
 * The engine's side of a spell whose harm runs inside its own roll (issue 39): the caster's typed
 * state and the change's source. Given, the roll's loss goes through `applyChange` on that state (the
 * live path) and `applied` keeps the transition's answer (state after, ledger changes, events) for the
 * one writer; absent (a replay from the log), the same core runs on the logged `harm` input. Both draw
 * the same dice and answer the same outcome: the logged `harm` is the engine's own input for the state.
 */
export interface CasterEngine {
  state: EngineState;
  source: string;
  applied?: DamageApplied<EngineState> | null;
  /**
   * A second change applied after the loss in the same roll (a failed Spell Mastery's Down and Out
   * check, `magic.coeac.spell-mastery.v3`): the state it read and the transition's answer.
   */
  check?: { from: EngineState; applied: DamageApplied<EngineState> } | null;
}

/** A loss of `amount` on the caster, on the roll's own dice (null for none): the engine's transition when live. */
function casterLoss(
  harm: SheetDamageInput,
  amount: number,
  dice: Dice,
  engine?: CasterEngine,
): SheetDamageOutcome | null {
  if (amount <= 0) return null;
  if (!engine) return sheetDamage({ ...{}, ...harm, damage: amount } as SheetDamageInput, dice);
  const change = {
    kind: 'cast-cost',
    amount,
    // Broken Gear's lots (the roll runs again with them when the table drew it).
    items: (harm as { items?: unknown[] }).items ?? [],
    source: engine.source,
  } as unknown as EngineChange;
  const applied = applyChange(engine.state, change, dice) as DamageApplied<EngineState>;
  engine.applied = applied;
  return applied.outcome;
}

/** A spell procedure run on its logged input (replays) or, live, through the engine on `engine`'s state. */
export interface CasterProcedure<I, O> {
  name: string;
  run: (input: I, dice: Dice) => O;
  /** The same procedure (same name, same outcome) whose loss goes through `applyChange` on `engine.state`. */
  live: (engine: CasterEngine) => { name: string; run: (input: I, dice: Dice) => O };
}

function casterProcedure<I, O>(
  name: string,
  run: (input: I, dice: Dice, engine?: CasterEngine) => O,
): CasterProcedure<I, O> {
  return {
    name,
    run: (input, dice) => run(input, dice),
    live: (engine) => ({ name, run: (input, dice) => run(input, dice, engine) }),
  };
}

/** What a stored character's cast rolls (`magic.coeac.cast.v1`): the channeling and what it costs. */
export interface CoeacCastRollInput {
  channeling: ChannelingInput;
  /** HP given to the ritual (harm, like backlash). */
  ritualHp: number;
  /** The COEAC harm transition's input before the cost (the sheet's HP, bonus HP, Block …). */
  harm: SheetDamageInput;
}

/**
 * A stored character's cast (issue 39): the channeling, then its HP cost (ritual HP and backlash)
 * through the COEAC transition (`applyChange`, a `cast-cost`) on the same dice, in one logged roll:
 * bonus HP, HP, Down and Out at 0. Casts logged before rolled `magic.coeac.channeling` and a second
 * `harm.sheet-damage`; both stay registered and replay.
 */
export const COEAC_CAST_PROCEDURE = casterProcedure(
  'magic.coeac.cast.v1',
  (input: CoeacCastRollInput, dice: Dice, engine?: CasterEngine) => {
    const channeling = COEAC_MAGIC_PROCEDURES.channeling.run(input.channeling, dice);
    const cost = input.ritualHp + (channeling.backlash.damage ?? 0);
    return { channeling, harm: casterLoss(input.harm, cost, dice, engine) };
  },
);

/** What a stored character's counterspell rolls (`magic.coeac.counterspell.v2`). */
export interface CoeacCounterspellRollInput {
  counterspell: CounterspellInput;
  /** The COEAC harm transition's input before the loss (as for a cast). */
  harm: SheetDamageInput;
}

/**
 * A stored character's counterspell (issue 39): the Arcane Lore test, then a failure's damage (the
 * margin) through the COEAC transition on the same dice, in one logged roll. Counterspells logged
 * before rolled `magic.coeac.counterspell` and a second `harm.sheet-damage`; both stay registered.
 */
export const COEAC_COUNTERSPELL_PROCEDURE = casterProcedure(
  'magic.coeac.counterspell.v2',
  (input: CoeacCounterspellRollInput, dice: Dice, engine?: CasterEngine) => {
    const counterspell = COEAC_MAGIC_PROCEDURES.counterspell.run(input.counterspell, dice);
    return { counterspell, harm: casterLoss(input.harm, counterspell.damage, dice, engine) };
  },
);

/** What releasing a bound spell against a blow rolls (`magic.coeac.bound-release.v1`). */
export interface CoeacReleaseRollInput {
  /** The blow's damage; the binding stops 1 of it. */
  damage: number;
  harm: SheetDamageInput;
}

/**
 * A bound spell released to Block a blow (003: a binding stops 1 damage): what gets through goes to
 * the COEAC transition, in one logged roll. Releases logged before logged only the harm, as
 * `harm.sheet-damage` on the seed `<the binding's roll>/harm`, which stays registered.
 */
export const COEAC_RELEASE_PROCEDURE = casterProcedure(
  'magic.coeac.bound-release.v1',
  (input: CoeacReleaseRollInput, dice: Dice, engine?: CasterEngine) => {
    const blocked = Math.min(1, input.damage);
    const damageTaken = input.damage - blocked;
    return { blocked, damageTaken, harm: casterLoss(input.harm, damageTaken, dice, engine) };
  },
);

/** What a day of Affix Spell rolls for a caster with a COEAC sheet (`crafting.channeling.v3`). */
export interface AffixChannelingRollInput {
  channeling: ChannelingInput;
  harm: SheetDamageInput;
}

/**
 * A day of the Affix Spell ritual by a caster with a COEAC sheet (issue 39): the channeling, then its
 * backlash damage through the COEAC transition on the same dice, one logged roll. The outcome is
 * the channeling's (as `crafting.channeling.v2` answers it, so crafting reads it unchanged) with the
 * harm beside it. A day without a COEAC sheet harms no one and still logs `crafting.channeling.v2`.
 */
export const AFFIX_CHANNELING_V3 = casterProcedure(
  'crafting.channeling.v3',
  (
    input: AffixChannelingRollInput,
    dice: Dice,
    engine?: CasterEngine,
  ): ChannelingOutcome & { harm: SheetDamageOutcome | null } => {
    const channeling = channel(input.channeling, dice);
    return {
      ...{},
      ...channeling,
      harm: casterLoss(input.harm, channeling.backlash.damage ?? 0, dice, engine),
    };
  },
);

/** What a stored character's Spell Mastery rolls (`magic.coeac.spell-mastery.v2` and `.v3`, the same input). */
export interface CoeacMasteryRollInput {
  mastery: SpellMasteryInput;
  harm: SheetDamageInput;
}

/**
 * A stored character's Spell Mastery (F12, issue 39): the blind cast and the mastery check, then the
 * blind cast's backlash through the COEAC transition on the same dice, one logged roll. Masteries
 * logged before rolled `magic.coeac.spell-mastery` and a second `harm.sheet-damage` (seed
 * `<seed>/harm`); both stay registered and replay.
 */
export const COEAC_MASTERY_PROCEDURE = casterProcedure(
  'magic.coeac.spell-mastery.v2',
  (
    input: CoeacMasteryRollInput,
    dice: Dice,
    engine?: CasterEngine,
  ): { mastery: SpellMasteryOutcome; harm: SheetDamageOutcome | null } => {
    const mastery = spellMastery(input.mastery, dice);
    return { mastery, harm: casterLoss(input.harm, mastery.blindCast.backlash.damage ?? 0, dice, engine) };
  },
);

/** What `magic.coeac.spell-mastery.v3` answers: v2's mastery and backlash, and a failure's Down and Out check. */
export interface CoeacMasteryV3Outcome {
  mastery: SpellMasteryOutcome;
  harm: SheetDamageOutcome | null;
  /** A failure's Down and Out check (HP unchanged, the table applied); null when the mastery passed. */
  downAndOut: SheetDamageOutcome | null;
}

/** The items a check after `harm` may draw: the logged ones less those the backlash's own lots broke. */
function itemsLeft(
  items: Array<{ name: string; artifact: boolean }>,
  harm: SheetDamageOutcome | null,
): Array<{ name: string; artifact: boolean }> {
  const lots = (
    harm?.detail.downAndOut as { lots?: Array<{ kind: string; name: string; broken: boolean | null }> }
  )?.lots;
  const broken = new Set(
    (lots ?? []).filter((l) => l.kind === 'item' && l.broken === true).map((l) => l.name),
  );
  return items.filter((i) => !broken.has(i.name));
}

/**
 * A stored character's Spell Mastery, whole (issue 39): v2's roll (the blind cast, the mastery check,
 * the backlash through the COEAC transition), then a failure's Down and Out check as a second change
 * through the same transition (`applyChange`, a `damage` of 0 with `downAndOutCheck`) on the state the
 * backlash left, drawing the next dice of the same seeded stream: one logged roll where v2 logged a
 * second `harm.sheet-damage` (seed `<seed>/down-and-out`). Live, the check runs on the engine's state
 * after the backlash; replayed from the log, on the COEAC state the logged `harm` input names
 * (`coeacStateOfInput`) after the logged backlash: the same input, the same dice, the same outcome.
 * Broken Gear's lots draw on the logged `harm.items`, less any the backlash broke. v1 and v2 stay
 * registered and replay.
 */
export const COEAC_MASTERY_V3_PROCEDURE = casterProcedure(
  'magic.coeac.spell-mastery.v3',
  (input: CoeacMasteryRollInput, dice: Dice, engine?: CasterEngine): CoeacMasteryV3Outcome => {
    const mastery = spellMastery(input.mastery, dice);
    const harm = casterLoss(input.harm, mastery.blindCast.backlash.damage ?? 0, dice, engine);
    if (engine) engine.check = null;
    if (!mastery.downAndOutCheck) return { mastery, harm, downAndOut: null };
    const before: EngineState = engine ? engine.state : coeacStateOfInput(input.harm);
    const from = harm ? (engine ? engine.applied!.state : stateAfterDamage(before, harm)) : before;
    const change = {
      kind: 'damage',
      amount: 0,
      block: null,
      medicine: null,
      items: itemsLeft(
        (input.harm as { items?: Array<{ name: string; artifact: boolean }> }).items ?? [],
        harm,
      ),
      downAndOutCheck: true,
      source: engine?.source ?? null,
    } as EngineChange;
    const applied = applyChange(from, change, dice) as DamageApplied<EngineState>;
    if (engine) engine.check = { from, applied };
    return { mastery, harm, downAndOut: applied.outcome };
  },
);

/** What a catastrophe suffered by a stored caster rolls (`magic.coeac.catastrophe.v3`). */
export interface CoeacCatastropheRollInput {
  catastrophe: CatastropheV2Input;
  harm: SheetDamageInput;
}

/**
 * A catastrophe suffered by a stored caster (F5, issue 39): `magic.coeac.catastrophe.v2`'s roll, then
 * the wave's damage and a wild cast's backlash (one loss) through the COEAC transition on the same
 * dice, one logged roll. Catastrophes logged before rolled `magic.coeac.catastrophe.v2` and a second
 * `harm.sheet-damage` (seed `<seed>/harm`); both stay registered and replay.
 */
export const COEAC_CATASTROPHE_PROCEDURE = casterProcedure(
  'magic.coeac.catastrophe.v3',
  (
    input: CoeacCatastropheRollInput,
    dice: Dice,
    engine?: CasterEngine,
  ): { catastrophe: CatastropheV2Outcome; harm: SheetDamageOutcome | null } => {
    const catastrophe = catastropheV2(input.catastrophe, dice);
    const c = catastrophe.consequences;
    const amount = (c?.waveDamage ?? 0) + (c?.wildCast?.channeling.backlash.damage ?? 0);
    return { catastrophe, harm: casterLoss(input.harm, amount, dice, engine) };
  },
);

type OutcomeOf<K extends CoeacMagicKind> = ReturnType<(typeof COEAC_MAGIC_PROCEDURES)[K]['run']>;

/** A catalogue spell as answered: every sub-roll field present (null where it does not apply). */
export function spellInfo(spell: CoeacSpell): CoeacSpellInfo {
  return {
    ...{},
    ...spell,
    saves: spell.saves.map((s) => ({ ...s })),
    subRolls: spell.subRolls.map((sub) => ({
      kind: sub.kind,
      id: sub.id,
      label: sub.label,
      sides: sub.kind === 'damage' ? 6 : sub.sides,
      chances: sub.kind === 'chance' ? sub.chances : null,
      inPotency: sub.kind === 'chance' ? sub.inPotency : null,
      entries: sub.kind === 'table' ? [...sub.entries] : null,
      dice: sub.kind === 'damage' ? sub.dice : null,
      dicePerPotency: sub.kind === 'damage' ? sub.dicePerPotency : null,
    })),
  };
}

/** What the COEAC magic controller and resolver both call. */
@Injectable()
export class MagicService {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
  ) {
    registry.register(
      ...(Object.values(COEAC_MAGIC_PROCEDURES) as never[]),
      ...[
        COEAC_CAST_PROCEDURE,
        COEAC_COUNTERSPELL_PROCEDURE,
        COEAC_RELEASE_PROCEDURE,
        AFFIX_CHANNELING_V3,
        COEAC_MASTERY_PROCEDURE,
        COEAC_MASTERY_V3_PROCEDURE,
        COEAC_CATASTROPHE_PROCEDURE,
      ].map((p) => ({ name: p.name, run: p.run }) as never),
    );
  }

  /** Rolls a stateless procedure: nothing is stored, the answer carries its seed and generator. */
  resolve<K extends CoeacMagicKind>(
    kind: K,
    input: { seed?: string | null } | null | undefined,
    req: ArbiterRequest,
  ): OutcomeOf<K> & { seed: string; rng: string; rollId: null } {
    const { seed, ...rest } = withoutNulls(input ?? {}) as { seed?: string };
    const procedure = COEAC_MAGIC_PROCEDURES[kind] as unknown as {
      name: string;
      run: (i: unknown, d: never) => OutcomeOf<K>;
    };
    const rolled = this.rolls.roll(procedure, rest, seed, diceBudget(req));
    return { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng, rollId: null };
  }

  spells(query: CoeacSpellQuery): CoeacSpellList {
    const spells = searchCoeacSpells(query ?? {}).map(spellInfo);
    const page = pageInMemory({ items: spells }, query ?? {});
    return {
      families: COEAC_FAMILY_TABLE.map((f) => ({ ...{}, ...f, favouredSkills: [...f.favouredSkills] })),
      count: spells.length,
      items: page.items,
      next: page.next,
      spells,
    };
  }

  spell(id: string): CoeacSpellInfo {
    const spell = findCoeacSpell(id);
    if (!spell) throw Problem.notFound(`COEAC spell ${id}`);
    return spellInfo(spell);
  }
}
