import { InputType } from '@nestjs/graphql';
import { SheetSystemEnum } from '../characters/characters.inputs';
import { dashedEnumType, In } from '../common/schema';
import { COEAC_FAMILIES } from '../core/magic';
import { CoeacFamilyEnum } from '../magic/magic.inputs';
import { SHEET_SYSTEMS } from '../core/characters/sheets';
import {
  CAIRN_DAMAGE_DICE,
  CAIRN_DAMAGE_TARGETS,
  CAIRN_REST_KINDS,
  COEAC_REST_KINDS,
  EATEN_CUTS,
  GM_HEALING_CHOICES,
  RARE_ORGAN_IDS,
  GM_HEALING_KINDS,
  HEROIC_IMPROVEMENT_KINDS,
} from '../core/harm';
import { TECHNIQUE_SCOPES } from '../core/advancement/gm-mojo';
import { TechniqueScopeEnum } from '../advancement/advancement.inputs';
import {
  CairnDamageDieEnum,
  CairnDamageTargetEnum,
  EatenCutEnum,
  GmHealingChoiceEnum,
  MedicinePoolInput,
} from './harm.inputs';
import { registerEnumType } from '@nestjs/graphql';
import { GmLossSourceInput } from '../gm-rules/gm-rules.inputs';

export const BLOCK_WITH = ['armor', 'shield'] as const;
export const BlockWithEnum = { armor: 'armor', shield: 'shield' };
registerEnumType(BlockWithEnum, { name: 'BlockWith', description: 'What a COEAC Block is made with.' });

export const REST_KINDS = [
  ...new Set<string>([...COEAC_REST_KINDS, ...CAIRN_REST_KINDS, ...GM_HEALING_KINDS, 'hour']),
] as const;
export const SheetRestKindEnum = Object.fromEntries(REST_KINDS.map((k) => [k, k]));
registerEnumType(SheetRestKindEnum, {
  name: 'SheetRestKind',
  description:
    'COEAC short or long; Cairn short, night or week; G&M night, day, morning, encounter or aid; Archsoul night or hour.',
});

export const CONSCIOUSNESS_REACTIONS = ['fortitude', 'willpower'] as const;
export const ConsciousnessReactionEnum = { fortitude: 'fortitude', willpower: 'willpower' };
registerEnumType(ConsciousnessReactionEnum, {
  name: 'ConsciousnessReaction',
  description: 'The G&M reaction rolled to stay conscious.',
});

export const RareOrganEnum = dashedEnumType(
  'CoeacRareOrgan',
  RARE_ORGAN_IDS,
  'A rare organ of the Monster Menu.',
);
export const HidePieceEnum = dashedEnumType(
  'CoeacHidePiece',
  ['armor', 'shield'] as const,
  'The piece a hide is worked into.',
);

/** Damage applied to a stored sheet (SPEC 6.2, campaign half). */
@InputType({ description: 'Damage applied to a stored sheet, with everything that follows.' })
export class SheetDamageInput {
  @In.oneOf('The sheet’s system.', SHEET_SYSTEMS, SheetSystemEnum)
  system: string;

  @In.int('Damage dealt (send this or die).', { optional: true, min: 0, max: 100_000, example: 4 })
  amount?: number;

  @In.oneOf('Cairn: the damage die to roll instead of amount.', CAIRN_DAMAGE_DICE, CairnDamageDieEnum, {
    optional: true,
  })
  die?: string;

  @In.string('What dealt it, in words (kept in the log).', { optional: true, maxLength: 200 })
  source?: string;

  @In.oneOf(
    'COEAC: Block with the worn armour or the shield (spends a Block use).',
    BLOCK_WITH,
    BlockWithEnum,
    {
      optional: true,
    },
  )
  blockWith?: string;

  @In.oneOf(
    'Cairn: hp (combat, default) or the attribute harmed outside combat.',
    CAIRN_DAMAGE_TARGETS,
    CairnDamageTargetEnum,
    {
      optional: true,
    },
  )
  target?: string;

