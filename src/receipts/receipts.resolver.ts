import { Args, Query, Resolver } from '@nestjs/graphql';
import { ReceiptKeys } from './receipt-keys.service';
import { ReceiptVerification, VerifyReceiptInput } from './receipt.model';

@Resolver()
export class ReceiptsResolver {
  constructor(private readonly keys: ReceiptKeys) {}

  @Query(() => ReceiptVerification, {
    description: 'Check a receipt against the document it signs (twin of POST /v1/receipts/verifications).',
  })
  verifyReceipt(@Args('input') input: VerifyReceiptInput): Promise<ReceiptVerification> {
    return this.keys.verifyRequest(input);
  }
}
