import { invalid, record } from '../checks/validate';
import { HARM_STATES, sheetDamage, type HarmState, type SheetDamageOutcome } from '../harm/campaign';
import type { CoeacArmorKind } from '../harm/coeac-damage';
import type { DownAndOutItem } from '../harm/coeac-down-and-out';
import type { Dice } from '../random';
import { applyChange } from '../engine/apply';
import type { EngineEvent } from '../engine/events';
import type { CoeacDamageChange, CoeacState } from '../engine/state';
import {
  coeacChannelingDefence,
  type CoeacChannelingDefenceInput,
  type CoeacChannelingDefenceOutcome,
} from './coeac-channeling-defence';
import { coeacExchange, type CoeacExchangeInput, type CoeacExchangeOutcome } from './coeac-exchange';

/**
 * A participant's stored COEAC numbers, as `harm.sheet-damage` reads them from the sheet: HP, bonus
 * HP, max HP, the Block it spends (when it Blocks, with the uses left today), whether it is already
 * down, its Saves and Skills (for a Down and Out lot) and the items it carries (Broken Gear).
 */
export interface CoeacActionSheet {
  hp: number;
  bonusHp: number;
  maxHp: number;
  block?: { kind: CoeacArmorKind; usesLeft: number } | null;
  /** The harm state the sheet kept before the action (default up). */
  stateBefore?: HarmState | null;
  saves?: string[] | null;
  skills?: string[] | null;
  items?: DownAndOutItem[] | null;
  /** A non-player character: out of action at 0 HP, no Down and Out roll (003:920). */
  npc?: boolean | null;
}

export interface CoeacActionInput {
  /** The exchange (`combat.coeac-exchange`'s input), or… */
  exchange?: CoeacExchangeInput | null;
  /** …the exchange on a channeler (`combat.coeac-channeling-defence`'s input). One of the two. */
  channeling?: CoeacChannelingDefenceInput | null;
  /** Every participant's sheet: the defender, the attacker (captain), each supporter, each engaged ally. */
  sheets: {
    defender: CoeacActionSheet;
    attacker: CoeacActionSheet;
    supporters?: CoeacActionSheet[] | null;
    /** The engaged allies a stray shot may hit, in the order `engagedAllies` counts them. */
    engaged?: CoeacActionSheet[] | null;
  };
}

/** What the action does to one participant's sheet, exactly as `harm.sheet-damage` computes it. */
export interface CoeacActionHarm {
  /** `defender`, `attacker`, `supporter` or `stray`. */
  role: 'defender' | 'attacker' | 'supporter' | 'stray';
  /** Index among the supporters or the engaged allies (0 for the defender and the attacker). */
  index: number;
  /** The damage dealt to the sheet (a helpless defender downed by its Vigor save: its HP + bonus HP). */
  amount: number;
  harm: SheetDamageOutcome;
}

export interface CoeacActionOutcome {
  exchange: CoeacExchangeOutcome | null;
  channeling: CoeacChannelingDefenceOutcome | null;
  /** Every sheet the action harms, in order: the defender, the attacker, the supporters, the stray shot. */
  harm: CoeacActionHarm[];
  faces: number[];
}

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

function sheetOf(raw: unknown, field: string) {
  const s = record(raw, field);
  const state = (s.stateBefore ?? 'up') as HarmState;
  if (!HARM_STATES.includes(state))
    throw invalid(`\`stateBefore\` is one of: ${HARM_STATES.join(', ')}.`, `${field}.stateBefore`);
  return { ...{}, ...(s as unknown as CoeacActionSheet), stateBefore: state };
}

/**
 * A COEAC action of a stored combat on one seeded stream (issue 20, "logs one roll"): the exchange
 * (or the exchange on a channeler), then, for every participant it harms, the damage on its sheet
 * through the same core `harm.sheet-damage` uses (Block, bonus HP, HP, the Down and Out table). A
 * helpless defender that was up and fails its Vigor save goes down and out: the damage applied is
 * raised to its HP + bonus HP, the only way the harm ledger knows Down and Out (docs/combat.md).
 * Each participant takes at most one blow (the stray shot never hits a supporter). The exchange's
 * part of the outcome is what `combat.coeac-exchange` (or `combat.coeac-channeling-defence`)
 * answers on the same stream.
 */
export function coeacAction(input: CoeacActionInput, dice: Dice): CoeacActionOutcome {
  return coeacActionOf(input, dice, false);
}

