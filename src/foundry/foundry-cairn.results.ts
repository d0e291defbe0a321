import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { Character } from '../campaigns/campaign.model';
import { Npc } from '../characters/characters.results';

@ObjectType({ description: 'Something of an imported actor that Arbiter does not keep.' })
export class FoundryUnmapped {
  @Out.string('Where it is in the file (content[0].system.gold).')
  field: string;

  @Out.string('Why it is not kept.')
  reason: string;
}

@ObjectType({ description: 'Foundry VTT Cairn actors imported as characters.' })
export class FoundryCairnCharacterImport {
  @Out.nestedList('The characters made, in the file’s order.', () => Character)
  characters: Character[];

  @Out.nestedList('What the file holds that Arbiter does not keep.', () => FoundryUnmapped)
  unmapped: FoundryUnmapped[];
}

@ObjectType({ description: 'Foundry VTT Cairn actors imported as NPCs.' })
export class FoundryCairnNpcImport {
  @Out.nestedList('The NPCs made, in the file’s order.', () => Npc)
  npcs: Npc[];

  @Out.nestedList('What the file holds that Arbiter does not keep.', () => FoundryUnmapped)
  unmapped: FoundryUnmapped[];
}

@ObjectType({ description: 'A character or NPC as a Foundry VTT Cairn actor.' })
export class FoundryActorExport {
  @Out.string('The format (foundry-cairn).')
  format: string;

  @Out.json('The actor (REST answers it alone, ready to save as a file and import in Foundry).')
  document: Record<string, unknown>;
}
