import { invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { MAX_SHEET_VALUE, HarmLog, type FieldChange, type HarmStep } from './harm-steps';

export const COEAC_ARMOR_KINDS = ['light-armor', 'heavy-armor', 'shield'] as const;
export type CoeacArmorKind = (typeof COEAC_ARMOR_KINDS)[number];

export interface CoeacArmorRow {
  kind: CoeacArmorKind;
  name: string;
  /** Points one Block takes off a blow. */
  block: number;
  /** Blocks per day. */
  usesPerDay: number;
  /** Inventory slots it fills. */
  slots: number;
  /** −1d per slot on endurance, flexibility, balance and climbing tests. */
  penaltyDice: number;
  /** Where the number is ours rather than the seed's. */
  note: string | null;
}

/**
 * COEAC armour kinds (seed 003, "Armor"): Block 2; light armour and shields once a day, heavy armour
 * twice; one penalty die per slot. The seed gives no slot count for a shield: ours is 1.
 */
export const COEAC_ARMOR: readonly CoeacArmorRow[] = [
  { kind: 'light-armor', name: 'Light Armor', block: 2, usesPerDay: 1, slots: 1, penaltyDice: 1, note: null },
  { kind: 'heavy-armor', name: 'Heavy Armor', block: 2, usesPerDay: 2, slots: 2, penaltyDice: 2, note: null },
  {
    kind: 'shield',
    name: 'Shield',
    block: 2,
    usesPerDay: 1,
    slots: 1,
    penaltyDice: 1,
    note: 'The seed gives no slots for a shield; we count one.',
  },
];

export function coeacArmor(kind: string, field = 'kind'): CoeacArmorRow {
  const row = COEAC_ARMOR.find((r) => r.kind === kind);
  if (!row) throw invalid(`\`${field}\` is light-armor, heavy-armor or shield.`, field);
  return row;
}

/** Penalty dice for endurance, flexibility, balance and climbing tests from what is worn and held. */
export function armorPenaltyDice(kinds: readonly CoeacArmorKind[]): number {
  return kinds.reduce((sum, kind) => sum + coeacArmor(kind).penaltyDice, 0);
}

export interface CoeacBlockInput {
  kind: CoeacArmorKind;
  /** Blocks left today; the kind's uses per day when not sent. */
  usesLeft?: number | null;
  /** Block added to the kind's own (a hide worked into it, 003:502); 0 when not sent. */
  bonus?: number | null;
}

export interface CoeacDamageInput {
  hp: number;
  bonusHp?: number | null;
  damage: number;
  /** Activate this armour or shield against the blow. */
  block?: CoeacBlockInput | null;
}

export interface CoeacDamageOutcome {
  damage: number;
  /** Points the Block took (its whole value is spent, even on a smaller blow). */
  blocked: number;
  blockUsesLeft: number | null;
  bonusHpLost: number;
  bonusHp: number;
  hpLost: number;
  hp: number;
  /** Damage no pool could take (HP already at 0). */
  excess: number;
  /** HP went from above 0 to 0 by this blow. */
  downAndOut: boolean;
  /** Down and Out table rolls this blow calls for: 1 when it downs or strikes a downed character. */
  downAndOutChecks: number;
  steps: HarmStep[];
  changes: FieldChange[];
}

/**
 * COEAC damage (seed 003, "Hit Points", "Bonus Hit Points", "Armor", "Down and Out"): a Block (if
 * sent and a use is left) takes up to 2 and spends its whole value; the bonus pool goes next, then
 * HP. Reaching 0 HP puts the character down and out; each later blow while down calls another roll
 * on the Down and Out table. No dice, so no odds.
 */
export function coeacDamage(input: CoeacDamageInput): CoeacDamageOutcome {
  const body = record(input, 'input');
  const hp = wholeNumber(body.hp, 'hp', 0, MAX_SHEET_VALUE);
  const bonusHp = optionalWholeNumber(body.bonusHp, 'bonusHp', 0, 0, MAX_SHEET_VALUE);
  const damage = wholeNumber(body.damage, 'damage', 0, 100_000);
  const log = new HarmLog();

  let remaining = damage;
  let blocked = 0;
  let blockUsesLeft: number | null = null;
  if (body.block !== undefined && body.block !== null) {
    const block = record(body.block, 'block');
    const row = coeacArmor(block.kind as string, 'block.kind');
    const uses = optionalWholeNumber(block.usesLeft, 'block.usesLeft', row.usesPerDay, 0, 100);
    // A monster's hide worked into the piece Blocks more (003:502); absent in rolls logged before.
    const value = row.block + optionalWholeNumber(block.bonus, 'block.bonus', 0, 0, 10);
    if (uses === 0) {
      blockUsesLeft = 0;
      log.step('block', `${row.name} has no Block left today.`);
    } else if (damage === 0) {
      blockUsesLeft = uses;
      log.step('block', 'No damage: the Block is not spent.');
    } else {
      blocked = Math.min(value, remaining);
      remaining -= blocked;
      blockUsesLeft = uses - 1;
      log.step(
        'block',
        `${row.name} blocks ${blocked} (its whole Block ${value} is spent); ${blockUsesLeft} left today`,
      );
      log.change('blockUses', -1, blockUsesLeft);
    }
  }
  const bonusHpLost = Math.min(bonusHp, remaining);
  remaining -= bonusHpLost;
  if (bonusHp > 0) log.step('bonus-hp', `Bonus HP ${bonusHp} → ${bonusHp - bonusHpLost}`);
  log.change('bonusHp', -bonusHpLost, bonusHp - bonusHpLost);
  const hpLost = Math.min(hp, remaining);
  remaining -= hpLost;
  log.step('hp', `HP ${hp} → ${hp - hpLost}`);
  log.change('hp', -hpLost, hp - hpLost);
  const downAndOut = hp > 0 && hp - hpLost === 0;
  const struckWhileDown = hp === 0 && damage - blocked - bonusHpLost > 0;
  if (downAndOut)
    log.step(
      'down-and-out',
      'HP 0: down and out. With aid (Medicine Ob 3) by the end of the scene, roll on the Down and Out table.',
    );
  if (struckWhileDown)
    log.step('down-and-out', 'Struck while down and out: another roll on the Down and Out table.');
  return {
    damage,
    blocked,
    blockUsesLeft,
    bonusHpLost,
    bonusHp: bonusHp - bonusHpLost,
    hpLost,
    hp: hp - hpLost,
    excess: remaining,
    downAndOut,
    downAndOutChecks: downAndOut || struckWhileDown ? 1 : 0,
    steps: log.steps,
    changes: log.changes,
  };
}
