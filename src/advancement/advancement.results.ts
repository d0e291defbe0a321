import { ObjectType } from '@nestjs/graphql';
import { MOJO_COST_KINDS } from '../core/advancement/gm-mojo';
import { Out } from '../common/schema';
import { MojoCostKindEnum } from './advancement.inputs';

export const MOJO_BID_OUTCOMES = ['turned', 'not-enough', 'already-passed'] as const;

@ObjectType({ description: 'The mojo price of one G&M improvement.' })
export class GmMojoCostResult {
  @Out.oneOf('What is bought.', MOJO_COST_KINDS, MojoCostKindEnum)
  kind: string;
  @Out.int('The mojo it costs.')
  cost: number;
  @Out.string('The rule applied, with its seed reference.')
  rule: string;
}

@ObjectType({ description: 'What a mojo bid turns, costs and earns.' })
export class GmMojoBidResult {
  @Out.string('turned, not-enough (nothing lost) or already-passed (nothing to turn).')
  outcome: string;
  @Out.int('Mojo needed to turn the roll (0 when it already passed).')
  needed: number;
  @Out.int('Mojo lost: only what was needed, and nothing if the bid could not turn the roll.')
  mojoLost: number;
  @Out.int('Mojo of the bid kept.')
  mojoKept: number;
  @Out.int('Mojo left, when the mojo held was sent.', { nullable: true })
  mojoLeft: number | null;
  @Out.int('Experience gained: 50 per mojo lost.')
  experienceGained: number;
  @Out.number('Experience after the bid, when experience was sent.', { nullable: true })
  experience: number | null;
  @Out.int('Level before the bid, when experience was sent.', { nullable: true })
  levelBefore: number | null;
  @Out.int('Level after the bid (a level gained applies at once).', { nullable: true })
  levelAfter: number | null;
  @Out.int('The price the spend was compared with for a free improvement.', { nullable: true })
  improvementCost: number | null;
  @Out.bool('The spend is at least that price: the character gains the improvement.')
  improvementGained: boolean;
  @Out.string('The rule applied, with its seed reference.')
  rule: string;
}
