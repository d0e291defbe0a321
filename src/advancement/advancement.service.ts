import { Injectable } from '@nestjs/common';
import { mojoBid, mojoCost, type MojoBidInput, type MojoCostInput } from '../core/advancement/gm-mojo';
import { withoutNulls } from '../wealth/reference/without-nulls';
import type { GmMojoBidInput, GmMojoCostInput } from './advancement.inputs';

/**
 * Stateless advancement answers (docs/advancement.md): the same service behind the REST routes and
 * their GraphQL twins. Nothing is stored; the rules live in src/core/advancement.
 */
@Injectable()
export class AdvancementService {
  mojoCost(input: GmMojoCostInput) {
    return mojoCost(withoutNulls({ ...input }) as unknown as MojoCostInput);
  }

  mojoBid(input: GmMojoBidInput) {
    return mojoBid(withoutNulls({ ...input }) as unknown as MojoBidInput);
  }
}
