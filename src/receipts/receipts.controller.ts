import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ReceiptKeys } from './receipt-keys.service';
import { ReceiptVerification, VerifyReceiptInput } from './receipt.model';

/** Checks a receipt for anyone (no key needed). */
@ApiTags('receipts')
@Controller('receipts')
export class ReceiptsController {
  constructor(private readonly keys: ReceiptKeys) {}

  @Post('verifications')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a receipt against the document it signs, with the published keys' })
  @ApiOkResponse({ type: ReceiptVerification })
  verify(@Body() input: VerifyReceiptInput): Promise<ReceiptVerification> {
    return this.keys.verifyRequest(input);
  }
}

/** The public receipt keys, outside /v1 at the well-known address. */
@ApiTags('receipts')
@Controller('.well-known')
export class ReceiptKeysController {
  constructor(private readonly keys: ReceiptKeys) {}

  @Get('arbiter-keys.json')
  @Header('cache-control', 'public, max-age=300')
  @ApiOperation({ summary: 'The receipt signing keys, current and retired, as a JWK set (RFC 7517)' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['keys'],
      properties: { keys: { type: 'array', items: { type: 'object', additionalProperties: true } } },
    },
  })
  jwks() {
    return this.keys.jwks();
  }
}
