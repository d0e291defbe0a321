import { PageQuery } from '../../common/pagination';
import { ArgsType, InputType, registerEnumType } from '@nestjs/graphql';
import { In } from '../../common/schema';
import { CAIRN_DAMAGE_DICE } from '../../core/harm/cairn-damage';
import {
  CAIRN_CAST_SOURCES,
  MAX_FAILURE_FATIGUE,
  MAX_FREE_SLOTS,
  MAX_RELIC_CHARGES,
  type CairnCastSource,
} from '../../core/magic/cairn';
import { CairnDamageDieEnum } from '../../harm/harm.inputs';

export const CairnCastSourceEnum = Object.fromEntries(CAIRN_CAST_SOURCES.map((k) => [k, k]));
registerEnumType(CairnCastSourceEnum, {
  name: 'CairnCastSource',
  description: 'spellbook (1 Fatigue, kept), scroll (no Fatigue, used up) or relic (no Fatigue, one charge).',
});

export const CAIRN_MAGIC_ITEM_KINDS = ['spellbook', 'scroll', 'relic'] as const;
export type CairnMagicItemKind = (typeof CAIRN_MAGIC_ITEM_KINDS)[number];

const SPELL_KEY = /^[A-Za-z0-9][A-Za-z0-9 /'’-]*$/;

@InputType({
  description: 'What a failed risky-casting save does (the referee’s call; default 1 more Fatigue).',
})
export class CairnCastFailureInput {
  @In.int('Extra Fatigue (default 1).', { optional: true, min: 0, max: MAX_FAILURE_FATIGUE })
  fatigue?: number;

  @In.oneOf('A damage die the spell deals its caster, past Armor.', CAIRN_DAMAGE_DICE, CairnDamageDieEnum, {
    optional: true,
  })
  damage?: string;

  @In.bool('The spellbook or relic is destroyed (not for a scroll, used up anyway).', { optional: true })
  destroyed?: boolean;
}

@InputType({ description: 'A Cairn cast, the caster’s numbers in the request.' })
export class CairnCastInput {
  @In.oneOf('Cast from a spellbook, a scroll or a relic.', CAIRN_CAST_SOURCES, CairnCastSourceEnum)
  from: CairnCastSource;

  @In.string('The spell: its d100 number, id or name (optional).', {
    optional: true,
    maxLength: 64,
    pattern: SPELL_KEY,
    example: 'Knock',
  })
  spell?: string;

  @In.bool('The caster is Deprived (the referee may call a WIL save).', { optional: true })
  deprived?: boolean;

  @In.bool('The caster is in danger, in combat say (the referee may call a WIL save).', { optional: true })
  danger?: boolean;

  @In.bool(
    'Whether the referee calls the WIL save: default yes when Deprived or in danger (a relic: only when true).',
    { optional: true },
  )
  riskySave?: boolean;

  @In.int('The caster’s current WIL (needed for the save).', { optional: true, min: 0, max: 30, example: 10 })
  wil?: number;

  @In.int('Free inventory slots before the cast.', {
    optional: true,
    min: 0,
    max: MAX_FREE_SLOTS,
    example: 2,
  })
  freeSlots?: number;

  @In.int('Slots the spellbook, scroll or relic takes (default: 1; a petty scroll 0).', {
    optional: true,
    min: 0,
    max: MAX_FREE_SLOTS,
  })
  carrierSlots?: number;

  @In.int('A relic’s charges left (0 is refused).', { optional: true, min: 0, max: MAX_RELIC_CHARGES })
  charges?: number;

  @In.int('A relic’s full charges.', { optional: true, min: 1, max: MAX_RELIC_CHARGES })
  maxCharges?: number;

  @In.nested('What a failed save does (default 1 more Fatigue).', () => CairnCastFailureInput, {
    optional: true,
  })
  failure?: CairnCastFailureInput;

  @In.int('Current HP: with str, failure damage is applied (HP, then STR and its save).', {
    optional: true,
    min: 0,
    max: 1000,
  })
  hp?: number;

  @In.int('Max HP (for a scar at exactly 0).', { optional: true, min: 0, max: 1000 })
  maxHp?: number;

  @In.int('Current STR.', { optional: true, min: 0, max: 30 })
  str?: number;

  @In.int('Current DEX.', { optional: true, min: 0, max: 30 })
  dex?: number;

  @In.seed()
  seed?: string;
}

@ArgsType()
export class CairnSpellQuery extends PageQuery {
  @In.string('Words to find in a spell’s name or effect.', { optional: true, maxLength: 64 })
  q?: string;
}

@ArgsType()
export class CairnSpellKeyArgs {
  @In.string('The spell’s d100 number, id (knock, push-pull) or name.', { maxLength: 64, example: '45' })
  spell: string;
}

// Campaign

@InputType({ description: 'A spellbook, scroll or relic put into a character’s inventory.' })
export class AddCairnMagicItemInput {
  @In.oneOf('What it is.', CAIRN_MAGIC_ITEM_KINDS, CairnCastSourceEnum)
  kind: CairnMagicItemKind;

  @In.string('Its spell: d100 number, id or name (required for spellbooks and scrolls).', {
    optional: true,
    maxLength: 64,
    pattern: SPELL_KEY,
    example: 'Knock',
  })
  spell?: string;

  @In.string('A relic’s power in words, when it is not one of the 100 spells.', {
    optional: true,
    maxLength: 200,
  })
  power?: string;

  @In.string('Its name in the inventory (default: "Spellbook of Knock" …).', {
    optional: true,
    maxLength: 100,
  })
  name?: string;

  @In.int('Slots it takes (default: spellbook and relic 1, scroll 0: petty).', {
    optional: true,
    min: 0,
    max: 10,
  })
  slots?: number;

  @In.int('A relic’s full charges (leave out for a relic whose uses are not counted).', {
    optional: true,
    min: 1,
    max: MAX_RELIC_CHARGES,
  })
  maxCharges?: number;

  @In.int('A relic’s charges now (default: full).', { optional: true, min: 0, max: MAX_RELIC_CHARGES })
  charges?: number;

  @In.string('A relic’s recharge condition, in words ("a night under the full moon").', {
    optional: true,
    maxLength: 200,
  })
  recharge?: string;

  @In.id('An item already in the inventory to make into this (instead of adding a new one).', {
    optional: true,
  })
  itemId?: string;
}

@InputType({ description: 'A stored character casts from a spellbook, scroll or relic it carries.' })
export class CairnCampaignCastInput {
  @In.id('The spellbook, scroll or relic (an inventory item id).')
  itemId: string;

  @In.bool('The caster is in danger (combat …): the referee may call a WIL save.', { optional: true })
  danger?: boolean;

  @In.bool('Whether the referee calls the WIL save (default: when Deprived or in danger).', {
    optional: true,
  })
  riskySave?: boolean;

  @In.nested('What a failed save does (default 1 more Fatigue).', () => CairnCastFailureInput, {
    optional: true,
  })
  failure?: CairnCastFailureInput;

  @In.idList(
    'Items to drop, in order, for Fatigue that finds no free slot (needed for the worst case before any dice).',
    { optional: true, maxItems: 10 },
  )
  drop?: string[];

  @In.bool('Log the roll sealed until the referee reveals it (referee only).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A relic’s recharge condition was met.' })
export class CairnRelicRechargeInput {
  @In.int('Charges regained (default: back to full).', { optional: true, min: 1, max: MAX_RELIC_CHARGES })
  charges?: number;
}
