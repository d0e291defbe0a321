import { ArgsType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { In, Out } from '../common/schema';
import { PageOf, PageQuery } from '../common/pagination';
import { Receipt } from '../receipts/receipt.model';
import { EngineEventResult } from '../harm/engine-events.results';

const hidden = { optional: true };

/**
 * One random outcome in the campaign, as the roll log keeps it. A secret roll that the referee has
 * not revealed reaches every other key sealed: only `id`, `procedure`, `createdAt`, `sealed`,
 * `commitment` and the `receipt` over them (REST leaves every other member out; GraphQL answers null
 * for them).
 */
@ObjectType({
  description: 'One random outcome in the campaign, as the roll log keeps it (or its sealed stub).',
})
export class Roll {
  @Out.id('The roll id.')
  id: string;

  @Out.string('The procedure that was rolled, e.g. check.pool or wealth.purchase.')
  procedure: string;

  @Out.string('When it was rolled (ISO-8601, UTC).')
  createdAt: string;

  @Out.bool('True when this key sees only the stub of a secret roll the referee has not revealed yet.')
  sealed: boolean;

  @Out.string(
    'For a secret roll: SHA-256 (hex) of salt + "." + the RFC 8785 canonical JSON of ' +
      '{ procedure, inputs, seed, rng, faces, outcome }; null for a roll that was never secret.',
    { nullable: true },
  )
  commitment: string | null;

  @Out.bool('Whether the referee made the roll secret. Absent while sealed.', hidden)
  secret?: boolean;

  @Out.string(
    'The salt of the commitment (32 hex digits), once this key may see the roll. Absent while sealed.',
    {
      ...{},
      ...hidden,
      nullable: true,
    },
  )
  salt?: string | null;

  @Out.string('When the referee revealed the secret roll, or null. Absent while sealed.', {
    ...{},
    ...hidden,
    nullable: true,
  })
  revealedAt?: string | null;

  @Out.id('The key that asked for the roll. Absent while sealed.', hidden)
  keyId?: string;

  @Out.string('That key’s role: referee, player or viewer. Absent while sealed.', hidden)
  role?: string;

  @Out.id('The game session in progress at the time, if any. Absent while sealed.', {
    ...{},
    ...hidden,
    nullable: true,
  })
  sessionId?: string | null;

  @Out.json('The inputs of the procedure, as sent (without the seed). Absent while sealed.', hidden)
  inputs?: Record<string, unknown>;

  @Out.string('The seed that reproduces the roll. Absent while sealed.', hidden)
  seed?: string;

  @Out.string('The generator and its version. Absent while sealed.', hidden)
  rng?: string;

  @Out.intList('Every face rolled, in order. Absent while sealed.', hidden)
  faces?: number[];

  @Out.json('What the procedure decided. Absent while sealed.', hidden)
  outcome?: Record<string, unknown>;

  @Out.json('What the roll changed in the campaign (Cash, Wealth …), or null. Absent while sealed.', {
    ...{},
    ...hidden,
    nullable: true,
  })
  effects?: Record<string, unknown> | null;

  @Out.nestedList(
    'A roll that harmed or rested a character or NPC, or ended one of its harm timers: what the engine did, in order, each with a sentence to post (issue 42; also in effects.events). Absent otherwise, and while sealed.',
    () => EngineEventResult,
    hidden,
  )
  events?: EngineEventResult[];

  @Out.json(
    'Single reads and replays of a roll on referee tables: each table version its inputs refer to ' +
      '(inputs.table.version, inputs.subtables.*.version), by version: the definition whose RFC 8785 ' +
      'canonical JSON hashes (SHA-256, hex) to it. Absent otherwise, and while sealed (docs/encounters.md).',
    hidden,
  )
  tables?: Record<string, Record<string, unknown>>;

  @Out.nested(
    'The server’s Ed25519 signature over this roll as shown: the whole roll, or for a sealed one its ' +
      'commitment (see /.well-known/arbiter-keys.json and POST /v1/receipts/verifications).',
    () => Receipt,
  )
  receipt?: Receipt;
}

export const RollPage = PageOf(Roll, 'RollPage');

@ObjectType({ description: 'A stored roll resolved again from its inputs, seed and generator.' })
export class RollReplay {
  @Out.bool('True when the replay gives exactly the stored faces and outcome.')
  matches: boolean;

  @Out.nested('The stored roll.', () => Roll)
  roll: Roll;

  @Out.intList('The faces of the replay.')
  faces: number[];

  @Out.json('The outcome of the replay.')
  outcome: Record<string, unknown>;
}

export const ROLL_ORDERS = ['asc', 'desc'] as const;
export const RollOrderEnum = { asc: 'asc', desc: 'desc' } as const;
registerEnumType(RollOrderEnum, { name: 'RollOrder', description: 'asc: oldest first; desc: newest first.' });

/**
 * An ISO-8601 date, or a date and time with its offset (Z or ±hh:mm). A space stands for `+`: an
 * unencoded `+` in a query string arrives as one.
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+ -]\d{2}:\d{2}))?$/;

/** `GET …/rolls`: the page, its order and the filters (REST query and GraphQL arguments alike). */
@ArgsType()
export class RollLogQuery extends PageQuery {
  @In.oneOf('asc (oldest first, the default) or desc (newest first).', ROLL_ORDERS, RollOrderEnum, {
    optional: true,
  })
  order?: 'asc' | 'desc';

  @In.string('Only rolls of this procedure, e.g. check.pool or encounters.check.v2.', {
    optional: true,
    maxLength: 64,
  })
  procedure?: string;

  @In.id(
    'Only rolls made for this character (purchases, checks made for it …). Never matches a roll sealed for this key.',
    { optional: true, names: 'character' },
  )
  characterId?: string;

  @In.string(
    'Only rolls logged at or after this time: an ISO-8601 date, or a date and time with its offset.',
    {
      optional: true,
      maxLength: 40,
      pattern: ISO_TIME,
      example: '2026-11-23T19:00:00Z',
    },
  )
  since?: string;
}

/** GraphQL arguments of the roll log: the campaign (REST takes it from the path), page and filters. */
@ArgsType()
export class CampaignRollLogArgs extends RollLogQuery {
  @In.id('The campaign id.')
  campaignId: string;
}
