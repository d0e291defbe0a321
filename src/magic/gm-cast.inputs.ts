import { InputType } from '@nestjs/graphql';
import { In } from '../common/schema';

@InputType({ description: 'A stored G&M sorceror casts one of its memorised spells.' })
export class GmCastInput {
  @In.string('The spell, as memorised (case-insensitive).', { maxLength: 64, example: 'Sleepfall' })
  spell: string;

  @In.string('Whom or what it is cast on, in words (for the log and the feed).', {
    optional: true,
    maxLength: 200,
  })
  target?: string;
}
