import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { HazardModifier, HazardProvenance } from './hazard.results';
import { StoredAilmentView, GmStatusView } from './hazard-ailments.results';
import { HazardAppliedChange, HazardHarmView, TravelCheckResult, TravelOdds } from './hazard-more.results';

@ObjectType({ description: 'Exact odds of an attack on an object.' })
export class ObjectAttackOdds {
  @Out.number('Probability of hitting, in [0, 1].')
  hit: number;
}

@ObjectType({ description: 'An Archsoul attack on an object (defence 0; large objects cannot be missed).' })
export class ArchsoulObjectAttackResult extends HazardProvenance {
  @Out.int('Dice rolled.')
  dice: number;

  @Out.int('Per-die difficulty.')
  difficulty: number;

  @Out.int('The object’s defence (always 0).')
  defence: number;

  @Out.string('small, space or large.')
  size: string;

  @Out.bool('The object cannot be missed (larger than a space, within accurate range).')
  cannotMiss: boolean;

  @Out.intList('The faces.')
  faces: number[];

  @Out.int('Successes: the attack roll’s score.')
  successes: number;

  @Out.bool('The attack hits.')
  hit: boolean;

  @Out.int('Successes over the defence (0 on a miss).')
  margin: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => ObjectAttackOdds)
  odds: ObjectAttackOdds;
}

@ObjectType({ description: 'COEAC Mirror Road.' })
export class CoeacMirrorRoadResult extends HazardProvenance {
  @Out.int('Hexes covered.')
  hexes: number;

  @Out.number('Real-world days of travel covered (two hexes a day).')
  days: number;

  @Out.int('Minutes spent in the Mirrorlands.')
  minutes: number;

  @Out.int('The same time in ten-minute turns.')
  turns: number;

  @Out.nestedList('Encounter checks, one a hex (as overland).', () => TravelCheckResult)
  checks: TravelCheckResult[];

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Encounters.')
  encounters: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => TravelOdds)
  odds: TravelOdds;
}

@ObjectType({ description: 'A G&M evasion roll to keep concentration.' })
export class ConcentrationRoll {
  @Out.int('Target: the d20 must not exceed it.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed: concentration kept.')
  passed: boolean;
}

@ObjectType({ description: 'The concentration penalty on each attribute it lowers.' })
export class ConcentrationAbilityModifiers {
  @Out.int('Charisma rolls.')
  charisma: number;

  @Out.int('Wisdom rolls.')
  wisdom: number;

  @Out.int('Intelligence rolls.')
  intelligence: number;
}

@ObjectType({ description: 'Exact odds of keeping concentration.' })
export class ConcentrationOdds {
  @Out.number('Probability concentration is kept, in [0, 1].')
  kept: number;
}

@ObjectType({ description: 'G&M concentration.' })
export class GmConcentrationResult extends HazardProvenance {
  @Out.int('Most Movement while concentrating (half, rounded down); null without Movement.', {
    nullable: true,
  })
  maxMovement: number | null;

  @Out.int('Defence modifier while concentrating.')
  defenceModifier: number;

  @Out.bool('Attacks allowed (never while concentrating).')
  canAttack: boolean;

  @Out.bool('Other actions may be started (never while concentrating).')
  canStartActions: boolean;

  @Out.nested('The evasion roll, when a sustained concentration was hit.', () => ConcentrationRoll, {
    nullable: true,
  })
  roll: ConcentrationRoll | null;

  @Out.bool('Concentration kept.')
  kept: boolean;

  @Out.intList('Faces.')
  faces: number[];

  @Out.nested('The concentration penalty on each attribute.', () => ConcentrationAbilityModifiers)
  attributeModifiers: ConcentrationAbilityModifiers;

  @Out.nested(
    'Deprecated: the old name of `attributeModifiers`, the same numbers.',
    () => ConcentrationAbilityModifiers,
    {
      deprecated: 'Renamed `attributeModifiers` (docs/api-style.md); answered until /v2.',
    },
  )
  abilityModifiers: ConcentrationAbilityModifiers;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => ConcentrationOdds)
  odds: ConcentrationOdds;
}

@ObjectType({ description: 'One party member’s share of a party hazard.' })
export class PartyHazardMember {
  @Out.id('The character.')
  characterId: string;

  @Out.json('The procedure’s answer for this character, as its stateless route gives it.')
  outcome: Record<string, unknown>;

  @Out.nestedList('Tracked values changed, through the condition ledger.', () => HazardAppliedChange)
  applied: HazardAppliedChange[];

  @Out.nested(
    'The harm the loss did, through the system’s transition; null when the hazard harmed nothing.',
    () => HazardHarmView,
    {
      nullable: true,
    },
  )
  harm: HazardHarmView | null;

  @Out.stringList('Statuses the hazard gives (G&M ones are kept on the sheet: keptStatuses).')
  statuses: string[];

  @Out.nested(
    'A G&M chronic ailment still running, now kept on the sheet; null otherwise.',
    () => StoredAilmentView,
    {
      nullable: true,
    },
  )
  ailment: StoredAilmentView | null;

  @Out.nestedList(
    'G&M: the statuses the sheet keeps after the hazard (docs/hazards.md, Statuses); [] on Archsoul.',
    () => GmStatusView,
  )
  keptStatuses: GmStatusView[];
}

@ObjectType({ description: 'A hazard applied to the party in one roll.' })
export class PartyHazardResult {
  @Out.string('The sheets’ system.')
  system: string;

  @Out.string('The hazard.')
  hazard: string;

  @Out.id('The roll-log entry (one for the whole party).')
  rollId: string;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;

  @Out.nestedList('Each character, in order.', () => PartyHazardMember)
  members: PartyHazardMember[];
}
