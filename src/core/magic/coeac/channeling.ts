import { countPoolSuccesses } from '../../checks/pool-test';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../../checks/validate';
import { binomialPmf, poolSuccessProbability } from '../../odds';
import type { Dice } from '../../random';
import { coeacSpell, type CoeacDurationUnit, type CoeacSpell, type CoeacSubRoll } from './spells';

/*
 * COEAC channeling (seed 003, "Channeling Spells", "Binding Spells", "Sorcerous Implements"): spend one
 * Control, roll the sorcery skill; Potency = successes. Potency below the spell's Ob is backlash: the
 * spell still happens, the plasmid is lost until a long rest and the caster takes the margin of
 * failure as damage. Zero successes also call an Ob 5 Vigor save against a random mutation.
 */

/** The most bonus dice any one source may add (keeps every pool inside the dice limits). */
const MAX_SOURCE_DICE = 1000;
/** Ob of the save against mutation when a channeling scores nothing. */
export const MUTATION_SAVE_OBJECTIVE = 5;

export interface PoolRoll {
  dice: number;
  faces: number[];
  successes: number;
  objective: number;
  passed: boolean;
  margin: number;
  odds: { success: number };
}

/** A plain pool against an Ob, with its exact odds. */
export function rollPool(dice: Dice, count: number, objective: number, field: string): PoolRoll {
  const faces = dice.pool(count, 6, field);
  const successes = countPoolSuccesses(faces);
  return {
    dice: count,
    faces,
    successes,
    objective,
    passed: successes >= objective,
    margin: successes - objective,
    odds: { success: poolSuccessProbability(count, objective) },
  };
}

export interface ChannelingInput {
  /** The sorcery skill's pool (2 + rating). */
  pool: number;
  /** A catalogue spell by id. */
  spell?: string | null;
  /** The Ob when no spell is named (Fell Blast, a referee's spell), or a raised Ob (Affix Spell). */
  objective?: number | null;
  bonusDice?: number | null;
  penaltyDice?: number | null;
  /** Empower points spent (each +1d; all of a day's points at once). */
  empower?: number | null;
  /** Sorcerous materials or monster parts expended, in dice. */
  materialDice?: number | null;
  /** Arcane ceremony: +1d per HP self-inflicted and per Cash die sacrificed; takes a turn. */
  ritual?: { hp?: number | null; cash?: number | null } | null;
  /** Bind the energy instead of releasing it (takes a turn; the spell is lost for the day). */
  bind?: boolean | null;
  /** A wand with a Fell Blast: one more Control for the secondary effect on a hit. */
  wand?: boolean | null;
  /** Cast reversed through the spell's other skill (Celerity / Torpor). */
  reversed?: boolean | null;
  /** The caster's Vigor save pool: rolls the mutation save when nothing succeeds. */
  vigorPool?: number | null;
  /** Attacked while channeling: the channeling is the defence against this attack. */
  attack?: {
    successes: number;
    damage?: number | null;
    /**
     * A tie with the Potency costs the channeler 1 (003:137: every tie of an exchange costs everyone
     * in it a point), and the Discipline save at Ob 1 follows. The stored combat's
     * `combat.coeac-action.v2` sends it; absent, a tie holds the attack off (rolls logged before).
     */
    tieDamage?: boolean | null;
  } | null;
  /** The caster's Discipline save pool, for the save a damaging attack calls. */
  disciplinePool?: number | null;
}

export interface ChannelingOdds {
  /** P(Potency ≥ Ob). */
  noBacklash: number;
  /** P(zero successes): the mutation save is called. */
  zeroSuccesses: number;
  /** P(Potency = n) for every n with a chance above zero. */
  potency: Array<{ value: number; probability: number }>;
}

export interface SubRollOutcome {
  id: string;
  kind: CoeacSubRoll['kind'];
  label: string;
  /** The die rolled: its sides (chance and table) or 6 (damage dice). */
  sides: number;
  faces: number[];
  /** chance: did it happen; table: the entry; damage: the successes (= damage before any save). */
  happened: boolean | null;
  entry: string | null;
  damage: number | null;
  /** chance: P(happens); table: each entry's chance; damage: the expected damage. */
  probability: number;
}

