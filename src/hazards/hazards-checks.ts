import { Injectable, OnModuleInit } from '@nestjs/common';
import { SheetChecksService } from '../characters/sheet-checks.service';
import { Problem } from '../common/problem';
import type { SheetModifier } from '../core/characters/sheets-checks';
import {
  ailmentsOf,
  CONCENTRATION_ABILITIES,
  attributeLossOf,
  enduranceLossOf,
  EXHAUSTION_LOSS,
  exhaustionKept,
  gmStatusCheck,
  gmStatusesOf,
} from '../core/hazards';
import type { Sheet } from '../core/characters/sheets';
import { archsoulStatusRuling } from '../core/harm';

/** Fatigue levels on the Archsoul sheet (the exertion ladder). */
const FATIGUED = 1;
const EXHAUSTED = 2;
const UNCONSCIOUS = 3;

/**
 * Hazards' say in every sheet check (issue 21; the Archsoul statuses of issue 19): what the stored
 * Archsoul sheet carries changes the roll, each modifier named in the answer's `modifiers`.
 * - `fatigue` 1 (fatigued): +1 difficulty on every roll (seed 002, "Exertion"); 2 (exhausted): also
 *   one die fewer (every attribute −1, read as one die since the seed does not say which stats are
 *   attributes); 3 (unconscious): no check (409).
 * - `enduranceLoss` (drowning): a check naming Endurance rolls that many dice fewer; `attributeLoss`
 *   likewise for the stats it names; `exhaustionLoss` (exhaustion's −1 to every attribute, kept after
 *   the exhaustion clears) takes that many dice off every check, less the one `fatigue:exhausted`
 *   already takes while the sheet is exhausted.
 * - `statuses` (the referee's list) and harm's conditions (`harm.conditions`: an Archsoul character
 *   wakes Disabled), read by `archsoulStatusRuling` (seed 002 "Status Effects"): Disabled refuses
 *   every check; Disaligned a check naming Soulpower; by the check's declared `action`, Restrained
 *   refuses every physical action and Grappled weapon attacks, moves and movement rituals (409
 *   naming `action`); Knocked Down adds 1 to a melee attack's difficulty.
 * G&M: an ailment kept on the sheet whose effect is a penalty lowers the scores it names by its total
 * (concentration: charisma, wisdom and intelligence rolls, seed 000). Injuries are harm's modifier.
 */
@Injectable()
export class HazardsSheetChecks implements OnModuleInit {
  constructor(private readonly checks: SheetChecksService) {}

  onModuleInit(): void {
    this.checks.addModifier(async (_m, _who, context) => {
      const field = context.owner.kind === 'npc' ? 'npcId' : 'characterId';
      if (context.system === 'gm') {
        // Statuses kept on the sheet (asleep, paralysed, shock, ailing): refusals first.
        const status = gmStatusCheck(gmStatusesOf(context.sheet), context.names);
        if (status.refusedBy !== null) {
          throw Problem.field(
            'CONFLICT',
            field,
            `${context.owner.name} is ${status.refusedBy} (sheet.statuses) and cannot make this check.`,
          );
        }
        return [...gmAilmentPenalties(context.sheet, context.names), ...status.modifiers];
      }
      if (context.system !== 'archsoul') return [];
      const sheet = context.sheet;
      const named = context.names.map((s) => s.toLowerCase());
      // The referee's `statuses` and the conditions harm keeps (waking from unconsciousness: Disabled).
      const harmConditions = ((sheet.harm ?? {}) as { conditions?: unknown }).conditions;
      const statuses = [
        ...(Array.isArray(sheet.statuses) ? (sheet.statuses as unknown[]) : []),
        ...(Array.isArray(harmConditions) ? harmConditions : []),
      ].map((s) => String(s).toLowerCase());
      const fatigue = typeof sheet.fatigue === 'number' ? sheet.fatigue : 0;
      if (fatigue >= UNCONSCIOUS) {
        throw Problem.field(
          'CONFLICT',
          field,
          `${context.owner.name} is unconscious from fatigue (sheet.fatigue ${fatigue}) and makes no checks.`,
        );
      }
      // The five statuses (seed 002, "Status Effects"), read against what the check declares it does.
      const ruling = archsoulStatusRuling(statuses, context.action, named);
      if (ruling.refusedBy !== null) {
        // A refusal that only the declared action brings names `action`; Disabled and Disaligned
        // refuse whatever it is, so they name the character as before.
        throw Problem.field(
          'CONFLICT',
          ruling.byAction ? 'action' : field,
          `${context.owner.name} is ${ruling.why}` + (ruling.byAction ? ` (action ${context.action}).` : '.'),
        );
      }
      const out: SheetModifier[] = ruling.difficulty.map((d) => ({
        source: `status:${d.status}`,
        difficulty: d.difficulty,
      }));
      // Sleeping (002:51): Awareness checks +2 difficulty (other observation is the referee's to refuse).
      if (statuses.includes('asleep') && named.includes('awareness'))
        out.push({ source: 'status:asleep', difficulty: 2 });
      if (fatigue >= FATIGUED) out.push({ source: 'fatigue:fatigued', difficulty: 1 });
      if (fatigue >= EXHAUSTED) out.push({ source: 'fatigue:exhausted', dice: -1 });
      const loss = enduranceLossOf(sheet);
      if (loss > 0 && named.includes('endurance')) out.push({ source: 'enduranceLoss', dice: -loss });
      // Exhaustion's loss kept past the exhaustion (the point taken while exhausted is above).
      const kept = exhaustionKept(sheet);
      const beyond = kept - (fatigue >= EXHAUSTED ? 1 : 0);
      if (beyond > 0) out.push({ source: EXHAUSTION_LOSS, dice: -beyond });
      // What other attributes lost, on a check naming them.
      for (const [name, points] of Object.entries(attributeLossOf(sheet)))
        if (points > 0 && named.includes(name.toLowerCase()))
          out.push({ source: `attributeLoss:${name}`, dice: -points });
      return out;
    });
  }
}

/** The penalties of the G&M ailments a sheet keeps, on the score the check rolls. */
function gmAilmentPenalties(sheet: Sheet, names: string[]): SheetModifier[] {
  const rolled = names.map((n) => n.toLowerCase());
  const out: SheetModifier[] = [];
  for (const a of ailmentsOf(sheet)) {
    if (a.effect !== 'penalty' || a.total <= 0) continue;
    const lowered = a.scores.flatMap((s) => (s === 'concentration' ? [...CONCENTRATION_ABILITIES] : [s]));
    if (rolled.some((n) => lowered.includes(n))) out.push({ source: `ailment:${a.name}`, amount: -a.total });
  }
  return out;
}
