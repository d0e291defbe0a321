import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { assertReferee, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Problem } from '../common/problem';
import { newId, now } from '../common/time';
import { NpcEntity, NpcKind, NpcVisibility } from '../characters/characters.entities';
import { NpcsService } from '../characters/npcs.service';
import { SheetOwner, SheetsService } from '../characters/sheets.service';
import {
  FoundryCairnActor,
  readFoundryCairnActors,
  writeFoundryCairnActor,
} from '../core/characters/foundry-cairn';
import { Database, MutationCall } from '../database/database.service';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { InventoryService } from '../inventory/inventory.service';
import { FoundryCairnImportInput, FoundryCairnNpcImportInput } from './foundry-cairn.inputs';
import {
  FoundryActorExport,
  FoundryCairnCharacterImport,
  FoundryCairnNpcImport,
  FoundryUnmapped,
} from './foundry-cairn.results';

/** The procedure the ledger names for tracked values an import sets. */
export const FOUNDRY_CAIRN_IMPORT = 'characters.foundry-cairn-import';
const NPC_NOTES = 4000;

/**
 * Foundry VTT's Cairn actors in and out (issue 40): an import makes characters (a Cairn sheet, whose
 * tracked values open the condition ledger as every new sheet's do, and inventory items) or NPCs (a
 * Cairn sheet) in one transaction, all or nothing; an export writes a stored one back in the same
 * format. The mapping is the core's (src/core/characters/foundry-cairn.ts).
 */