export interface CatastropheOutcome {
  roll: number;
  id: string;
  effect: string;
}

export interface MutationSave {
  save: 'Vigor';
  objective: number;
  rolled: boolean;
  roll: PoolRoll | null;
  /** The caster mutates (roll on the referee's mutation table); null when not rolled. */
  mutation: boolean | null;
}

export interface ChannelingOutcome {
  spell: { id: string; name: string; skill: string; objective: number } | null;
  skill: string | null;
  objective: number;
  /** Control spent: 1, plus 1 for a wand's secondary effect. */
  controlSpent: number;
  /** What the time the channeling takes: a round, or a turn for a ritual or a binding. */
  takes: 'round' | 'turn';
  dice: number;
  diceFrom: Array<{ source: string; dice: number }>;
  faces: number[];
  potency: number;
  backlash: { happened: boolean; damage: number; plasmidLost: boolean };
  /** Called by zero successes; rolled when the caster's Vigor pool was sent. */
  mutationSave: MutationSave | null;
  /** A spell's own danger on zero successes (Banish, Plasmic Manipulation, Adrenaline Spike). */
  zeroSuccessRisk: string | null;
  /** The spell's effect happens in the world (not when bound). */
  takesEffect: boolean;
  duration: { unit: CoeacDurationUnit; amount: number | null };
  /** Ob of a target's save against the spell: the Potency. */
  saveObjective: number;
  ritual: { hp: number; cash: number; bonusDice: number } | null;
  bound: { blockDamage: number; bonusDice: number } | null;
  wand: { secondaryEffectOnHit: true } | null;
  /** The spell's per-spell rolls at this Potency (only for a spell that takes effect). */
  subRolls: SubRollOutcome[];
  defence: {
    attackerSuccesses: number;
    damageTaken: number;
    discipline: PoolRoll | null;
    catastrophe: CatastropheOutcome | null;
  } | null;
  odds: ChannelingOdds;
}

function nested(value: unknown, field: string): Record<string, unknown> | null {
  return value === undefined || value === null ? null : record(value, field);
}

/** The exact distribution of Potency for `dice` d6. */
export function potencyDistribution(dice: number): Array<{ value: number; probability: number }> {
  return binomialPmf(dice, 1 / 2)
    .map((probability, value) => ({ value, probability }))
    .filter((p) => p.probability > 0);
}

export function channelingOdds(dice: number, objective: number): ChannelingOdds {
  return {
    noBacklash: poolSuccessProbability(dice, objective),
    zeroSuccesses: dice === 0 ? 1 : Math.pow(2, -dice),
    potency: potencyDistribution(dice),
  };
}

/** The d6 spell catastrophe table, in our words. */
export const COEAC_CATASTROPHES: readonly { roll: number; id: string; effect: string }[] = [
  { roll: 1, id: 'mutation', effect: 'The caster mutates: roll on the mutation table.' },
  {
    roll: 2,
    id: 'blood-sickness',
    effect: 'Everyone close by, caster included, vomits blood unless they pass an Ob 4 Vigor save.',
  },
  {
    roll: 3,
    id: 'psychic-wave',
    effect:
      'A psychic wave deals 6d damage to everyone close by, caster included (Ob 4 Discipline save for half).',
  },
  {
    roll: 4,
    id: 'reversal',
    effect: 'The spell picks the wrong target: a harmful spell strikes the caster, a helpful one aids a foe.',
  },
  {
    roll: 5,
    id: 'wild-cast',
    effect: 'Another spell the caster holds goes off at a random target close by.',
  },
  { roll: 6, id: 'rift', effect: 'The world splits open and a being from another dimension steps through.' },
];

export function rollCatastrophe(dice: Dice): CatastropheOutcome {
  const roll = dice.die(6);
  return { ...COEAC_CATASTROPHES[roll - 1] };
}