/**
 * `combat.coeac-action.v2` (issue 39): as version 1, but a tie in the exchange on a channeler costs
 * everyone in it a point (003:137): the channeler (its Discipline save at Ob 1 follows), the
 * attacker and each supporter; every sheet's max HP at 0 is death (`maxHpDeath`, 003:173); and a
 * shield Blocks on its own use (`ownShieldUses`, 003:183: `block.usesLeft` is the shield's).
 * `combat.coeac-action` stays registered so the rolls logged before replay.
 */
export function coeacActionV2(input: CoeacActionInput, dice: Dice): CoeacActionOutcome {
  return coeacActionOf(input, dice, true);
}

/** A participant of `combat.coeac-action.v3`: its engine state, and what the action adds (Block, items). */
export interface CoeacActionSheetV3 {
  /** The sheet as the engine reads it (`sheetState`): HP, bonus HP, max HP, saves, skills, harm. */
  state: CoeacState;
  block?: { kind: CoeacArmorKind; usesLeft: number } | null;
  /** Items carried (Broken Gear draws its lots from them). */
  items?: DownAndOutItem[] | null;
}

/** `combat.coeac-action.v3`'s input: v2's, each participant as its engine state (issue 39). */
export interface CoeacActionV3Input {
  exchange?: CoeacExchangeInput | null;
  channeling?: CoeacChannelingDefenceInput | null;
  sheets: {
    defender: CoeacActionSheetV3;
    attacker: CoeacActionSheetV3;
    supporters?: CoeacActionSheetV3[] | null;
    engaged?: CoeacActionSheetV3[] | null;
  };
}

/** `combat.coeac-action.v3`'s answer: v2's, with the events of each harm's transition (index for index). */
export interface CoeacActionV3Outcome extends CoeacActionOutcome {
  events: EngineEvent[][];
}

/**
 * `combat.coeac-action.v3` (issue 39: one trip down and back): the exchange (or the channeling
 * defence) as v2 rolls it and, for each sheet it harms, the engine's transition (`applyChange`, a
 * `damage` change with the sheet's Block and items) on that participant's state, on the same stream;
 * the events are the transition's, so the service writes the harm and tells it without a second read.
 */
export function coeacActionV3(input: CoeacActionV3Input, dice: Dice): CoeacActionV3Outcome {
  const body = record(input, 'input');
  const sheets = record(body.sheets, 'sheets');
  const one = (raw: unknown, field: string): CoeacActionSheet => {
    const x = record(raw, field);
    const state = record(x.state, `${field}.state`) as unknown as CoeacState;
    if (state.system !== 'coeac')
      throw invalid('A participant’s state is a COEAC state.', `${field}.state.system`);
    const sheet: CoeacActionSheet = {
      hp: state.values.hp,
      bonusHp: state.values.bonusHp,
      maxHp: state.values.maxHp,
      ...(x.block ? { block: x.block as CoeacActionSheet['block'] } : {}),
      stateBefore: state.harm.state,
      saves: state.saves,
      skills: state.skills,
      items: (x.items as DownAndOutItem[] | null | undefined) ?? [],
      ...(state.npc ? { npc: true } : {}),
    };
    // Kept on the sheet under a symbol (copied with it, never logged) for the transition below.
    return Object.assign(sheet, { [ENGINE_STATE]: state });
  };
  const list = (raw: unknown, field: string) =>
    ((raw ?? []) as unknown[]).map((s, i) => one(s, `${field}[${i}]`));
  const converted: CoeacActionInput = {
    ...{},
    ...(body.exchange !== undefined ? { exchange: body.exchange as CoeacExchangeInput | null } : {}),
    ...(body.channeling !== undefined
      ? { channeling: body.channeling as CoeacChannelingDefenceInput | null }
      : {}),
    sheets: {
      defender: one(sheets.defender, 'sheets.defender'),
      attacker: one(sheets.attacker, 'sheets.attacker'),
      supporters: list(sheets.supporters, 'sheets.supporters'),
      engaged: list(sheets.engaged, 'sheets.engaged'),
    },
  };
  const events: EngineEvent[][] = [];
  const outcome = coeacActionOf(converted, dice, true, (sheet, amount) => {
    const change: CoeacDamageChange = {
      kind: 'damage',
      amount,
      block: sheet.block ?? null,
      medicine: null,
      items: sheet.items ?? [],
    };
    const applied = applyChange((sheet as { [ENGINE_STATE]?: CoeacState })[ENGINE_STATE]!, change, dice);
    events.push(applied.events);
    return applied.outcome as SheetDamageOutcome;
  });
  return { ...{}, ...outcome, events };
}

const ENGINE_STATE = Symbol('engine state');

type CoeacHarmer = (sheet: CoeacActionSheet, amount: number) => SheetDamageOutcome;

