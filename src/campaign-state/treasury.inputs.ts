import { InputType } from '@nestjs/graphql';
import { namesSentence, recordNamedField } from '../common/named-fields';
import { In } from '../common/schema';

/**
 * One side of a transfer: the word `treasury`, or a character of the campaign by id or by name (the
 * campaign guard replaces a name with its id before the service runs; `treasury` is never looked up).
 */
function account(description: string): PropertyDecorator {
  return (target: object, prop: string | symbol) => {
    recordNamedField(target, { prop: String(prop), kind: 'character', list: false, keep: ['treasury'] });
    In.string(description + namesSentence('character', false), { maxLength: 64, example: 'treasury' })(
      target,
      prop,
    );
  };
}

@InputType({ description: 'Move Cash between the company treasury and characters.' })
export class TreasuryTransferInput {
  @account('"treasury", or the id of the character that pays.')
  from: string;

  @account('"treasury", or the id of the character that receives.')
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