function durationOf(
  spell: CoeacSpell | null,
  potency: number,
): { unit: CoeacDurationUnit; amount: number | null } {
  const unit = spell?.duration ?? 'turn';
  return { unit, amount: unit === 'instant' || unit === 'special' ? null : potency };
}

/** Rolls a spell's own sub-rolls at a Potency. */
export function rollSubRolls(spell: CoeacSpell, potency: number, dice: Dice): SubRollOutcome[] {
  return spell.subRolls.map((sub): SubRollOutcome => {
    if (sub.kind === 'chance') {
      const chances = Math.min(sub.sides, sub.inPotency ? potency : sub.chances);
      const face = dice.die(sub.sides);
      return {
        id: sub.id,
        kind: sub.kind,
        label: sub.label,
        sides: sub.sides,
        faces: [face],
        happened: face <= chances,
        entry: null,
        damage: null,
        probability: chances / sub.sides,
      };
    }
    if (sub.kind === 'table') {
      const face = dice.die(sub.sides);
      return {
        id: sub.id,
        kind: sub.kind,
        label: sub.label,
        sides: sub.sides,
        faces: [face],
        happened: null,
        entry: sub.entries[face - 1],
        damage: null,
        probability: 1 / sub.sides,
      };
    }
    const count = sub.dice + sub.dicePerPotency * potency;
    const faces = dice.pool(count, 6, 'spell');
    return {
      id: sub.id,
      kind: sub.kind,
      label: sub.label,
      sides: 6,
      faces,
      happened: null,
      entry: null,
      damage: countPoolSuccesses(faces),
      probability: count / 2,
    };
  });
}

