import { InputType } from '@nestjs/graphql';
import { In } from '../common/schema';

const ACCOUNT = /^(treasury|[A-Za-z0-9-]{1,64})$/;

@InputType({ description: 'Move Cash between the company treasury and characters.' })
export class TreasuryTransferInput {
  @In.string('"treasury", or the id of the character that pays.', { maxLength: 64, pattern: ACCOUNT })
  from: string;

  @In.string('"treasury", or the id of the character that receives.', { maxLength: 64, pattern: ACCOUNT })
  to: string;

  @In.int('Cash to move, in dice.', { min: 1, max: 1_000_000 })
  amount: number;

  @In.string('Why (shown on both ledgers).', { optional: true, maxLength: 200 })
  reason?: string;
}

@InputType({ description: 'Grant or correct the treasury’s Cash (referee).' })
export class TreasuryAdjustmentInput {
  @In.int('Change of Cash: positive grants, negative takes away; not zero.', {
    min: -1_000_000,
    max: 1_000_000,
  })
  delta: number;

  @In.string('Why.', { maxLength: 200 })
  reason: string;
}
