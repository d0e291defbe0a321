import { Injectable, OnModuleInit } from '@nestjs/common';
import { In as AnyOf } from 'typeorm';
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
        ? await m.find(InventoryItemEntity, {
            // A broken item (Broken Gear, until repaired) gives no Armor.
            where: { characterId: AnyOf(characters), broken: false },
            select: { id: true, characterId: true },
          })
        : [];
      return (owner) =>
        owner.kind === 'character'
          ? { inventoryItemIds: new Set(items.filter((i) => i.characterId === owner.id).map((i) => i.id)) }
          : {};
    });
  }
}
