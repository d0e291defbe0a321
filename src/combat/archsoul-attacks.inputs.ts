import { InputType } from '@nestjs/graphql';
import { In } from '../common/schema';
import {
  ARCHSOUL_ARCS,
  ARCHSOUL_ATTACK_KINDS,
  type ArchsoulArc,
  type ArchsoulAttackKind,
} from '../core/combat';
import { ArchsoulArcEnum, ArchsoulAttackKindEnum, ArchsoulGrappleRollInput } from './combat.inputs';

@InputType({ description: 'One side of a stored Archsoul attack: a character or an NPC of the campaign.' })
export class ArchsoulAttackSideInput {
  @In.id('A character of the campaign (send this or npcId).', { optional: true, names: 'character' })
  characterId?: string;

  @In.id('An NPC of the campaign (send this or characterId).', { optional: true, names: 'npc' })
  npcId?: string;
}

@InputType({
  description:
    'An Archsoul attack in a campaign (referee): the statuses are read from both Archsoul sheets, the roll is logged and a hit’s damage goes to the target’s sheet.',
})
export class ArchsoulCampaignAttackInput {
  @In.nested('The target.', () => ArchsoulAttackSideInput)
  target: ArchsoulAttackSideInput;

  @In.nested(
    'The attacker (absent: an attacker with no sheet, such as a trap or an unnamed foe).',
    () => ArchsoulAttackSideInput,
    {
      optional: true,
    },
  )
  attacker?: ArchsoulAttackSideInput;

  @In.oneOf('melee or ranged.', ARCHSOUL_ATTACK_KINDS, ArchsoulAttackKindEnum)
  kind: ArchsoulAttackKind;

  @In.bool('The attack is made against this target alone (default true): a coup de grâce needs it.', {
    optional: true,
  })
  exclusive?: boolean;

  @In.bool('An unarmed attack: the one a Grappled attacker may try, after a grapple roll.', {
    optional: true,
  })
  unarmed?: boolean;

  @In.oneOf(
    'The arc struck, when named (a Grappled target has no front arc).',
    ARCHSOUL_ARCS,
    ArchsoulArcEnum,
    {
      optional: true,
    },
  )
  arc?: ArchsoulArc;

  @In.int('The attack roll’s pool (d6s).', { min: 0, max: 100, example: 4 })
  dice: number;

  @In.int('The attack’s base difficulty before the statuses (the referee’s).', {
    min: 0,
    max: 20,
    example: 4,
  })
  difficulty: number;

  @In.int('The target’s defence: successes over it hit (the referee’s).', { min: 0, max: 100, example: 1 })
  defence: number;

  @In.int('Damage rolled for a hit, before the coup de grâce (the harm route doubles it).', {
    optional: true,
    min: 0,
    max: 100_000,
  })
  damage?: number;

  @In.nested('The grapple roll (a Grappled attacker’s unarmed attack).', () => ArchsoulGrappleRollInput, {
    optional: true,
  })
  grapple?: ArchsoulGrappleRollInput;

  @In.seed()
  seed?: string;
}
