import { InputType } from '@nestjs/graphql';
import { dashedEnumType, In } from '../common/schema';
import {
  CAIRN_DAMAGE_DICE,
  CAIRN_DAMAGE_TARGETS,
  CAIRN_REST_KINDS,
  COEAC_ARMOR_KINDS,
  COEAC_REST_KINDS,
  EATEN_CUTS,
  GM_HEALING_CHOICES,
  GM_HEALING_KINDS,
  type CairnDamageDie,
  type CairnDamageTarget,
  type CairnRestKind,
  type CoeacArmorKind,
  type CoeacRestKind,
  type EatenCut,
  type GmHealingChoice,
  type GmHealingKind,
} from '../core/harm';

/** Sheet numbers are bounded well above any table's needs; the core checks each rule's own range. */
const BIG = 100_000;

export const CairnDamageDieEnum = dashedEnumType('CairnDamageDie', CAIRN_DAMAGE_DICE, 'A Cairn damage die.');
export const CairnDamageTargetEnum = dashedEnumType(
  'CairnDamageTarget',
  CAIRN_DAMAGE_TARGETS,
  'hp (combat) or the attribute harmed outside combat.',
);
export const CairnRestKindEnum = dashedEnumType('CairnRestKind', CAIRN_REST_KINDS, 'short, night or week.');
export const CoeacArmorKindEnum = dashedEnumType('CoeacArmorKind', COEAC_ARMOR_KINDS, 'A COEAC armour kind.');
export const CoeacRestKindEnum = dashedEnumType(
  'CoeacRestKind',
  COEAC_REST_KINDS,
  'short (an hour) or long (a night).',
);
export const EatenCutEnum = dashedEnumType(
  'EatenCut',
  EATEN_CUTS,
  'A Monster Menu cut with an eating effect.',
);
export const GmHealingKindEnum = dashedEnumType(
  'GmHealingKind',
  GM_HEALING_KINDS,
  'night, day (of rest), morning (verve back), encounter (non-conflict: verve), aid.',
);
export const GmHealingChoiceEnum = dashedEnumType(
  'GmHealingChoice',
  GM_HEALING_CHOICES,
  'What a good rest buys: level survival or one injury off.',
);

/** Up to 50 names of 1 to 100 characters. */
const nameList = (description: string) =>
  In.stringList(description, { optional: true, maxItems: 50, maxLength: 100 });

const attribute = (description: string, optional = true) =>
  In.int(description, { optional, min: 0, max: 30 });

// Cairn

@InputType({ description: 'Cairn damage: Armor, HP, STR, the critical-damage save, scars.' })
export class CairnDamageInput {
  @In.int('Current HP.', { min: 0, max: 1000, example: 3 })
  hp: number;

  @In.int('Max HP, for the scars that compare with it.', { optional: true, min: 0, max: 1000 })
  maxHp?: number;

  @attribute('Current STR.', false)
  str: number;

  @attribute('Current DEX (DEX 0: paralysed; scar 6).')
  dex?: number;

  @attribute('Current WIL (WIL 0: delirious; the WIL saves of scars 8 and 10).')
  wil?: number;

  @attribute('Max STR (scar 6: a new STR above it raises it).')
  maxStr?: number;

  @attribute('Max DEX (scar 7).')
  maxDex?: number;

  @attribute('Max WIL (scars 8, 9 and 10).')
  maxWil?: number;

  @In.int('Armor; above 3 counts as 3.', { optional: true, min: 0, max: 1000 })
  armor?: number;

  @In.int('Damage already rolled; or send `die`.', { optional: true, min: 0, max: BIG, example: 4 })
  damage?: number;

  @In.oneOf('The damage die to roll, instead of `damage`.', CAIRN_DAMAGE_DICE, CairnDamageDieEnum, {
    optional: true,
  })
  die?: CairnDamageDie;

  @In.oneOf(
    'hp (default) or, outside combat, the attribute harmed.',
    CAIRN_DAMAGE_TARGETS,
    CairnDamageTargetEnum,
    {
      optional: true,
    },
  )
  target?: CairnDamageTarget;

