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
} from '../core/magic';
import { sheetDamage, type SheetDamageInput, type SheetDamageOutcome } from '../core/harm/campaign';
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
 * through the COEAC harm transition on the same dice, in one logged roll: bonus HP, HP, Down and Out
 * at 0. Casts logged before rolled `magic.coeac.channeling` and a second `harm.sheet-damage`; both
 * stay registered and replay.
 */
export const COEAC_CAST_PROCEDURE = {
  name: 'magic.coeac.cast.v1',
  run: (input: CoeacCastRollInput, dice: Dice) => {
    const channeling = COEAC_MAGIC_PROCEDURES.channeling.run(input.channeling, dice);
    const cost = input.ritualHp + (channeling.backlash.damage ?? 0);
    return {
      channeling,
      harm: cost > 0 ? sheetDamage({ ...{}, ...input.harm, damage: cost } as SheetDamageInput, dice) : null,
    };
  },
};

/** A loss of `amount` on the caster through the COEAC transition's core, on the roll's own dice (null for none). */
function casterLoss(harm: SheetDamageInput, amount: number, dice: Dice): SheetDamageOutcome | null {
  return amount > 0 ? sheetDamage({ ...{}, ...harm, damage: amount } as SheetDamageInput, dice) : null;
}

/** What a stored character's counterspell rolls (`magic.coeac.counterspell.v2`). */
export interface CoeacCounterspellRollInput {
  counterspell: CounterspellInput;
  /** The COEAC harm transition's input before the loss (as for a cast). */
  harm: SheetDamageInput;
}

/**
 * A stored character's counterspell (issue 39): the Arcane Lore test, then a failure's damage (the
 * margin) through the COEAC harm transition on the same dice, in one logged roll. Counterspells logged
 * before rolled `magic.coeac.counterspell` and a second `harm.sheet-damage`; both stay registered.
 */
export const COEAC_COUNTERSPELL_PROCEDURE = {
  name: 'magic.coeac.counterspell.v2',
  run: (input: CoeacCounterspellRollInput, dice: Dice) => {
    const counterspell = COEAC_MAGIC_PROCEDURES.counterspell.run(input.counterspell, dice);
    return { counterspell, harm: casterLoss(input.harm, counterspell.damage, dice) };
  },
};

/** What releasing a bound spell against a blow rolls (`magic.coeac.bound-release.v1`). */
export interface CoeacReleaseRollInput {
  /** The blow's damage; the binding stops 1 of it. */
  damage: number;
  harm: SheetDamageInput;
}

/**
 * A bound spell released to Block a blow (003: a binding stops 1 damage): what gets through goes to
 * the COEAC harm transition, in one logged roll. Releases logged before logged only the harm, as
 * `harm.sheet-damage` on the seed `<the binding's roll>/harm`, which stays registered.
 */
export const COEAC_RELEASE_PROCEDURE = {
  name: 'magic.coeac.bound-release.v1',
  run: (input: CoeacReleaseRollInput, dice: Dice) => {
    const blocked = Math.min(1, input.damage);
    const damageTaken = input.damage - blocked;
    return { blocked, damageTaken, harm: casterLoss(input.harm, damageTaken, dice) };
  },
};

/** What a day of Affix Spell rolls for a caster with a COEAC sheet (`crafting.channeling.v3`). */
export interface AffixChannelingRollInput {
  channeling: ChannelingInput;
  harm: SheetDamageInput;
}

/**
 * A day of the Affix Spell ritual by a caster with a COEAC sheet (issue 39): the channeling, then its
 * backlash damage through the COEAC harm transition on the same dice, one logged roll. The outcome is
 * the channeling's (as `crafting.channeling.v2` answers it, so crafting reads it unchanged) with the
 * harm beside it. A day without a COEAC sheet harms no one and still logs `crafting.channeling.v2`.
 */
export const AFFIX_CHANNELING_V3 = {
  name: 'crafting.channeling.v3',
  run: (
    input: AffixChannelingRollInput,
    dice: Dice,
  ): ChannelingOutcome & { harm: SheetDamageOutcome | null } => {
    const channeling = channel(input.channeling, dice);
    return { ...{}, ...channeling, harm: casterLoss(input.harm, channeling.backlash.damage ?? 0, dice) };
  },
};

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
      COEAC_CAST_PROCEDURE as never,
      COEAC_COUNTERSPELL_PROCEDURE as never,
      COEAC_RELEASE_PROCEDURE as never,
      AFFIX_CHANNELING_V3 as never,
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