/** The channeling. Validates everything before a die is rolled. */
export function channel(input: ChannelingInput, dice: Dice): ChannelingOutcome {
  const body = record(input, 'input');
  const pool = wholeNumber(body.pool, 'pool', 0, MAX_SOURCE_DICE);
  const spell = body.spell === undefined || body.spell === null ? null : coeacSpell(body.spell, 'spell');
  const explicit = optionalWholeNumber(body.objective, 'objective', -1, 0, 20);
  if (!spell && explicit < 0) throw invalid('Send `spell` (a catalogue id) or `objective`.', 'objective');
  if (spell && explicit >= 0 && explicit < spell.objective) {
    throw invalid(
      `\`objective\` may raise ${spell.name}'s Ob ${spell.objective}, never lower it.`,
      'objective',
    );
  }
  const objective = explicit >= 0 ? explicit : spell!.objective;
  const bonus = optionalWholeNumber(body.bonusDice, 'bonusDice', 0, 0, MAX_SOURCE_DICE);
  const penalty = optionalWholeNumber(body.penaltyDice, 'penaltyDice', 0, 0, MAX_SOURCE_DICE);
  const empower = optionalWholeNumber(body.empower, 'empower', 0, 0, MAX_SOURCE_DICE);
  const materials = optionalWholeNumber(body.materialDice, 'materialDice', 0, 0, MAX_SOURCE_DICE);
  const ritualIn = nested(body.ritual, 'ritual');
  const ritual = ritualIn
    ? {
        hp: optionalWholeNumber(ritualIn.hp, 'ritual.hp', 0, 0, MAX_SOURCE_DICE),
        cash: optionalWholeNumber(ritualIn.cash, 'ritual.cash', 0, 0, MAX_SOURCE_DICE),
      }
    : null;
  const bind = optionalFlag(body.bind, 'bind');
  const wand = optionalFlag(body.wand, 'wand');
  const reversed = optionalFlag(body.reversed, 'reversed');
  if (reversed && !spell?.reverseSkill)
    throw invalid('Only a reversible spell can be cast reversed.', 'reversed');
  const vigorPool =
    body.vigorPool === undefined || body.vigorPool === null
      ? null
      : wholeNumber(body.vigorPool, 'vigorPool', 0, MAX_SOURCE_DICE);
  const attackIn = nested(body.attack, 'attack');
  const attack = attackIn
    ? {
        successes: wholeNumber(attackIn.successes, 'attack.successes', 0, MAX_SOURCE_DICE),
        damage:
          attackIn.damage === undefined || attackIn.damage === null
            ? null
            : wholeNumber(attackIn.damage, 'attack.damage', 0, 100_000),
        tieDamage: attackIn.tieDamage === true,
      }
    : null;
  const disciplinePool =
    body.disciplinePool === undefined || body.disciplinePool === null
      ? null
      : wholeNumber(body.disciplinePool, 'disciplinePool', 0, MAX_SOURCE_DICE);
  if (attack && bind)
    throw invalid('A binding takes a turn of calm; it cannot be a combat defence.', 'attack');

  const diceFrom = [
    { source: 'pool', dice: pool },
    { source: 'bonusDice', dice: bonus },
    { source: 'empower', dice: empower },
    { source: 'materialDice', dice: materials },
    ...(ritual
      ? [
          { source: 'ritual.hp', dice: ritual.hp },
          { source: 'ritual.cash', dice: ritual.cash },
        ]
      : []),
    { source: 'penaltyDice', dice: -penalty },
  ].filter((d) => d.dice !== 0);
  const count = Math.max(
    0,
    diceFrom.reduce((sum, d) => sum + d.dice, 0),
  );
  const faces = dice.pool(count, 6, 'pool');
  const potency = countPoolSuccesses(faces);
  const backlash = potency < objective;
  const zero = potency === 0;

  let mutationSave: MutationSave | null = null;
  if (zero) {
    const roll = vigorPool === null ? null : rollPool(dice, vigorPool, MUTATION_SAVE_OBJECTIVE, 'vigorPool');
    mutationSave = {
      save: 'Vigor',
      objective: MUTATION_SAVE_OBJECTIVE,
      rolled: roll !== null,
      roll,
      mutation: roll === null ? null : !roll.passed,
    };
  }
  const takesEffect = !bind;
  const subRolls = spell && takesEffect ? rollSubRolls(spell, potency, dice) : [];

  let defence: ChannelingOutcome['defence'] = null;
  if (attack) {
    const margin = Math.max(0, attack.successes - potency);
    const tie = attack.tieDamage && attack.successes === potency;
    const damageTaken = tie ? 1 : margin === 0 ? 0 : (attack.damage ?? margin);
    let discipline: PoolRoll | null = null;
    let catastrophe: CatastropheOutcome | null = null;
    if (damageTaken > 0 && disciplinePool !== null) {
      discipline = rollPool(dice, disciplinePool, damageTaken, 'disciplinePool');
      if (!discipline.passed) catastrophe = rollCatastrophe(dice);
    }
    defence = { attackerSuccesses: attack.successes, damageTaken, discipline, catastrophe };
  }

  return {
    spell: spell ? { id: spell.id, name: spell.name, skill: spell.skill, objective: spell.objective } : null,
    skill: spell ? (reversed ? spell.reverseSkill : spell.skill) : null,
    objective,
    controlSpent: 1 + (wand ? 1 : 0),
    takes: ritual || bind ? 'turn' : 'round',
    dice: count,
    diceFrom,
    faces: [...faces],
    potency,
    backlash: {
      happened: backlash,
      damage: backlash ? objective - potency : 0,
      plasmidLost: backlash || bind,
    },
    mutationSave,
    zeroSuccessRisk: zero && spell ? spell.zeroSuccessRisk : null,
    takesEffect,
    duration: durationOf(spell, potency),
    saveObjective: potency,
    ritual: ritual ? { ...{}, ...ritual, bonusDice: ritual.hp + ritual.cash } : null,
    bound: bind ? { blockDamage: 1, bonusDice: objective } : null,
    wand: wand ? { secondaryEffectOnHit: true } : null,
    subRolls,
    defence,
    odds: channelingOdds(count, objective),
  };
}

// ---------------------------------------------------------------------------------------------

export interface CounterspellInput {
  /** The Arcane Lore pool. */
  pool: number;
  /** The Potency of the spell being countered. */
  potency: number;
  bonusDice?: number | null;
  penaltyDice?: number | null;
}

export interface CounterspellOutcome {
  controlSpent: 1;
  objective: number;
  roll: PoolRoll;
  /** The spell does not take effect. */
  countered: boolean;
  /** Damage to the counterspeller: the margin of failure. */
  damage: number;
}

