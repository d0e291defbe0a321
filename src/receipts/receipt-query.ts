import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { queryParameter } from '../common/input-shape.interceptor';
import { Problem } from '../common/problem';

/** `?receipt=true|false` (default false); anything else is a 400 naming `receipt`. */
function receiptFlag(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw Problem.field('VALIDATION_FAILED', 'receipt', 'receipt must be true or false.');
}

/** Documents `?receipt=` on a stateless route (method decorator). */
export const ReceiptQueryDoc = () =>
  applyDecorators(
    ApiQuery({
      name: 'receipt',
      required: false,
      schema: { type: 'boolean', default: false },
      description:
        'true: the answer carries an Ed25519 receipt over { procedure, inputs, seed, rng, faces, outcome }, ' +
        'with that object in receipt.document (docs/feed.md). Without it the answer is not signed.',
    }),
  );

/**
 * The `?receipt=` flag as a boolean (parameter decorator). Read from the query directly: a custom
 * decorator skips the global pipe, which would turn any text but "true" into false.
 */
export const ReceiptWanted = queryParameter('receipt', receiptFlag);