  @In.bool('Scar 12 is pending: this critical-damage save decides death or a 3d6 max-HP roll.', {
    optional: true,
  })
  doomed?: boolean;

  @In.bool('An NPC or monster: a failed critical-damage save kills it.', { optional: true })
  npc?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A Cairn attribute: current and max.' })
export class CairnAttributePairInput {
  @attribute('Current value.', false)
  current: number;

  @attribute('Max value.', false)
  max: number;
}

@InputType({ description: 'A Cairn rest: what comes back.' })
export class CairnRestInput {
  @In.oneOf(
    'short (a few moments and a drink), night (safe: Fatigue clears) or week.',
    CAIRN_REST_KINDS,
    CairnRestKindEnum,
  )
  kind: CairnRestKind;

  @In.int('Current HP.', { min: 0, max: 1000 })
  hp: number;

  @In.int('Max HP.', { min: 0, max: 1000 })
  maxHp: number;

  @In.int('Fatigue carried.', { optional: true, min: 0, max: 100 })
  fatigue?: number;

  @In.bool('Deprived: nothing comes back.', { optional: true })
  deprived?: boolean;

  @In.bool('Somewhere safe (default true): a night clears Fatigue only there.', { optional: true })
  safe?: boolean;

  @In.bool('A week with a healer (or like expertise) restores attributes.', { optional: true })
  healer?: boolean;

  @In.nested('STR, for a week’s rest.', () => CairnAttributePairInput, { optional: true })
  str?: CairnAttributePairInput;

  @In.nested('DEX, for a week’s rest.', () => CairnAttributePairInput, { optional: true })
  dex?: CairnAttributePairInput;

  @In.nested('WIL, for a week’s rest.', () => CairnAttributePairInput, { optional: true })
  wil?: CairnAttributePairInput;
}

@InputType({ description: 'Cairn deprivation: Fatigue by the day.' })
export class CairnDeprivationInput {
  @In.int('Whole days Deprived.', { min: 0, max: 1000, example: 3 })
  days: number;

  @In.int('Fatigue added for other reasons (spells, the fiction).', { optional: true, min: 0, max: 100 })
  extraFatigue?: number;

  @In.int('Free inventory slots (Fatigue past them drops items).', { optional: true, min: 0, max: 100 })
  freeSlots?: number;
}

// COEAC

@InputType({ description: 'Armour or a shield activated to Block.' })
export class CoeacBlockInput {
  @In.oneOf('The armour kind.', COEAC_ARMOR_KINDS, CoeacArmorKindEnum)
  kind: CoeacArmorKind;

  @In.int('Blocks left today (default: the kind’s uses per day).', { optional: true, min: 0, max: 100 })
  usesLeft?: number;
}

@InputType({ description: 'COEAC damage: Block, bonus HP, HP, Down and Out.' })
export class CoeacDamageInput {
  @In.int('Current HP.', { min: 0, max: 10_000, example: 5 })
  hp: number;

  @In.int('Bonus HP pool.', { optional: true, min: 0, max: 10_000 })
  bonusHp?: number;

  @In.int('Damage taken.', { min: 0, max: BIG, example: 3 })
  damage: number;

  @In.nested('Activate this armour or shield against the blow.', () => CoeacBlockInput, { optional: true })
  block?: CoeacBlockInput;
}

@InputType({ description: 'The aider’s Medicine pool (tested against Ob 3).' })
export class MedicinePoolInput {
  @In.int('Pool: 2 + Medicine.', { min: 0, max: 1000, example: 4 })
  pool: number;

  @In.int('Bonus dice.', { optional: true, min: 0, max: 1000 })
  bonusDice?: number;

  @In.int('Penalty dice.', { optional: true, min: 0, max: 1000 })
  penaltyDice?: number;

  @In.int('Helpers, one die each.', { optional: true, min: 0, max: 1000 })
  helpers?: number;
}

@InputType({ description: 'A carried item, for Broken Gear.' })
export class DownAndOutItemInput {
  @In.string('The item’s name.', { maxLength: 100 })
  name: string;