  @In.nested(
    'COEAC: the aider’s Medicine pool for the Down and Out roll (default: aid taken as given).',
    () => MedicinePoolInput,
    {
      optional: true,
    },
  )
  medicine?: MedicinePoolInput;

  @In.bool('Archsoul: a coup de grâce (the damage doubles).', { optional: true })
  coupDeGrace?: boolean;

  @In.bool('G&M: the loss is archetypal (verve takes it first).', { optional: true })
  archetypal?: boolean;

  @In.nested(
    'G&M: what caused the loss; the server decides from the sheet’s archetypes whether verve takes it (the four tests of `harm/gm/verve-tests`). Instead of archetypal.',
    () => GmLossSourceInput,
    { optional: true },
  )
  loss?: GmLossSourceInput;

  @In.int('G&M: weapon damage dice (each forces one injury).', { optional: true, min: 0, max: 1000 })
  weaponDice?: number;

  @In.bool('G&M: an evasion spared a weapon of 1 or 2 dice.', { optional: true })
  evaded?: boolean;

  @In.oneOf(
    'G&M: the reaction rolled to stay conscious (default fortitude).',
    CONSCIOUSNESS_REACTIONS,
    ConsciousnessReactionEnum,
    {
      optional: true,
    },
  )
  consciousness?: string;

