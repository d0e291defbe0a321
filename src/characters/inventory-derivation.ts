import { Injectable, OnModuleInit } from '@nestjs/common';
import { Problem } from '../common/problem';
import type { CairnSheetWeapon } from '../core/characters/sheet-weapons';
import { Database } from '../database/database.service';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { SheetsService } from './sheets.service';

/**
 * Cairn Armor counts only what the character still holds unbroken: the ids of its inventory items.
 * A Cairn sheet weapon that names its item (`weapons[i].itemId`, issue 42) is checked on the PUT that
 * sets or changes that id (the item must be the character's: 409; an NPC names none: 422), and on
 * every PUT the weapon is bulky exactly when its item takes two slots or more (a new id sent with
 * `bulky` for a one-slot item is 422).
 */
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
    this.sheets.onPut(async (m, put) => {
      if (put.system !== 'cairn') return put.after;
      const weapons = (put.after.weapons ?? []) as CairnSheetWeapon[];
      const known = new Set(
        ((put.before?.weapons ?? []) as CairnSheetWeapon[]).flatMap((w) => (w.itemId ? [w.itemId] : [])),
      );
      const named = weapons.map((w, i) => ({ w, i })).filter(({ w }) => w.itemId);
      if (named.length === 0) return put.after;
      const at = (i: number, field: string) => `${put.prefix}.weapons[${i}].${field}`;
      const fresh = named.find(({ w }) => !known.has(w.itemId!));
      if (put.owner.kind !== 'character') {
        if (!fresh) return put.after;
        throw Problem.field(
          'UNPROCESSABLE',
          at(fresh.i, 'itemId'),
          'NPCs carry no inventory: an NPC’s weapon names no item.',
        );
      }
      const items = await Database.selectRows(m, InventoryItemEntity, { characterId: [put.owner.id] });
      const byId = new Map(items.map((item) => [item.id, item]));
      const next = [...weapons];
      for (const { w, i } of named) {
        const isNew = !known.has(w.itemId!);
        const item = byId.get(w.itemId!);
        // An id the sheet held before is kept when its item is gone (an unrelated PUT still passes);
        // the attack finds the item missing.
        if (!item) {
          if (!isNew) continue;
          throw Problem.field(
            'CONFLICT',
            at(i, 'itemId'),
            `${put.owner.name} carries no item ${w.itemId}: the weapon ${w.name} names an item of its own inventory.`,
          );
        }
        // The item's slots say whether it is bulky (two slots or more).
        const bulky = item.slots >= 2;
        if (isNew && w.bulky && !bulky)
          throw Problem.field(
            'UNPROCESSABLE',
            at(i, 'bulky'),
            `${item.name} takes ${item.slots} slot${item.slots === 1 ? '' : 's'}: a bulky weapon's item takes two.`,
          );
        const { bulky: _was, ...rest } = w;
        next[i] = bulky ? { ...{}, ...rest, bulky: true } : rest;
      }
      return { ...{}, ...put.after, weapons: next };
    });
  }
}