function coeacActionOf(
  input: CoeacActionInput,
  dice: Dice,
  v2: boolean,
  harmer?: CoeacHarmer,
): CoeacActionOutcome {
  const body = record(input, 'input');
  const hasExchange = body.exchange !== undefined && body.exchange !== null;
  const hasChanneling = body.channeling !== undefined && body.channeling !== null;
  if (hasExchange === hasChanneling)
    throw invalid('Send `exchange` or `channeling` (one of them).', 'exchange');
  const sheets = record(body.sheets, 'sheets');
  const defender = sheetOf(sheets.defender, 'sheets.defender');
  const attacker = sheetOf(sheets.attacker, 'sheets.attacker');
  const supporters = ((sheets.supporters ?? []) as unknown[]).map((s, i) =>
    sheetOf(s, `sheets.supporters[${i}]`),
  );
  const engaged = ((sheets.engaged ?? []) as unknown[]).map((s, i) => sheetOf(s, `sheets.engaged[${i}]`));
  const start = dice.faces.length;

  const blows: Array<{
    role: CoeacActionHarm['role'];
    index: number;
    amount: number;
    sheet: CoeacActionSheet;
  }> = [];
  let exchange: CoeacExchangeOutcome | null = null;
  let channeling: CoeacChannelingDefenceOutcome | null = null;
  if (hasExchange) {
    const x = body.exchange as CoeacExchangeInput;
    const supportersCounted = num(x.attacker?.supporters);
    if (supportersCounted !== supporters.length)
      throw invalid('`sheets.supporters` lists one sheet per supporter.', 'sheets.supporters');
    exchange = coeacExchange(x, dice);
    let toDefender = exchange.damageToDefender;
    // Helpless (B9): a failed Vigor save puts an up defender down and out.
    if (exchange.downAndOut === true && defender.stateBefore === 'up')
      toDefender = Math.max(toDefender, num(defender.hp) + num(defender.bonusHp));
    blows.push({ role: 'defender', index: 0, amount: toDefender, sheet: defender });
    blows.push({ role: 'attacker', index: 0, amount: exchange.damageToAttacker, sheet: attacker });
    supporters.forEach((s, i) =>
      blows.push({ role: 'supporter', index: i, amount: exchange!.damageToEachSupporter, sheet: s }),
    );
    if (exchange.stray) {
      const i = exchange.stray.ally - 1;
      // Without the ally's sheet (none engaged), the shot is reported and harms nobody.
      if (engaged[i])
        blows.push({ role: 'stray', index: i, amount: exchange.stray.damage, sheet: engaged[i] });
    }
  } else {
    const c = body.channeling as CoeacChannelingDefenceInput;
    if (v2 && num(c.attacker?.supporters) !== supporters.length)
      throw invalid('`sheets.supporters` lists one sheet per supporter.', 'sheets.supporters');
    channeling = coeacChannelingDefence(v2 ? { ...{}, ...c, ties: true } : c, dice);
    blows.push({
      role: 'defender',
      index: 0,
      amount: channeling.damageToDefender + channeling.backlashDamage,
      sheet: defender,
    });
    const tie = channeling.damageToAttacker ?? 0;
    if (tie > 0) {
      blows.push({ role: 'attacker', index: 0, amount: tie, sheet: attacker });
      supporters.forEach((s, i) => blows.push({ role: 'supporter', index: i, amount: tie, sheet: s }));
    }
  }

  const harm: CoeacActionHarm[] = [];
  for (const blow of blows) {
    if (blow.amount <= 0) continue;
    const s = blow.sheet;
    if (harmer) {
      harm.push({ role: blow.role, index: blow.index, amount: blow.amount, harm: harmer(s, blow.amount) });
      continue;
    }
    const state = (s.stateBefore ?? 'up') as HarmState;
    const outcome = sheetDamage(
      {
        system: 'coeac',
        stateBefore: state,
        hp: num(s.hp),
        bonusHp: num(s.bonusHp),
        damage: blow.amount,
        block: s.block ?? null,
        down: state === 'down-and-out' || (num(s.hp) === 0 && num(s.maxHp) > 0),
        maxHp: num(s.maxHp),
        saves: s.saves ?? [],
        skills: s.skills ?? [],
        items: s.items ?? [],
        medicine: null,
        ...(s.npc === true ? { npc: true } : {}),
        ...(v2 ? { maxHpDeath: true, ownShieldUses: true } : {}),
      },
      dice,
    );
    harm.push({ role: blow.role, index: blow.index, amount: blow.amount, harm: outcome });
  }
  return { exchange, channeling, harm, faces: dice.faces.slice(start) };
}
