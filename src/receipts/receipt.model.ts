import { Field, InputType, ObjectType } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional } from 'class-validator';
import { GraphQLJSON } from 'graphql-scalars';
import { In, Out } from '../common/schema';

@ObjectType({
  description:
    'A signature by the server over the RFC 8785 canonical JSON of what it vouches for (see docs/feed.md).',
})
export class Receipt {
  @Out.string('The signature algorithm: always Ed25519.')
  alg: string;

  @Out.string('The id (RFC 7638 thumbprint) of the key in /.well-known/arbiter-keys.json that signed.')
  keyId: string;

  @Out.string('The Ed25519 signature, base64url without padding (86 characters).')
  signature: string;

  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      'On check answers: the signed object ({ procedure, inputs, seed, rng, faces, outcome } for a stateless ' +
      'check, the logged roll’s { campaignId, rollId, … createdAt } for a campaign check). A roll in the log ' +
      'is its own document (rebuilt from the roll and the campaign id), so its receipt leaves this out.',
  })
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'On check answers: the signed object (see docs/feed.md).',
  })
  document?: Record<string, unknown>;
}

@InputType('ReceiptInput', { description: 'A receipt as the server gave it.' })
export class ReceiptInput {
  @In.string('The algorithm: Ed25519.', { maxLength: 16 })
  alg: string;

  @In.string('The id of the key that signed.', { maxLength: 64 })
  keyId: string;

  @In.string('The signature, base64url.', { maxLength: 128 })
  signature: string;

  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      'The signed object, as a check answer’s receipt carries it; send the receipt exactly as it came. ' +
      'When `document` is sent as well, the two must be the same object.',
  })
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'The signed object, as a check answer’s receipt carries it (optional).',
  })
  @IsOptional()
  @IsObject()
  document?: Record<string, unknown>;
}

@InputType('VerifyReceiptInput', {
  description:
    'A receipt exactly as an answer gave it (with its document), or a signed document and its receipt.',
})
export class VerifyReceiptInput {
  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      'The signed object (or leave it out and send the receipt with its `document`): for a roll { campaignId, rollId, procedure, inputs, seed, rng, faces, outcome, createdAt }, ' +
      'for a sealed roll { campaignId, rollId, procedure, commitment, createdAt }, for a stateless check ' +
      '{ procedure, inputs, seed, rng, faces, outcome }.',
  })
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'The signed object (see docs/feed.md for its members); may be left out when the receipt carries it ' +
      'as `receipt.document`.',
  })
  @IsOptional()
  @IsObject()
  document?: Record<string, unknown>;

  @In.nested('The receipt to check.', () => ReceiptInput)
  receipt: ReceiptInput;
}

@ObjectType({ description: 'Whether a receipt is a valid signature of the document by a published key.' })
export class ReceiptVerification {
  @Out.bool('True when a key of the JWK set signed exactly this document.')
  valid: boolean;

  @Out.string('The key the receipt names.', { nullable: true })
  keyId: string | null;

  @Out.string('Why it does not verify; null when valid.', { nullable: true })
  reason: string | null;
}
