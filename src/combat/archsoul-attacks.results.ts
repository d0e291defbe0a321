import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { SheetDamageResult } from '../harm/harm-campaign.results';
import { ArchsoulAttackResult } from './combat.results';

@ObjectType({ description: 'A stored Archsoul attack: the ruling and roll, logged, and the harm it did.' })
export class ArchsoulCampaignAttackResult extends ArchsoulAttackResult {
  @Out.id('The logged roll (combat.archsoul-attack.v2: the attack and, on a hit, its harm).')
  rollId: string;

  @Out.id('The attacking character or NPC, or null.', { nullable: true })
  attackerId: string | null;

  @Out.id('The target character or NPC.')
  targetId: string;

  @Out.nested(
    'The damage applied to the target’s Archsoul sheet (null on a miss or without damage).',
    () => SheetDamageResult,
    {
      nullable: true,
    },
  )
  harm: SheetDamageResult | null;
}
