import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { PageOf } from '../common/pagination';

@ObjectType({ description: 'One random outcome in the campaign, as the roll log keeps it.' })
export class Roll {
  @Out.id('The roll id.')
  id: string;

  @Out.string('The procedure that was rolled, e.g. check.pool or wealth.purchase.')
  procedure: string;

  @Out.id('The key that asked for the roll.')
  keyId: string;

  @Out.string('That key’s role: referee, player or viewer.')
  role: string;

  @Out.id('The game session in progress at the time, if any.', { nullable: true })
  sessionId: string | null;

  @Out.json('The inputs of the procedure, as sent (without the seed).')
  inputs: Record<string, unknown>;

  @Out.string('The seed that reproduces the roll.')
  seed: string;

  @Out.string('The generator and its version.')
  rng: string;

  @Out.intList('Every face rolled, in order.')
  faces: number[];

  @Out.json('What the procedure decided.')
  outcome: Record<string, unknown>;

  @Out.json('What the roll changed in the campaign (Cash, Wealth …), or null.', { nullable: true })
  effects: Record<string, unknown> | null;

  @Out.string('When it was rolled (ISO-8601, UTC).')
  createdAt: string;
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