@Injectable()
export class FoundryCairnService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly npcs: NpcsService,
    private readonly inventory: InventoryService,
  ) {}

  importCharacters(
    who: Principal,
    input: FoundryCairnImportInput,
    call: MutationCall,
  ): Promise<FoundryCairnCharacterImport> {
    assertReferee(who);
    const actors = readFoundryCairnActors(input.content);
    const at = placeIn(input.content);
    actors.forEach((actor, i) => {
      if (actor.type !== 'character') {
        throw Problem.field(
          'VALIDATION_FAILED',
          `${at(i)}.type`,
          `${at(i)}.type is npc: import NPCs with POST …/npcs/import/foundry-cairn.`,
        );
      }
    });
    return this.db.mutation(call, async (m) => {
      const characters = [];
      for (const [i, actor] of actors.entries()) {
        const entity = await this.campaigns.insertCharacter(m, who, {
          name: actor.name,
          notes: actor.notes ?? undefined,
        });
        const worn: Array<{ itemId: string; armor: number }> = [];
        const weapons: NonNullable<FoundryCairnActor['sheet']['weapons']> = [];
        for (const [j, item] of actor.items.entries()) {
          const row = await this.inventory.addItem(
            m,
            who.campaignId,
            entity.id,
            { name: item.name, kind: 'gear', slots: item.slots, notes: item.notes, foundry: item.foundry },
            `${at(i)}.items[${j}]`,
          );
          if (item.wornArmor !== null) worn.push({ itemId: row.id, armor: item.wornArmor });
          if (item.weapon) weapons.push({ ...{}, ...item.weapon, itemId: row.id });
        }
        const withWeapons =
          weapons.length > 0 ? { ...{}, ...actor, sheet: { ...{}, ...actor.sheet, weapons } } : actor;
        await this.putSheet(m, who, { kind: 'character', id: entity.id }, withWeapons, worn, at(i));
        characters.push(await this.campaigns.toCharacter(m, entity));
      }
      return { characters, unmapped: unmappedOf(actors) };
    });
  }

  importNpcs(
    who: Principal,
    input: FoundryCairnNpcImportInput,
    call: MutationCall,
  ): Promise<FoundryCairnNpcImport> {
    assertReferee(who);
    const actors = readFoundryCairnActors(input.content);
    const at = placeIn(input.content);
    return this.db.mutation(call, async (m) => {
      const npcs = [];
      const unmapped = unmappedOf(actors);
      for (const [i, actor] of actors.entries()) {
        const stamp = now();
        const notes = actor.notes ? actor.notes.slice(0, NPC_NOTES) : null;
        if (actor.items.length > 0) {
          unmapped.push({
            field: `${at(i)}.items`,
            reason: 'NPCs carry no inventory in Arbiter; the items are not stored (the sheet keeps Armor).',
          });
        }
        if (actor.notes && actor.notes.length > NPC_NOTES) {
          unmapped.push({
            field: `${at(i)}.system.description`,
            reason: 'cut to the 4,000 characters NPC notes hold',
          });
        }
        const row: NpcEntity = {
          id: newId(),
          campaignId: who.campaignId,
          name: actor.name,
          kind: (input.kind ?? 'monster') as NpcKind,
          grade: null,
          tag: null,
          boundTo: null,
          visibility: (input.visibility ?? 'referee') as NpcVisibility,
          showNumbers: false,
          visibleState: null,
          notes,
          followerSource: null,
          training: null,
          lostInSession: null,
          returnsAtSession: null,
          createdAt: stamp,
          updatedAt: stamp,
        };
        await Database.insertRow(m, NpcEntity, row);
        await this.putSheet(m, who, { kind: 'npc', id: row.id }, actor, [], at(i));
        npcs.push(await this.npcs.view(m, who, row));
      }
      return { npcs, unmapped };
    });
  }

  async exportCharacter(who: Principal, characterId: string): Promise<FoundryActorExport> {
    const m = this.db.manager;
    const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
    const character = await this.campaigns.character(m, who.campaignId, characterId);
    const sheet = (await this.sheets.requireSheet(m, owner, 'cairn')).data as Record<string, unknown>;
    const worn = new Map(
      ((sheet.worn ?? []) as Array<{ itemId: string; armor: number }>).map((w) => [w.itemId, w.armor]),
    );
    const items = await m.find(InventoryItemEntity, {
      where: { campaignId: who.campaignId, characterId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const document = writeFoundryCairnActor({
      name: character.name,
      type: 'character',
      notes: character.notes,
      sheet,
      items: items.map((item) => ({
        name: item.name,
        slots: item.slots,
        notes: item.notes,
        worn: worn.get(item.id) ?? null,
        foundry: item.foundry ? (JSON.parse(item.foundry) as Record<string, unknown>) : null,
      })),
    });
    return { format: 'foundry-cairn', document };
  }

  async exportNpc(who: Principal, npcId: string): Promise<FoundryActorExport> {
    const m = this.db.manager;
    const owner: SheetOwner = await this.npcs.withNumbers(m, who, npcId);
    const row = await this.npcs.npc(m, who.campaignId, npcId);
    const sheet = (await this.sheets.requireSheet(m, owner, 'cairn')).data as Record<string, unknown>;
    // Other keys never read the referee's notes of an NPC.
    const notes = who.role === 'referee' ? row.notes : null;
    const document = writeFoundryCairnActor({ name: row.name, type: 'npc', notes, sheet, items: [] });
    return { format: 'foundry-cairn', document };
  }

  /** The Cairn sheet, through the sheet path every new sheet takes: its tracked values open the ledger. */
  private async putSheet(
    m: EntityManager,
    who: Principal,
    owner: { kind: 'character' | 'npc'; id: string },
    actor: FoundryCairnActor,
    worn: Array<{ itemId: string; armor: number }>,
    at: string,
  ): Promise<void> {
    const sheet: Record<string, unknown> = { ...{}, ...actor.sheet };
    if (worn.length > 0) sheet.worn = worn;
    await this.sheets.putSheetIn(m, who, owner, 'cairn', sheet, `${at}.system`, {
      procedure: FOUNDRY_CAIRN_IMPORT,
    });
  }
}

/** Where an actor is in the file, as the core names it: `content[1]` in a list, `content` alone. */
function placeIn(content: string): (i: number) => string {
  const list = content.trimStart().startsWith('[');
  return (i) => (list ? `content[${i}]` : 'content');
}

function unmappedOf(actors: FoundryCairnActor[]): FoundryUnmapped[] {
  return actors.flatMap((a) => a.unmapped);
}