  @In.bool('An artifact: an even chance to hold.', { optional: true })
  artifact?: boolean;
}

@InputType({ description: 'A COEAC Down and Out check (the table on 2d6).' })
export class DownAndOutInput {
  @In.nested(
    'Roll the aid first (Medicine Ob 3); without it the aid is taken as given.',
    () => MedicinePoolInput,
    {
      optional: true,
    },
  )
  medicine?: MedicinePoolInput;

  @In.int('Max HP (−1 to 0 is death for good).', { optional: true, min: 0, max: 10_000 })
  maxHp?: number;

  @nameList('The sheet’s Saves, for Trauma’s lot.')
  saves?: string[];

  @nameList('The sheet’s Skills, for Impairment’s lot.')
  skills?: string[];

  @In.nestedList('Carried items, for Broken Gear’s lot.', () => DownAndOutItemInput, {
    optional: true,
    maxItems: 100,
  })
  items?: DownAndOutItemInput[];

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A COEAC rest.' })
export class CoeacRestInput {
  @In.oneOf('short (an hour) or long (a night).', COEAC_REST_KINDS, CoeacRestKindEnum)
  kind: CoeacRestKind;

  @In.int('Current HP.', { min: 0, max: 10_000 })
  hp: number;

  @In.int('Max HP.', { min: 0, max: 10_000 })
  maxHp: number;

  @In.bool('Rations eaten (short: by most of the party; long: by this character).')
  rations: boolean;

  @In.oneOfList(
    'Armour and shields carried, whose Block uses a long rest resets.',
    COEAC_ARMOR_KINDS,
    CoeacArmorKindEnum,
    {
      optional: true,
      maxItems: 10,
    },
  )
  armor?: CoeacArmorKind[];
}

@InputType({ description: 'Eating a Monster Menu cut (or keeping it).' })
export class CoeacEatingInput {
  @In.oneOf('The cut.', EATEN_CUTS, EatenCutEnum)
  cut: EatenCut;

  @In.int('Current HP (meat).', { optional: true, min: 0, max: 10_000 })
  hp?: number;

  @In.int('Max HP (meat, bones).', { optional: true, min: 0, max: 10_000 })
  maxHp?: number;

  @In.bool('Keep meat or viscera for later instead (an even chance it keeps).', { optional: true })
  preserve?: boolean;

  @nameList('The sheet’s Skills (heart).')
  skills?: string[];

  @nameList('The sheet’s Saves (heart).')
  saves?: string[];

  @In.seed()
  seed?: string;
}

// Archsoul

@InputType({ description: 'Archsoul HP thresholds, a hit and a coup de grâce.' })
export class ArchsoulConditionInput {
  @In.int('Current HP (may be negative).', { min: -BIG, max: BIG, example: -3 })
  hp: number;

  @In.int('Endurance.', { min: 0, max: 100, example: 4 })
  endurance: number;

  @In.int('Damage of a hit, applied first.', { optional: true, min: 0, max: BIG })
  damage?: number;

  @In.bool('A coup de grâce on a restrained, disabled or unconscious target: damage doubles.', {
    optional: true,
  })
  coupDeGrace?: boolean;

  @In.bool('Already unconscious.', { optional: true })
  unconscious?: boolean;

  @In.seed()
  seed?: string;
}

// G&M

@InputType({ description: 'G&M damage: temporary pool, verve, survival, injuries.' })
export class GmDamageInput {
  @In.int('Current survival.', { min: 0, max: BIG, example: 4 })
  survival: number;

  @In.int('Current verve.', { optional: true, min: 0, max: BIG })
  verve?: number;

  @In.int('Current injuries.', { optional: true, min: 0, max: BIG })
  injuries?: number;

  @In.int('A temporary survival pool, spent first.', { optional: true, min: 0, max: BIG })
  temporary?: number;

  @In.int('Damage.', { min: 0, max: BIG, example: 6 })
  damage: number;

