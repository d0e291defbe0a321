import { Injectable, OnModuleInit } from '@nestjs/common';
import { Problem } from '../common/problem';
import type { CairnSheetWeapon } from '../core/characters/sheet-weapons';
import { Database } from '../database/database.service';
import { InventoryItemEntity } from '../inventory/inventory.entities';
import { SheetsService } from './sheets.service';

/**
 * Cairn Armor counts only what the character still holds unbroken: the ids of its inventory items.
 * A sheet weapon (Cairn, COEAC, G&M) or the armour or shield of G&M or COEAC that names its item
 * (`itemId`, COEAC's `armor.itemId` and `armor.shieldItemId`; issue 42) is checked on the PUT that
 * sets or changes that id (the item must be the character's: 409; an NPC names none: 422). A Cairn
 * weapon is moreover bulky exactly when its item takes two slots or more, on every PUT (a new id sent
 * with `bulky` for a one-slot item is 422).
 */
/** A sheet member that names its inventory item; `at`: where its id sits (`weapons[1].itemId`). */
interface NamedItem {
  at: string;
  what: string;
  /** Its own name, when it has one (COEAC armour and shield have none). */
  name?: string;
  itemId: string;
  /** A weapon's place in `weapons`. */
  index?: number;
}

/**
 * What a sheet names by inventory item id and the PUT checks: the weapons of every system that has
 * them (Cairn, COEAC, G&M), G&M armour and shield, and COEAC armour and shield (both in `armor`:
 * `itemId`, `shieldItemId`).
 */
function namedItems(system: string, sheet: Record<string, unknown>): NamedItem[] {
  const out: NamedItem[] = [];
  const weapons = Array.isArray(sheet.weapons)
    ? (sheet.weapons as Array<{ name: string; itemId?: string }>)
    : [];
  weapons.forEach((w, i) => {
    if (w.itemId)
      out.push({ at: `weapons[${i}].itemId`, what: 'weapon', name: w.name, itemId: w.itemId, index: i });
  });
  if (system === 'gm') {
    for (const path of ['armor', 'shield'] as const) {
      const piece = sheet[path] as { name?: string; itemId?: string } | undefined;
      if (piece?.itemId)
        out.push({
          at: `${path}.itemId`,
          what: path === 'armor' ? 'armour' : 'shield',
          name: piece.name ?? path,
          itemId: piece.itemId,
        });
    }
  }
  if (system === 'coeac') {
    const armor = (sheet.armor ?? {}) as { kind?: string; itemId?: string; shieldItemId?: string };
    if (armor.itemId) out.push({ at: 'armor.itemId', what: `${armor.kind} armour`, itemId: armor.itemId });
    if (armor.shieldItemId)
      out.push({ at: 'armor.shieldItemId', what: 'shield', itemId: armor.shieldItemId });
  }
  return out;
}

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
      const named = namedItems(put.system, put.after);
      if (named.length === 0) return put.after;
      const known = new Set(put.before ? namedItems(put.system, put.before).map((n) => n.itemId) : []);
      const field = (n: NamedItem) => `${put.prefix}.${n.at}`;
      const fresh = named.find((n) => !known.has(n.itemId));
      if (put.owner.kind !== 'character') {
        if (!fresh) return put.after;
        throw Problem.field(
          'UNPROCESSABLE',
          field(fresh),
          `NPCs carry no inventory: an NPC’s ${fresh.what} names no item.`,
        );
      }
      const items = await Database.selectRows(m, InventoryItemEntity, { characterId: [put.owner.id] });
      const byId = new Map(items.map((item) => [item.id, item]));
      const weapons = [...((put.after.weapons ?? []) as CairnSheetWeapon[])];
      for (const n of named) {
        const isNew = !known.has(n.itemId);
        const item = byId.get(n.itemId);
        // An id the sheet held before is kept when its item is gone (an unrelated PUT still passes);
        // the attack finds the item missing.
        if (!item) {
          if (!isNew) continue;
          throw Problem.field(
            'CONFLICT',
            field(n),
            `${put.owner.name} carries no item ${n.itemId}: the ${n.what}${n.name ? ` ${n.name}` : ''} names an item of its own inventory.`,
          );
        }
        if (put.system !== 'cairn' || n.index === undefined) continue;
        // Cairn: the item's slots say whether the weapon is bulky (two slots or more).
        const w = weapons[n.index];
        const bulky = item.slots >= 2;
        if (isNew && w.bulky && !bulky)
          throw Problem.field(
            'UNPROCESSABLE',
            `${put.prefix}.weapons[${n.index}].bulky`,
            `${item.name} takes ${item.slots} slot${item.slots === 1 ? '' : 's'}: a bulky weapon's item takes two.`,
          );
        const { bulky: _was, ...rest } = w;
        weapons[n.index] = bulky ? { ...{}, ...rest, bulky: true } : rest;
      }
      return put.system === 'cairn' ? { ...{}, ...put.after, weapons } : put.after;
    });
  }
}
