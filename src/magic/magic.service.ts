import { Injectable } from '@nestjs/common';
import { ArbiterRequest, diceBudget } from '../common/request-context';
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
  type CoeacSpell,
  type RandomSpellInput,
} from '../core/magic';
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
    registry.register(...(Object.values(COEAC_MAGIC_PROCEDURES) as never[]));
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
    return {
      families: COEAC_FAMILY_TABLE.map((f) => ({ ...{}, ...f, favouredSkills: [...f.favouredSkills] })),
      count: spells.length,
      spells,
    };
  }

  spell(id: string): CoeacSpellInfo {
    const spell = findCoeacSpell(id);
    if (!spell) throw Problem.notFound(`COEAC spell ${id}`);
    return spellInfo(spell);
  }
}
