import { Injectable, OnModuleInit } from '@nestjs/common';
import { newId, now } from '../common/time';
import { COEAC_COSTS, CoeacCostEntry } from '../core/wealth';
import { Database } from '../database/database.service';
import { InventoryCarrierEntity } from '../inventory/inventory.entities';
import { WealthService } from '../wealth/wealth.service';
import { NpcEntity } from './characters.entities';
import { SheetsService } from './sheets.service';

/** The hireling Cost line a purchase names (any part of "Torchbearer/Shieldbearer"), at its Cost. */
export function hirelingLine(item: string, cost: number): CoeacCostEntry | null {
  const wanted = item.trim().toLowerCase();
  if (wanted === '') return null;
  return (
    COEAC_COSTS.find(
      (line) =>
        line.hireling !== null &&
        line.cost === cost &&
        [line.item, ...line.item.split('/')].some((name) => name.toLowerCase() === wanted),
    ) ?? null
  );
}

/**
 * COEAC group 7: a hireling bought through the wealth purchase of its Cost line becomes an NPC bound
 * to the buyer, shown to the players with its numbers (they hired it), with a COEAC sheet of its
 * Pool and HP; a Porter also carries (a porter carrier on the buyer's inventory, named after it).
 */
@Injectable()
export class HirelingPurchases implements OnModuleInit {
  constructor(
    private readonly wealth: WealthService,
    private readonly sheets: SheetsService,
  ) {}

  onModuleInit(): void {
    this.wealth.onPurchase(async (m, who, character, purchase) => {
      const line = purchase.acquired ? hirelingLine(purchase.item, purchase.cost) : null;
      if (!line?.hireling) return {};
      const stamp = now();
      const row: NpcEntity = {
        id: newId(),
        campaignId: character.campaignId,
        name: `${purchase.item.trim()} of ${character.name}`.slice(0, 200),
        kind: 'hireling',
        grade: null,
        tag: null,
        boundTo: character.id,
        visibility: 'players',
        showNumbers: true,
        visibleState: null,
        notes: null,
        followerSource: null,
        training: null,
        lostInSession: null,
        returnsAtSession: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await Database.insertRow(m, NpcEntity, row);
      await this.sheets.putSheetIn(
        m,
        who,
        { kind: 'npc', id: row.id },
        'coeac',
        { pool: line.hireling.pool, maxHp: line.hireling.hp },
        'sheet',
        { procedure: 'wealth.purchase', rollId: purchase.rollId },
      );
      if (line.item === 'Porter') {
        await Database.insertRow(m, InventoryCarrierEntity, {
          id: newId(),
          campaignId: character.campaignId,
          characterId: character.id,
          kind: 'porter',
          name: row.name.slice(0, 100),
          createdAt: stamp,
        });
      }
      return { hirelingNpcId: row.id };
    });
  }
}
