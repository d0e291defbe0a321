import { Injectable, OnModuleInit } from '@nestjs/common';
import { Database } from '../database/database.service';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { SheetsService } from './sheets.service';

/** Cairn Armor counts only what the character still holds unbroken: the ids of its inventory items. */
@Injectable()
export class InventoryDerivation implements OnModuleInit {
  constructor(private readonly sheets: SheetsService) {}

  onModuleInit(): void {
    this.sheets.addDerivationReader(async (m, owners) => {
      const characters = owners.filter((o) => o.kind === 'character').map((o) => o.id);
      const items = characters.length
        ? // One parameterised read (TypeORM's find builds its query anew on every call: a third of a
          // stored blow's CPU once). A broken item (Broken Gear, until repaired) gives no Armor.
          await Database.selectRows(m, InventoryItemEntity, { characterId: characters, broken: false })
        : [];
      return (owner) =>
        owner.kind === 'character'
          ? { inventoryItemIds: new Set(items.filter((i) => i.characterId === owner.id).map((i) => i.id)) }
          : {};
    });
  }
}
