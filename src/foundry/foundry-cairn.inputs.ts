import { InputType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { NPC_KINDS, NPC_VISIBILITIES } from '../characters/characters.entities';
import { NpcKindEnum, NpcVisibilityEnum } from '../characters/characters.inputs';

/** The largest actor file taken (as the body limit, MAX_BODY_BYTES, allows by default). */
export const MAX_ACTOR_CONTENT = 1_048_576;

@InputType({ description: 'Foundry VTT Cairn actors to import as characters.' })
export class FoundryCairnImportInput {
  @In.string(
    'The exported file’s text: one Foundry VTT Cairn actor (Export Data) or a JSON list of them (a folder’s actors); type character.',
    { maxLength: MAX_ACTOR_CONTENT },
  )
  content: string;
}

@InputType({ description: 'Foundry VTT Cairn actors to import as NPCs.' })
export class FoundryCairnNpcImportInput {
  @In.string(
    'The exported file’s text: one Foundry VTT Cairn actor (Export Data) or a JSON list of them (a folder’s actors); type npc or character.',
    { maxLength: MAX_ACTOR_CONTENT },
  )
  content: string;

  @In.oneOf('What they are (default monster).', NPC_KINDS, NpcKindEnum, { optional: true })
  kind?: string;

  @In.oneOf(
    'referee (default): only the referee knows them; players: every key sees them.',
    NPC_VISIBILITIES,
    NpcVisibilityEnum,
    {
      optional: true,
    },
  )
  visibility?: string;
}
