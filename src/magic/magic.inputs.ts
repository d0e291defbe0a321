import { ArgsType, InputType, registerEnumType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { PageQuery } from '../common/pagination';
import { dashedEnumType, In } from '../common/schema';
import { COEAC_FAMILIES, COEAC_SORCERY_SKILLS } from '../core/magic';

/*
 * One input class per COEAC magic operation: its GraphQL input, its OpenAPI body and its validation.
 * The core validates again and names the field of anything the shapes let through.
 */

const MAX_DICE = 1000;

export const CoeacFamilyEnum = dashedEnumType(
  'CoeacSpellFamily',
  COEAC_FAMILIES,
  'A COEAC spell family (the d8).',
);

export const CoeacSkillEnum = Object.fromEntries(COEAC_SORCERY_SKILLS.map((s) => [s, s])) as Record<
  string,
  string
>;
registerEnumType(CoeacSkillEnum, { name: 'CoeacSorcerySkill', description: 'A COEAC sorcery skill.' });

@InputType({ description: 'An arcane ceremony: +1d per HP self-inflicted and per Cash die sacrificed.' })
export class CoeacRitualInput {
  @In.int('HP of damage the caster inflicts on themself (+1d each).', {
    optional: true,
    min: 0,
    max: MAX_DICE,
  })
  hp?: number;

  @In.int('Cash dice (or a Cash die’s worth of goods) sacrificed (+1d each).', {
    optional: true,
    min: 0,
    max: MAX_DICE,
  })
  cash?: number;
}

@InputType({ description: 'An attack made on the caster during the round of the channeling.' })
export class CoeacAttackInput {
  @In.int('The attacker’s successes; the channeling is the defence against them.', { min: 0, max: MAX_DICE })
  successes: number;

  @In.int('Damage the attack deals if it wins; the attacker’s margin when left out.', {
    optional: true,
    min: 0,
    max: 100_000,
  })
  damage?: number;
}

@InputType({ description: 'A COEAC channeling: one Control, the sorcery skill’s pool, Potency = successes.' })
export class CoeacChannelingInput {
  @In.int('The sorcery skill’s pool (2 + rating).', { min: 0, max: MAX_DICE, example: 5 })
  pool: number;

  @In.string('A catalogue spell id (GET /v1/magic/coeac/spells), e.g. "disintegrate".', {
    optional: true,
    maxLength: 60,
    example: 'disintegrate',
  })
  spell?: string;

  @In.int(
    'The channeling Ob when no spell is named (Fell Blast, a referee’s spell), or a raised Ob for a named spell (never below its own).',
    { optional: true, min: 0, max: 20 },
  )
  objective?: number;

  @In.int('+1d per substantial advantage.', { optional: true, min: 0, max: MAX_DICE })
  bonusDice?: number;

  @In.int('−1d per substantial disadvantage.', { optional: true, min: 0, max: MAX_DICE })
  penaltyDice?: number;

  @In.int('Empower points spent (+1d each).', { optional: true, min: 0, max: MAX_DICE })
  empower?: number;

  @In.int('Sorcerous materials or monster parts expended, in dice.', {
    optional: true,
    min: 0,
    max: MAX_DICE,
  })
  materialDice?: number;

  @In.nested('Cast as an arcane ceremony (takes a turn).', () => CoeacRitualInput, { optional: true })
  ritual?: CoeacRitualInput;

  @In.bool('Bind the energy instead of releasing it: no effect in the world, the spell lost for the day.', {
    optional: true,
  })
  bind?: boolean;

  @In.bool('A wand and Fell Blast: one more Control for the secondary effect on a hit.', { optional: true })
  wand?: boolean;

  @In.bool('Cast a reversible spell reversed (Celerity / Torpor through Ruin).', { optional: true })
  reversed?: boolean;

  @In.int('The caster’s Vigor pool: rolls the Ob 5 mutation save when nothing succeeds.', {
    optional: true,
    min: 0,
    max: MAX_DICE,
  })
  vigorPool?: number;

  @In.nested('Attacked while channeling: the channeling defends.', () => CoeacAttackInput, { optional: true })
  attack?: CoeacAttackInput;

  @In.int('The caster’s Discipline pool: the save (Ob = damage) against a catastrophe when hurt.', {
    optional: true,
    min: 0,
    max: MAX_DICE,
  })
  disciplinePool?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A counterspell: one Control, Arcane Lore at Ob = Potency + 1.' })
export class CoeacCounterspellInput {
  @In.int('The Arcane Lore pool (2 + rating).', { min: 0, max: MAX_DICE, example: 5 })
  pool: number;

  @In.int('The Potency of the spell being countered.', { min: 0, max: MAX_DICE, example: 2 })
  potency: number;

  @In.int('+1d per substantial advantage.', { optional: true, min: 0, max: MAX_DICE })
  bonusDice?: number;

  @In.int('−1d per substantial disadvantage.', { optional: true, min: 0, max: MAX_DICE })
  penaltyDice?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Spell Mastery of a wild plasmid: the blind cast, then the skill at Ob + 1.' })
export class CoeacSpellMasteryInput {
  @In.int('The pool of the spell’s sorcery skill.', { min: 0, max: MAX_DICE, example: 6 })
  pool: number;

  @In.string('A catalogue spell id.', { optional: true, maxLength: 60, example: 'banish' })
  spell?: string;

  @In.int('The wild plasmid’s Ob when it is not in the catalogue.', { optional: true, min: 0, max: 20 })
  objective?: number;

  @In.int('+1d on both rolls.', { optional: true, min: 0, max: MAX_DICE })
  bonusDice?: number;

  @In.int('The caster’s Vigor pool, for the blind cast’s mutation save.', {
    optional: true,
    min: 0,
    max: MAX_DICE,
  })
  vigorPool?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A spell the caster controls, for catastrophe 5.' })
export class CoeacHeldSpellInput {
  @In.string('A catalogue spell id.', { maxLength: 60, example: 'fog-cloud' })
  spell: string;

  @In.int('The pool of its sorcery skill.', { min: 0, max: MAX_DICE, example: 4 })
  pool: number;
}

@InputType({
  description:
    'A spell catastrophe: the Discipline save against the damage taken, the d6, then the result’s own numbers for the caster.',
})
export class CoeacCatastropheInput {
  @In.int(
    'Damage taken while channeling: the save’s Ob (send disciplinePool with it). Leave out to roll the d6 alone.',
    {
      optional: true,
      min: 1,
      max: 100_000,
    },
  )
  damage?: number;

  @In.int('The caster’s Discipline pool.', { optional: true, min: 0, max: MAX_DICE })
  disciplinePool?: number;

  @In.int('The caster’s Vigor pool: result 2’s Ob 4 save.', { optional: true, min: 0, max: MAX_DICE })
  vigorPool?: number;

  @In.nestedList(
    'The other spells the caster controls: result 5 casts one by lot.',
    () => CoeacHeldSpellInput,
    {
      optional: true,
      maxItems: 100,
    },
  )
  heldSpells?: CoeacHeldSpellInput[];

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A random COEAC spell: the d8 family (unless named), then the d10.' })
export class CoeacRandomSpellInput {
  @In.oneOf('Roll within this family only.', COEAC_FAMILIES, CoeacFamilyEnum, { optional: true })
  family?: string;

  @In.seed()
  seed?: string;
}

@ArgsType()
export class CoeacSpellQuery extends PageQuery {
  @In.oneOf('Only this family.', COEAC_FAMILIES, CoeacFamilyEnum, { optional: true })
  family?: string;

  @In.oneOf('Only spells channeled through this skill.', COEAC_SORCERY_SKILLS, CoeacSkillEnum, {
    optional: true,
  })
  skill?: string;

  @In.int('Only spells of this channeling Ob.', { optional: true, min: 0, max: 20 })
  @Type(() => Number)
  objective?: number;

  @In.string('Only spells whose name or effect contains this (any case).', { optional: true, maxLength: 60 })
  q?: string;
}

// ------------------------------------------------------------------ in a campaign

export const RELEASE_USES = ['block', 'dice'] as const;
export const ReleaseUseEnum = { block: 'block', dice: 'dice' } as const;
registerEnumType(ReleaseUseEnum, {
  name: 'CoeacBoundRelease',
  description: 'Expel the bound energy to block 1 damage, or to add +Ob dice to one test.',
});

/** COEAC Spell Mastery of a wild plasmid by a stored character (F12, 003:434–438). */
@InputType({
  description:
    'Spell Mastery by a stored COEAC character: the blind cast (1 Control), then the mastery check at the spell’s Ob + 1; the spell learned, or barred for ever with a Down and Out check.',
})
export class CoeacCampaignSpellMasteryInput {
  @In.string('The catalogue spell id of the wild plasmid.', { maxLength: 60, example: 'banish' })
  spell: string;

  @In.string('The sheet skill to roll, when not the spell’s own sorcery skill.', {
    optional: true,
    maxLength: 64,
  })
  skill?: string;

  @In.int('+1d per advantage (both rolls).', { optional: true, min: 0, max: 50 })
  bonusDice?: number;

  @In.bool('Referee: seal the roll.', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({
  description:
    'Fell Blast’s numbers, which the document leaves out (003:566: no skill, no Ob): the referee supplies them.',
})
export class CoeacFellBlastInput {
  @In.string('The sheet skill Fell Blast tests (the referee’s).', { maxLength: 64, example: 'Ruin' })
  skill: string;

  @In.int('Its Ob (the referee’s).', { min: 1, max: 10, example: 3 })
  objective: number;
}

@InputType({ description: 'A stored character channels a spell it controls.' })
export class CoeacCastInput {
  @In.nested(
    'Referee only, with spell fell-blast: its skill and Ob (the document names the spell without them).',
    () => CoeacFellBlastInput,
    { optional: true },
  )
  fellBlast?: CoeacFellBlastInput;

  @In.id(
    'Fell Blast only: the wand held (an inventory item the caster carries): 1 more Control for a secondary effect on a hit (003:468).',
    { optional: true },
  )
  wand?: string;

  @In.string('The catalogue spell id; the sheet holds it as a class resource named by its id or name.', {
    maxLength: 60,
    example: 'disintegrate',
  })
  spell: string;

  @In.string('The sheet skill to roll, when not the spell’s own sorcery skill.', {
    optional: true,
    maxLength: 64,
  })
  skill?: string;

  @In.bool('Spend all of today’s Empower points (the sheet’s Empower class resource) on this channeling.', {
    optional: true,
  })
  empower?: boolean;

  @In.id(
    'Activate a sorcerous implement or orb held (the sheet’s implements, an inventory item): carried, attuned, once a day; an orb only for a spell of its two families. Its Empower adds dice.',
    { optional: true },
  )
  implement?: string;

  @In.int('Sorcerous materials or monster parts expended, in dice.', {
    optional: true,
    min: 0,
    max: MAX_DICE,
  })
  materialDice?: number;

  @In.int('+1d per substantial advantage.', { optional: true, min: 0, max: MAX_DICE })
  bonusDice?: number;

  @In.int('−1d per substantial disadvantage.', { optional: true, min: 0, max: MAX_DICE })
  penaltyDice?: number;

  @In.nested(
    'An arcane ceremony: HP through the condition ledger, Cash through the Cash ledger.',
    () => CoeacRitualInput,
    {
      optional: true,
    },
  )
  ritual?: CoeacRitualInput;

  @In.bool('Bind the spell instead (one bound spell at a time).', { optional: true })
  bind?: boolean;

  @In.bool('Cast reversed (Celerity / Torpor).', { optional: true })
  reversed?: boolean;

  @In.bool('Secret roll (referee only).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Release the spell a character holds bound.' })
export class CoeacReleaseInput {
  @In.oneOf('block: take 1 damage off a blow; dice: +Ob dice on one test.', RELEASE_USES, ReleaseUseEnum)
  use: string;

  @In.int('block: the blow’s damage; what the block does not stop is applied to the sheet.', {
    optional: true,
    min: 0,
    max: 100_000,
  })
  damage?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A counterspell against a channeling in the roll log.' })
export class CoeacCampaignCounterspellInput {
  @In.id('The roll id of the channeling to counter.')
  rollId: string;

  @In.string('The sheet skill to roll (Arcane Lore by default).', { optional: true, maxLength: 64 })
  skill?: string;

  @In.bool('Secret roll (referee only).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A campaign’s magic settings (the whole set: a field left out is cleared).' })
export class MagicSettingsInput {
  @In.id('The referee table of this campaign a COEAC mutation is rolled on; null or absent: none.', {
    optional: true,
    names: 'table',
  })
  mutationTableId?: string | null;
}

@InputType({
  description:
    'A spell catastrophe suffered by a stored caster: pools, held spells and the mutation table come from the sheet and the campaign.',
})
export class CoeacCampaignCatastropheInput {
  @In.int(
    'Damage taken while channeling: the Ob of the Discipline save that calls the d6. Leave out to roll the d6 alone.',
    {
      optional: true,
      min: 1,
      max: 100_000,
    },
  )
  damage?: number;

  @In.string('The spell being channeled: left out of result 5’s lot (“another spell”).', {
    optional: true,
    maxLength: 60,
    example: 'disintegrate',
  })
  spell?: string;

  @In.bool('Secret roll (referee only).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}