/** Counterspell: one Control, Arcane Lore at Ob = Potency + 1; a failure costs the margin as damage. */
export function counterspell(input: CounterspellInput, dice: Dice): CounterspellOutcome {
  const body = record(input, 'input');
  const pool = wholeNumber(body.pool, 'pool', 0, MAX_SOURCE_DICE);
  const potency = wholeNumber(body.potency, 'potency', 0, MAX_SOURCE_DICE);
  const bonus = optionalWholeNumber(body.bonusDice, 'bonusDice', 0, 0, MAX_SOURCE_DICE);
  const penalty = optionalWholeNumber(body.penaltyDice, 'penaltyDice', 0, 0, MAX_SOURCE_DICE);
  const objective = potency + 1;
  const roll = rollPool(dice, Math.max(0, pool + bonus - penalty), objective, 'pool');
  return { controlSpent: 1, objective, roll, countered: roll.passed, damage: roll.passed ? 0 : -roll.margin };
}

// ---------------------------------------------------------------------------------------------

export interface SpellMasteryInput {
  /** The pool of the spell's sorcery skill. */
  pool: number;
  spell?: string | null;
  /** The wild plasmid's Ob when it is not a catalogue spell. */
  objective?: number | null;
  bonusDice?: number | null;
  vigorPool?: number | null;
}

export interface SpellMasteryOutcome {
  /** The blind cast: a channeling like any other, backlash and all. */
  blindCast: ChannelingOutcome;
  mastery: PoolRoll;
  learned: boolean;
  /** A failure bars the spell from this caster for ever. */
  barredForever: boolean;
  /** A failure also calls a Down and Out check. */
  downAndOutCheck: boolean;
}

/**
 * Spell Mastery of a wild plasmid: the blind cast (a normal channeling), then a second roll of the
 * same skill at the spell's Ob + 1. Pass: learned; fail: never learnable and a Down and Out check.
 */
export function spellMastery(input: SpellMasteryInput, dice: Dice): SpellMasteryOutcome {
  const body = record(input, 'input');
  const blindCast = channel(
    {
      pool: body.pool as number,
      spell: body.spell as string | null | undefined,
      objective: body.objective as number | null | undefined,
      bonusDice: body.bonusDice as number | null | undefined,
      vigorPool: body.vigorPool as number | null | undefined,
    },
    dice,
  );
  const bonus = optionalWholeNumber(body.bonusDice, 'bonusDice', 0, 0, MAX_SOURCE_DICE);
  const mastery = rollPool(dice, (body.pool as number) + bonus, blindCast.objective + 1, 'pool');
  return {
    blindCast,
    mastery,
    learned: mastery.passed,
    barredForever: !mastery.passed,
    downAndOutCheck: !mastery.passed,
  };
}

// ---------------------------------------------------------------------------------------------

export interface CatastropheInput {
  /** Damage taken while channeling: the Ob of the Discipline save. Leave out to roll the d6 directly. */
  damage?: number | null;
  disciplinePool?: number | null;
}

export interface CatastropheRollOutcome {
  discipline: PoolRoll | null;
  happened: boolean;
  catastrophe: CatastropheOutcome | null;
  odds: { catastrophe: number; eachResult: number };
}

/**
 * A spell catastrophe: with `damage` and `disciplinePool`, the Discipline save (Ob = damage) first and
 * the d6 only when it fails; with neither, the d6 alone.
 */
