import { Injectable } from '@nestjs/common';
import { mojoBid, mojoCost, type MojoBidInput, type MojoCostInput } from '../core/advancement/gm-mojo';
import { gmStudy, type StudyInput } from '../core/advancement/gm-study';
import { withoutNulls } from '../wealth/reference/without-nulls';
import type { GmMojoBidInput, GmMojoCostInput, GmStudyInput } from './advancement.inputs';

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

  study(input: GmStudyInput) {
    const resources = input.resources?.map((r) => withoutNulls({ ...r }));
    return gmStudy(withoutNulls({ ...input, resources }) as unknown as StudyInput);
  }
}