  @In.bool('The loss is archetypal: verve takes it before survival.', { optional: true })
  archetypal?: boolean;

  @In.int('Weapon damage dice (a contest with weapons): each forces one injury.', {
    optional: true,
    min: 0,
    max: 1000,
  })
  weaponDice?: number;

  @In.bool('An evasion succeeded against a weapon of 1 or 2 dice.', { optional: true })
  evaded?: boolean;

  @In.int('Fortitude or willpower, to roll the consciousness roll when one is due.', {
    optional: true,
    min: 0,
    max: BIG,
  })
  consciousness?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M death roll: the injuries against endurance.' })
export class GmDeathRollInput {
  @In.int('Injury total.', { min: 0, max: BIG, example: 2 })
  injuries: number;

  @In.int('Endurance.', { min: 0, max: BIG, example: 15 })
  endurance: number;

  @In.bool('Unconscious: +2 on the roll, and the timer runs in hours.', { optional: true })
  unconscious?: boolean;

  @In.int('Field bonus or mojo on the roll.', { optional: true, min: 0, max: BIG })
  bonus?: number;

  @In.int('Other penalties (the injury penalty is added by the rule).', { optional: true, min: 0, max: BIG })
  penalty?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M heroic last effort.' })
export class GmHeroicEffortInput {
  @In.int('The ability or reaction rolled.', { min: 0, max: BIG, example: 12 })
  score: number;

  @In.int('Level (added to the roll).', { min: 0, max: 1000, example: 2 })
  level: number;

  @In.int('Mojo bid and other bonuses.', { optional: true, min: 0, max: BIG })
  bonus?: number;

  @In.int('Penalties other than injuries.', { optional: true, min: 0, max: BIG })
  penalty?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M healing: rest, a new day, an encounter, healing aid.' })
export class GmHealingInput {
  @In.oneOf('What heals.', GM_HEALING_KINDS, GmHealingKindEnum)
  kind: GmHealingKind;

  @In.int('Level.', { min: 0, max: 1000, example: 2 })
  level: number;

  @In.int('Current survival.', { min: 0, max: BIG, example: 2 })
  survival: number;

  @In.int('Max survival.', { min: 0, max: BIG, example: 7 })
  maxSurvival: number;

  @In.int('Current injuries.', { optional: true, min: 0, max: BIG })
  injuries?: number;

  @In.int('Current verve.', { optional: true, min: 0, max: BIG })
  verve?: number;

  @In.int('Max verve.', { optional: true, min: 0, max: BIG })
  maxVerve?: number;

  @In.int('Health, for a night’s roll.', { optional: true, min: 0, max: BIG })
  health?: number;

  @In.oneOf(
    'What a good rest buys (default: an injury while there is one).',
    GM_HEALING_CHOICES,
    GmHealingChoiceEnum,
    {
      optional: true,
    },
  )
  choice?: GmHealingChoice;

  @In.bool('An NPC: level survival a night with no roll, no verve.', { optional: true })
  npc?: boolean;

  @In.int('Healing aid: survival restored.', { optional: true, min: 0, max: BIG })
  amount?: number;

  @In.int('Healing aid: injuries removed.', { optional: true, min: 0, max: BIG })
  injuriesHealed?: number;

  @In.int('Of the injuries, those nothing heals (aging): rest and aid leave them.', {
    optional: true,
    min: 0,
    max: BIG,
  })
  unhealable?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M NPC survival and endurance.' })
export class GmNpcSurvivalInput {
  @In.int('Level (one die each).', { min: 1, max: 100, example: 3 })
  level: number;

  @In.bool('A warrior: d10 a level instead of d6.', { optional: true })
  warrior?: boolean;

  @In.int('Per-die survival bonus.', { optional: true, min: 0, max: 100 })
  perDieBonus?: number;

  @In.int('Endurance, when known (else 10 + half the level).', { optional: true, min: 0, max: BIG })
  endurance?: number;

  @In.seed()
  seed?: string;
}