export function catastrophe(input: CatastropheInput, dice: Dice): CatastropheRollOutcome {
  const body = record(input ?? {}, 'input');
  const hasDamage = body.damage !== undefined && body.damage !== null;
  const hasPool = body.disciplinePool !== undefined && body.disciplinePool !== null;
  if (hasDamage !== hasPool) {
    throw invalid(
      'Send `damage` and `disciplinePool` together, or neither.',
      hasDamage ? 'disciplinePool' : 'damage',
    );
  }
  if (!hasDamage) {
    return {
      discipline: null,
      happened: true,
      catastrophe: rollCatastrophe(dice),
      odds: { catastrophe: 1, eachResult: 1 / 6 },
    };
  }
  const damage = wholeNumber(body.damage, 'damage', 1, 100_000);
  const pool = wholeNumber(body.disciplinePool, 'disciplinePool', 0, MAX_SOURCE_DICE);
  const discipline = rollPool(dice, pool, damage, 'disciplinePool');
  const happened = !discipline.passed;
  const fail = 1 - discipline.odds.success;
  return {
    discipline,
    happened,
    catastrophe: happened ? rollCatastrophe(dice) : null,
    odds: { catastrophe: fail, eachResult: fail / 6 },
  };
}

// ---------------------------------------------------------------------------------------------

/** Ob of the Vigor save of catastrophe 2 and of the Discipline save of catastrophe 3 (003:386–387). */
export const CATASTROPHE_SAVE_OBJECTIVE = 4;
/** The psychic wave's dice (003:387), halved (rounded up) before rolling on a passed save. */
export const PSYCHIC_WAVE_DICE = 6;

export interface HeldSpell {
  /** A catalogue spell id the caster controls. */
  spell: string;
  /** The pool of that spell's sorcery skill. */
  pool: number;
}

export interface CatastropheV2Input extends CatastropheInput {
  /** The caster's Vigor pool: the Ob 4 save against vomiting blood (result 2). */
  vigorPool?: number | null;
  /** The other spells the caster controls: result 5 casts one of them, by lot, at a random target. */
  heldSpells?: HeldSpell[] | null;
}

export interface CatastropheConsequences {
  /** Result 1: the caster mutates (the draw is on the campaign's mutation table; the rules print none). */
  mutation: boolean;
  /** Result 2: the caster's Ob 4 Vigor save, when `vigorPool` was sent. */
  vigorSave: PoolRoll | null;
  /** Result 2: the caster vomits blood (null when the save was not rolled). */
  vomitingBlood: boolean | null;
  /** Result 3: the caster's Ob 4 Discipline save for half, when `disciplinePool` was sent. */
  waveSave: PoolRoll | null;
  /** Result 3: the damage dice rolled (6, or 3 after a passed save). */
  waveDice: number | null;
  waveFaces: number[] | null;
  /** Result 3: the damage the caster takes (successes on the wave dice). */
  waveDamage: number | null;
  /** Result 5: the spell drawn by lot among `heldSpells` and its channeling. */
  wildCast: { spell: string; lot: number; of: number; channeling: ChannelingOutcome } | null;
  /** What the referee still settles: those nearby, result 4's target, result 6's being. */
  note: string;
}

export interface CatastropheV2Outcome extends CatastropheRollOutcome {
  consequences: CatastropheConsequences | null;
}

const CATASTROPHE_NOTES: Record<number, string> = {
  1: 'The caster mutates.',
  2: 'Everyone else close by makes the same Ob 4 Vigor save (their sheet or NPC check).',
  3: 'Everyone else close by takes 6d too: an Ob 4 Discipline save first halves the dice.',
  4: 'The referee turns the spell on the wrong target.',
  5: 'The referee picks the random target of the wild cast.',
  6: 'The referee brings the being through.',
};

function heldSpellsOf(value: unknown): HeldSpell[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid('Must be a list.', 'heldSpells');
  if (value.length > 100) throw invalid('At most 100 spells.', 'heldSpells');
  return value.map((entry, i) => {
    const body = record(entry, `heldSpells[${i}]`);
    const spell = coeacSpell(body.spell, `heldSpells[${i}].spell`);
    return { spell: spell.id, pool: wholeNumber(body.pool, `heldSpells[${i}].pool`, 0, MAX_SOURCE_DICE) };
  });
}

/**
 * A spell catastrophe with its own numbers rolled for the caster (v2): result 1 flags the mutation,
 * 2 rolls the Ob 4 Vigor save, 3 the Ob 4 Discipline save and then 6d (3d after a pass), 5 draws one
 * of the other held spells by lot and channels it. The trigger save and the d6 are as in v1, except
 * that `disciplinePool` without `damage` is allowed (the d6 alone; the pool serves result 3).
 */
