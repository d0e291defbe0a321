import { InputType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { GM_COVERS, MAX_SITUATIONAL } from '../core/combat';
import { MAX_MASS_UNITS } from '../core/combat/gm-mass-stored';
import { GmCoverEnum, GmSituationalInput } from './combat.inputs';

@InputType({ description: 'A unit of a mass conflict (G8): many members fighting as one, by their medians.' })
export class MassUnitInput {
  @In.string('Its name.', { maxLength: 200, example: 'Goblin spears' })
  name: string;

  @In.string('Its side (a free label).', { maxLength: 100, example: 'foes' })
  side: string;

  @In.int('Members.', { min: 1, max: 1000000, example: 12 })
  size: number;

  @In.int('The members’ median survival.', { min: 0, max: 100000, example: 5 })
  medianSurvival: number;

  @In.int('The members’ median Movement.', { optional: true, min: 0, max: 100000 })
  medianMovement?: number;

  @In.int('The members’ median attack bonus.', { min: -100, max: 100, example: 1 })
  medianAttackBonus: number;

  @In.int('The members’ median defence.', { min: -100, max: 100, example: 0 })
  medianDefense: number;

  @In.int('The members’ median evasion (the aftermath).', { min: 0, max: 1000, example: 9 })
  medianEvasion: number;

  @In.int('The members’ median spontaneous reaction (morale checks, G5).', { min: 0, max: 1000, example: 9 })
  moraleTarget: number;

  @In.int('The leader’s charisma (G7): its roll cuts a morale delay.', { optional: true, min: 1, max: 1000 })
  leaderCharisma?: number;

  @In.string('The weapon’s damage dice, such as "d6".', { maxLength: 20, example: 'd6' })
  damage: string;
}

@InputType({ description: 'A mass conflict begins (referee): its units, round 1.' })
export class CreateMassConflictInput {
  @In.string('A name for the battle.', { optional: true, maxLength: 200, example: 'The ford' })
  name?: string;

  @In.nestedList('The units.', () => MassUnitInput, { maxItems: MAX_MASS_UNITS, minItems: 2 })
  units: MassUnitInput[];

  @In.bool('Only the referee sees it; its rolls are sealed.', { optional: true })
  secret?: boolean;
}

@InputType({ description: 'A unit attacks a unit (G9): one roll, the damage kept on the target unit.' })
export class MassConflictAttackInput {
  @In.id('The attacking unit: its id, or its name in this conflict (exact, ignoring case).')
  attacker: string;

  @In.id('The unit attacked: its id, or its name in this conflict (exact, ignoring case).')
  target: string;

  @In.oneOf('The target’s cover.', GM_COVERS, GmCoverEnum, { optional: true })
  cover?: string;

  @In.nestedList('Other attack modifiers, each named.', () => GmSituationalInput, {
    optional: true,
    maxItems: MAX_SITUATIONAL,
  })
  situational?: GmSituationalInput[];

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A roll of the whole conflict (the round’s morale checks, the aftermath).' })
export class MassConflictRollInput {
  @In.seed()
  seed?: string;
}
