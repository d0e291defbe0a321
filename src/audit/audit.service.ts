import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { EntityManager, MoreThan } from 'typeorm';
import { Principal } from '../auth/principal';
import { CharacterSheetEntity, ConditionEntryEntity, NpcEntity } from '../characters/characters.entities';
import { trackedPaths, readPath, type Sheet, type SheetSystem } from '../core/characters/sheets';
import { foldLedger, sheetDifferencesFromLedger, type FoldedValue } from '../core/engine';
import { Database } from '../database/database.service';
import { CharacterEntity, RollEntity } from '../database/entities';
import { RollsService } from '../rolls/rolls.service';
import type { AuditRollDifference, AuditSheetDifference, CampaignAudit } from './audit.model';

/** How many rows one read takes; the loop yields between reads so other requests go on. */
const BATCH = 500;
/** How many differences of each kind an answer lists (the counts are whole). */
const LISTED = 100;

/**
 * The campaign audit (issue 39): `GET /v1/campaigns/{id}/audit` and `campaignAudit`. Replays the roll
 * log from its start and folds the condition ledger into every stored sheet, and answers what differs.
 * Reads only; its cost grows with the log, so it is a referee's occasional check, not a poll.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly db: Database,
    private readonly rolls: RollsService,
  ) {}

  async audit(principal: Principal): Promise<CampaignAudit> {
    const campaignId = principal.campaignId;
    const rolls = await this.replayLog(campaignId);
    const sheets = await this.foldSheets(campaignId);
    return {
      ok: rolls.matched === rolls.replayed && sheets.total === 0,
      rolls: { replayed: rolls.replayed, matched: rolls.matched, differing: rolls.differing },
      sheets: { checked: sheets.checked, entries: sheets.entries, differing: sheets.differing },
    };
  }

  /** Every logged roll, oldest first, resolved again and compared with what the log holds. */
  private async replayLog(campaignId: string) {
    const m = this.db.manager;
    const differing: AuditRollDifference[] = [];
    let replayed = 0;
    let matched = 0;
    let after = 0;
    for (;;) {
      const batch = await m.find(RollEntity, {
        where: { campaignId, seq: MoreThan(after) },
        order: { seq: 'ASC' },
        take: BATCH,
      });
      for (const stored of batch) {
        replayed += 1;
        const difference = await this.replayOne(m, stored);
        if (difference === null) matched += 1;
        else if (differing.length < LISTED) differing.push(difference);
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].seq;
      await yieldToLoop();
    }
    return { replayed, matched, differing };
  }

  private async replayOne(m: EntityManager, stored: RollEntity): Promise<AuditRollDifference | null> {
    try {
      const { matches } = await this.rolls.resolveAgain(m, stored);
      return matches
        ? null
        : { rollId: stored.id, procedure: stored.procedure, reason: 'outcome', detail: null };
    } catch (error) {
      return {
        rollId: stored.id,
        procedure: stored.procedure,
        reason: 'unreplayable',
        detail: error instanceof Error ? error.message : String(error),
      };
    }
  }

  /**
   * The condition ledger folded, in the order written, against the sheets as stored: read in one
   * transaction (serialised on SQLite, a repeatable-read snapshot on PostgreSQL) so that no change lands
   * between the two reads.
   */
  private async foldSheets(campaignId: string) {
    const { rows, folded, entries } = await this.db.transaction(async (m) => {
      if (m.connection.driver.options.type === 'postgres')
        await m.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      const fold = new Map<string, FoldedValue>();
      let count = 0;
      let after = 0;
      for (;;) {
        const batch = await m.find(ConditionEntryEntity, {
          where: { campaignId, seq: MoreThan(after) },
          order: { seq: 'ASC' },
          take: BATCH * 4,
        });
        foldLedger(batch, fold);
        count += batch.length;
        if (batch.length < BATCH * 4) break;
        after = batch[batch.length - 1].seq;
      }
      const sheetRows = await Database.selectRows(m, CharacterSheetEntity, { campaignId });
      return { rows: sheetRows, folded: fold, entries: count };
    });
    const differences = sheetDifferencesFromLedger(
      rows.map((row) => ({
        ownerKind: row.ownerKind,
        ownerId: row.ownerId,
        system: row.system,
        values: trackedValues(row.system, row.data),
      })),
      folded,
    );
    const names = await this.names(campaignId);
    const differing: AuditSheetDifference[] = differences.slice(0, LISTED).map((d) => ({
      ownerKind: d.ownerKind,
      ownerId: d.ownerId,
      name: names.get(d.ownerId) ?? null,
      system: d.system,
      field: d.field,
      stored: d.stored,
      folded: d.folded,
      brokenAtEntryId: d.brokenAt,
    }));
    return { checked: rows.length, entries, differing, total: differences.length };
  }

  /** Characters’ and NPCs’ names by id, for the differences an answer lists. */
  private async names(campaignId: string): Promise<Map<string, string>> {
    const m = this.db.manager;
    const characters = await Database.selectRows(m, CharacterEntity, { campaignId });
    const npcs = await Database.selectRows(m, NpcEntity, { campaignId });
    return new Map([...characters, ...npcs].map((x) => [x.id, x.name]));
  }
}

function trackedValues(system: SheetSystem, data: Sheet): Map<string, number> {
  const values = new Map<string, number>();
  for (const path of trackedPaths(system, data)) values.set(path, readPath(data, path) as number);
  return values;
}
