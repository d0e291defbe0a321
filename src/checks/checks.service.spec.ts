import { setFlagsFromString } from 'node:v8';
import type { ArbiterRequest } from '../common/request-context';
import type { Database } from '../database/database.service';
import { generateKeyPairSync } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { ReceiptKeys } from '../receipts/receipt-keys.service';
import type { RandomService } from '../common/random.service';
import type { ProcedureRegistry } from '../rolls/procedures';
import type { RollsService } from '../rolls/rolls.service';
import { ChecksService } from './checks.service';

/*
 * A stateless check's input goes to the core, into the answer's receipt document and, for a campaign
 * check, to the roll log. Deleting members from an object puts it in V8's dictionary mode, where
 * every later read and JSON.stringify of it is slower; the service used to delete `characterId` and
 * `taskTags` from every check's input (docs/decisions.md, stop 25). This checks the premise on the
 * running V8 and that the input the roll gets is still a fast object without those members.
 */
describe('ChecksService: the input a check rolls', () => {
  setFlagsFromString('--allow-natives-syntax');
  const fast = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

  function service(seen: object[], receipts = {} as ReceiptKeys): ChecksService {
    const rolls = {
      roll: (
        procedure: { name: string; run: (i: unknown, d: never) => unknown },
        input: object,
        seed: string,
      ) => {
        seen.push(input);
        const outcome = { dice: 3, successes: 2, passed: true };
        return { procedure: procedure.name, inputs: input, outcome, faces: [1, 5, 6], seed, rng: 'test' };
      },
    } as unknown as RollsService;
    return new ChecksService(
      { register: () => undefined } as unknown as ProcedureRegistry,
      rolls,
      {} as RandomService,
      {} as Database,
      receipts,
    );
  }

  it('premise: deleting a member that is not the last one added leaves fast mode', () => {
    const input: Record<string, unknown> = {
      pool: 3,
      objective: 2,
      characterId: undefined,
      taskTags: undefined,
    };
    expect(fast(input)).toBe(true);
    delete input.characterId;
    expect(fast(input)).toBe(false);
  });

  it('rolls a fast object without characterId and taskTags, whatever the validation left in them', async () => {
    const seen: object[] = [];
    const input = {
      pool: 3,
      bonusDice: undefined,
      objective: 2,
      characterId: undefined,
      taskTags: undefined,
      seed: 's',
    };
    await service(seen).resolve('pool', input, {} as ArbiterRequest, undefined, { receipt: false });
    expect(seen).toHaveLength(1);
    expect(Object.keys(seen[0])).toEqual(['pool', 'bonusDice', 'objective']);
    expect(fast(seen[0])).toBe(true);
    // The caller's own object is left as it was.
    expect(Object.keys(input)).toContain('characterId');
  });

  it('still refuses a character named in a stateless check, naming the field', async () => {
    await expect(
      service([]).resolve(
        'pool',
        { pool: 3, objective: 2, characterId: 'c' } as never,
        {} as ArbiterRequest,
        undefined,
        {
          receipt: false,
        },
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ field: 'characterId' })],
    });
  });

  it('answers GraphQL (receipt undecided) with the outcome, seed, rng and a null rollId as own members, the receipt read through the prototype', async () => {
    const receipts = new ReceiptKeys({} as Database, {} as AppConfig);
    const { privateKey } = generateKeyPairSync('ed25519');
    (receipts as unknown as { signing: { id: string; key: unknown } }).signing = { id: 'k', key: privateKey };
    const answer = (await service([], receipts).resolve(
      'pool',
      { pool: 3, objective: 2, seed: 's' } as never,
      {} as ArbiterRequest,
    )) as unknown as Record<string, unknown> & { receipt: { document: Record<string, unknown> } };
    expect(Object.keys(answer)).toEqual(['dice', 'successes', 'passed', 'seed', 'rng', 'rollId']);
    expect(answer).toMatchObject({ seed: 's', rng: 'test', rollId: null });
    expect(Object.prototype.hasOwnProperty.call(answer, 'receipt')).toBe(false);
    expect(answer.receipt.document).toEqual({
      procedure: 'check.pool',
      inputs: { pool: 3, objective: 2 },
      seed: 's',
      rng: 'test',
      faces: [1, 5, 6],
      outcome: { dice: 3, successes: 2, passed: true },
    });
  });
});