export function catastropheV2(input: CatastropheV2Input, dice: Dice): CatastropheV2Outcome {
  const body = record(input ?? {}, 'input');
  const vigorPool =
    body.vigorPool === undefined || body.vigorPool === null
      ? null
      : wholeNumber(body.vigorPool, 'vigorPool', 0, MAX_SOURCE_DICE);
  const held = heldSpellsOf(body.heldSpells);
  // The trigger save needs the damage; a Discipline pool alone is kept for result 3's save.
  const hasDamage = body.damage !== undefined && body.damage !== null;
  const base = catastrophe(
    hasDamage ? { damage: body.damage as number, disciplinePool: body.disciplinePool as number } : {},
    dice,
  );
  if (!base.catastrophe) return { ...{}, ...base, consequences: null };
  const roll = base.catastrophe.roll;
  const disciplinePool =
    body.disciplinePool === undefined || body.disciplinePool === null
      ? null
      : wholeNumber(body.disciplinePool, 'disciplinePool', 0, MAX_SOURCE_DICE);
  const consequences: CatastropheConsequences = {
    mutation: roll === 1,
    vigorSave: null,
    vomitingBlood: null,
    waveSave: null,
    waveDice: null,
    waveFaces: null,
    waveDamage: null,
    wildCast: null,
    note: CATASTROPHE_NOTES[roll],
  };
  if (roll === 2 && vigorPool !== null) {
    consequences.vigorSave = rollPool(dice, vigorPool, CATASTROPHE_SAVE_OBJECTIVE, 'vigorPool');
    consequences.vomitingBlood = !consequences.vigorSave.passed;
  }
  if (roll === 3) {
    if (disciplinePool !== null)
      consequences.waveSave = rollPool(dice, disciplinePool, CATASTROPHE_SAVE_OBJECTIVE, 'disciplinePool');
    const count = consequences.waveSave?.passed ? Math.ceil(PSYCHIC_WAVE_DICE / 2) : PSYCHIC_WAVE_DICE;
    const faces = dice.pool(count, 6, 'psychicWave');
    consequences.waveDice = count;
    consequences.waveFaces = faces;
    consequences.waveDamage = countPoolSuccesses(faces);
  }
  if (roll === 5 && held.length > 0) {
    const lot = dice.die(held.length);
    const pick = held[lot - 1];
    consequences.wildCast = {
      spell: pick.spell,
      lot,
      of: held.length,
      channeling: channel({ pool: pick.pool, spell: pick.spell }, dice),
    };
  }
  if (roll === 5 && held.length === 0)
    consequences.note = 'The caster holds no other spell (send heldSpells): nothing goes off.';
  return { ...{}, ...base, consequences };
}

// ---------------------------------------------------------------------------------------------

export interface RandomSpellInput {
  family?: string | null;
}

export interface RandomSpellOutcome {
  familyRoll: number | null;
  spellRoll: number;
  spell: CoeacSpell;
  odds: { thisSpell: number };
}

/** A random spell: d8 for the family (unless named), d10 for the spell. */
export function randomSpell(
  input: RandomSpellInput,
  dice: Dice,
  spells: readonly CoeacSpell[],
  familyIds: readonly string[],
): RandomSpellOutcome {
  const body = record(input ?? {}, 'input');
  let family: string;
  let familyRoll: number | null = null;
  if (body.family === undefined || body.family === null) {
    familyRoll = dice.die(familyIds.length);
    family = familyIds[familyRoll - 1];
  } else {
    if (typeof body.family !== 'string' || !familyIds.includes(body.family)) {
      throw invalid(`\`family\` is one of: ${familyIds.join(', ')}.`, 'family');
    }
    family = body.family;
  }
  const list = spells.filter((s) => s.family === family);
  const spellRoll = dice.die(list.length);
  return {
    familyRoll,
    spellRoll,
    spell: list[spellRoll - 1],
    odds: { thisSpell: (familyRoll === null ? 1 : 1 / familyIds.length) / list.length },
  };
}
