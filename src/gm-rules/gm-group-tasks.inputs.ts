import { InputType } from '@nestjs/graphql';
import { ApiSchema } from '@nestjs/swagger';
import { In } from '../common/schema';
import { GmGroupEffortInput } from '../combat/combat.inputs';

/** A G&M group effort made by characters of a campaign at a named task (CH6, 001:675). */
@InputType({ description: 'A G&M group effort by characters of the campaign, logged, at a named task.' })
@ApiSchema({ name: 'CampaignGmGroupEffortInput' })
export class CampaignGmGroupEffortInput extends GmGroupEffortInput {
  @In.idList('The characters making the effort together (a player key must name one of its own).', {
    maxItems: 200,
    names: 'character',
  })
  characterIds: string[];

  @In.string(
    'The task the group attempts. A group attempt is counted apart from individual ones: after an individual failure the group may still try once, and after a group failure an individual may try once (001:675).',
    { optional: true, maxLength: 200 },
  )
  task?: string;

  @In.bool('The task is reframed as a different one (needs a new `framing`).', { optional: true })
  reframed?: boolean;

  @In.string('How the task is framed (required with reframed; kept with the attempt).', {
    optional: true,
    maxLength: 500,
  })
  framing?: string;
}