  @In.bool('Referee: seal the roll (an NPC whose numbers are hidden is sealed anyway).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

/** A Monster Menu cut eaten (or kept) by a character with a COEAC sheet. */
@InputType({ description: 'A Monster Menu cut eaten (or kept) by a character, applied to its COEAC sheet.' })
export class SheetEatingInput {
  @In.oneOf('The cut: meat, viscera, bones, heart, brain or rare-organ.', EATEN_CUTS, EatenCutEnum)
  cut: string;

  @In.bool('Keep meat or viscera for later instead (an even chance it keeps).', { optional: true })
  preserve?: boolean;

  @In.stringList('Brain: the spells the monster knew (catalogue ids); one is learned by lot.', {
    optional: true,
    maxItems: 80,
    maxLength: 60,
  })
  knownSpells?: string[];

  @In.oneOf(
    'Brain, when the monster knew no spell: a family that suits it (a spell of it by lot).',
    COEAC_FAMILIES,
    CoeacFamilyEnum,
    {
      optional: true,
    },
  )
  family?: string;

  @In.oneOf('Rare organ: which one (else the d6).', RARE_ORGAN_IDS, RareOrganEnum, { optional: true })
  organ?: string;

  @In.oneOf(
    'Hide: the piece it is worked into (default the worn armour, else the shield).',
    ['armor', 'shield'],
    HidePieceEnum,
    {
      optional: true,
    },
  )
  into?: string;

  @In.bool('Referee: seal the roll.', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

/** A rest or healing applied to a stored sheet. */
@InputType({ description: 'A rest or healing applied to a stored sheet.' })
export class SheetRestInput {
  @In.oneOf(
    'The sheet’s system: coeac, cairn, gm, or archsoul (a full night’s sleep or an hour’s rest, 002:48–50).',
    SHEET_SYSTEMS,
    SheetSystemEnum,
  )
  system: string;

  @In.oneOf('The rest.', REST_KINDS, SheetRestKindEnum)
  kind: string;

  @In.bool('Cairn: somewhere safe (default true).', { optional: true })
  safe?: boolean;

  @In.bool('Cairn: a healer helps through the week.', { optional: true })
  healer?: boolean;

  @In.oneOf(
    'G&M: what a good night buys (default: an injury while there is one).',
    GM_HEALING_CHOICES,
    GmHealingChoiceEnum,
    {
      optional: true,
    },
  )
  choice?: string;

  @In.int('G&M aid: survival restored.', { optional: true, min: 0, max: 100_000 })
  amount?: number;

  @In.int('G&M aid: injuries healed.', { optional: true, min: 0, max: 100_000 })
  injuriesHealed?: number;

  @In.string(
    'COEAC short rest: the class resource (a name in classResources) that regains its point (003:220).',
    { optional: true, maxLength: 64 },
  )
  resource?: string;

  @In.string(
    'G&M encounter: the encounter engaged (any name); each restores verve once per adventure (the session).',
    { optional: true, maxLength: 100 },
  )
  encounter?: string;

  @In.int(
    'Archsoul night: minutes of the 8 hours of sleep spent on watch (more than 160, a third: no full night).',
    { optional: true, min: 0, max: 480 },
  )
  watchMinutes?: number;

  @In.int(
    'Archsoul: hours since the last drink (each whole day is a fatigue; thirst stops sleep clearing any).',
    {
      optional: true,
      min: 0,
      max: 100_000,
    },
  )
  hoursWithoutWater?: number;

  @In.int(
    'Archsoul: hours since the last meal (each whole three days is a fatigue; hunger stops sleep clearing any).',
    {
      optional: true,
      min: 0,
      max: 100_000,
    },
  )
  hoursWithoutFood?: number;

  @In.int(
    'Archsoul: millilitres drunk over the last day (4000 enough; from 2000 half water: sleep clears no fatigue).',
    {
      optional: true,
      min: 0,
      max: 100_000,
    },
  )
  waterMillilitres?: number;

  @In.bool('Advance the campaign clock by the rest’s length (default true).', { optional: true })
  advanceClock?: boolean;

  @In.bool('Referee: seal the roll.', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

/** COEAC Medicine aid after the blow (C6, 003:201). */
@InputType({
  description:
    'COEAC Medicine aid given to a down-and-out character awaiting aid, after the blow (a second aider, or aid at the end of the scene): Medicine Ob 3, then the Down and Out table on a success.',
})
export class DownAndOutAidInput {
  @In.nested(
    'The aider’s Medicine pool (2 + Medicine, with its modifiers). Send this or aiderId.',
    () => MedicinePoolInput,
    { optional: true },
  )
  medicine?: MedicinePoolInput;

  @In.id(
    'The aiding character of the campaign: its pool is 2 + the Medicine on its COEAC sheet, and it must be able to act. Send this or medicine.',
    { optional: true, names: 'character' },
  )
  aiderId?: string;

  @In.bool('Referee: seal the roll.', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

/** COEAC's end-of-session check (003:955). */
@InputType({
  description: 'The COEAC end-of-session check: a Down and Out roll per character away from a haven.',
})
export class EndOfSessionCheckInput {
  @In.bool('The party ends the session away from a haven (the referee decides whether it is safe).')
  awayFromHaven: boolean;

  @In.bool('Referee: seal the rolls.', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

/** Cairn deprivation applied to a character: Fatigue into the inventory. */
@InputType({
  description: 'Cairn deprivation: days without food, water or rest; Fatigue goes into the inventory.',
})
export class CairnDeprivationApplyInput {
  @In.int('Days Deprived (the first costs nothing; each further day one Fatigue).', {
    min: 0,
    max: 1000,
    example: 2,
  })
  days: number;

  @In.int('Further Fatigue from other causes.', { optional: true, min: 0, max: 100 })
  extraFatigue?: number;

  @In.idList('Items dropped to make room for the Fatigue (needed when the inventory has no free slot).', {
    optional: true,
    maxItems: 100,
  })
  drop?: string[];
}

/** A G&M temporary survival pool granted to a stored sheet (or removed). */
@InputType({
  description: 'A G&M temporary survival pool granted (a spell, a spirit) or removed (amount 0).',
})
export class TemporaryPoolInput {
  @In.int('The pool: damage comes off it first; 0 removes the pool.', { min: 0, max: 100_000, example: 7 })
  amount: number;

  @In.string('What grants it (a spell, a specialty, a spirit), named in damage answers.', {
    optional: true,
    maxLength: 100,
  })
  source?: string;

  @In.int('The effect lasts this many ten-minute turns on the campaign clock (or send rounds).', {
    optional: true,
    min: 1,
    max: 1000,
  })
  turns?: number;

  @In.int('The effect lasts this many rounds (10 seconds each), counted by combat rounds and the clock.', {
    optional: true,
    min: 1,
    max: 1000,
  })
  rounds?: number;

  @In.bool('Seal the logged entry (an NPC whose numbers are hidden is sealed anyway).', { optional: true })
  secret?: boolean;
}

export const HeroicImprovementKindEnum = Object.fromEntries(
  HEROIC_IMPROVEMENT_KINDS.map((k) => [k.replace('-', '_'), k]),
) as Record<string, string>;
registerEnumType(HeroicImprovementKindEnum, {
  name: 'HeroicImprovementKind',
  description:
    'What mojo spent on a roll can win (MJ7): a field bonus, a new field, a skill, a technique, a weapon skill.',
});

/** The next bonus, skill or field that applies to the heroic effort's roll, for one contributor (MJ7). */
@InputType({
  description:
    'The next bonus, skill or field that applies to the roll for this contributor (MJ7): priced by the mojo-cost schedule and gained when all the effort’s mojo reaches the price.',
})
export class HeroicImprovementInput {
  @In.oneOf(
    'What applies: field (its next bonus), new-field, skill, technique, weapon-skill.',
    HEROIC_IMPROVEMENT_KINDS,
    HeroicImprovementKindEnum,
  )
  kind: (typeof HEROIC_IMPROVEMENT_KINDS)[number];

  @In.string('The field, skill or technique, by name.', { maxLength: 100, example: 'Language Science' })
  subject: string;

  @In.int('Field: its current bonus (the next costs 4 + it). Required for kind field.', {
    optional: true,
    min: 1,
    max: 1000,
    example: 1,
  })
  current?: number;

  @In.bool('Skill: outside the field’s preferred archetype (7 instead of 5).', { optional: true })
  outsideArchetype?: boolean;

  @In.oneOf('Technique: what is bought (default one-skill).', TECHNIQUE_SCOPES, TechniqueScopeEnum, {
    optional: true,
  })
  techniqueScope?: (typeof TECHNIQUE_SCOPES)[number];
}

/** One character's mojo offered to a heroic last effort. */
@InputType({ description: 'Mojo one character offers to a heroic last effort.' })
export class HeroicEffortContributionInput {
  @In.id('The contributing character (the dying one may contribute too).', { names: 'character' })
  characterId: string;

  @In.int('Mojo offered (spent through the ledger).', { min: 0, max: 100_000, example: 2 })
  mojo: number;

  @In.nested(
    'MJ7: the next bonus, skill or field that applies to the roll for this contributor; gained when all the effort’s mojo reaches its price.',
    () => HeroicImprovementInput,
    { optional: true },
  )
  improvement?: HeroicImprovementInput;
}

/** A dying G&M character's heroic last effort. */
@InputType({
  description: 'A dying G&M character’s heroic last effort: one roll at +level, no injury penalty.',
})
export class HeroicEffortInput {
  @In.string('The ability or reaction rolled (a name on the G&M sheet: strength, evasion …).', {
    maxLength: 100,
    example: 'strength',
  })
  rating: string;

  @In.nestedList(
    'Mojo from any contributor (each spent through the ledger).',
    () => HeroicEffortContributionInput,
    {
      optional: true,
      maxItems: 32,
    },
  )
  contributions?: HeroicEffortContributionInput[];

  @In.int('Other bonuses on the roll.', { optional: true, min: 0, max: 1000 })
  bonus?: number;

  @In.int('Penalties on the roll (the injury penalty never applies).', { optional: true, min: 0, max: 1000 })
  penalty?: number;

  @In.bool('Referee: seal the roll.', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({
  description:
    'Cairn aid (CA-24): a character dying after a failed critical-damage save is stabilised, or a Mortal Wound is tended, so the hour no longer runs.',
})
export class CairnAidInput {
  @In.string('What the aid is, in words (bandages, herbs, a healer’s care).', {
    maxLength: 200,
    example: 'bandages',
  })
  means: string;

  @In.id(
    'The character giving the aid (a player’s own; it must be able to act). Absent: the referee’s call.',
    {
      optional: true,
      names: 'character',
    },
  )
  aidedBy?: string;
}
