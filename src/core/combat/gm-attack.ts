import { passingFaces } from '../checks/ability-roll';
import {
  fieldPath,
  invalid,
  optionalFlag,
  optionalWholeNumber,
  record,
  wholeNumber,
} from '../checks/validate';
import { majorContributor, minorContributor } from '../characters/gm-derivation';
import type { Dice } from '../random';
import {
  addMass,
  asOdds,
  CombatLog,
  parseDamageDice,
  sumDistribution,
  type CombatModifier,
  type CombatStep,
  type Distribution,
} from './combat-steps';

/** The number an attack roll is made against (seed 001, "Hitting"). */
export const GM_ATTACK_BASE = 11;
export const GM_COVERS = ['none', 'weak', 'strong', 'full'] as const;
export type GmCover = (typeof GM_COVERS)[number];
/** The cover table (seed 001, "Cover"): defence bonus for warriors and for everyone else. */
export const GM_COVER_TABLE: Readonly<Record<GmCover, { warrior: number; other: number }>> = {
  none: { warrior: 0, other: 0 },
  weak: { warrior: 1, other: 0 },
  strong: { warrior: 2, other: 1 },
  full: { warrior: 3, other: 2 },
};
export const GM_NON_DEFENDING = ['covered', 'unaware', 'immobile'] as const;
export type GmNonDefending = (typeof GM_NON_DEFENDING)[number];
/** Attack bonuses against non-defending targets; they do not combine (seed 001). */
export const GM_NON_DEFENDING_BONUS: Readonly<Record<GmNonDefending, number>> = {
  covered: 4,
  unaware: 4,
  immobile: 10,
};
export const GM_BLOWS = ['killing', 'knockout'] as const;
export type GmBlow = (typeof GM_BLOWS)[number];
export const GM_UNSEEN = ['close', 'ranged'] as const;
export const MAX_GM_MODIFIER = 100;
export const MAX_SITUATIONAL = 20;

export interface GmAttackInput {
  /** The attacker's combined attack bonus (Fighting Art, strength or agility attack, size …). */
  attackBonus: number;
  /** The target's defence. */
  defense: number;
  cover?: GmCover | null;
  /** The target uses the warriors' column of the cover table. */
  warriorCover?: boolean | null;
  /** Firing into close combat: how many combatants are in it (3–5 strong cover, 6+ full). */
  intoMelee?: number | null;
  calledShot?: boolean | null;
  /** Thrown or propelled: distance and the weapon's range, in yards. */
  range?: { distance: number; increment: number; thrownStrength?: number | null } | null;
  /** The attacker cannot see the target: close (−3) or ranged (−6). */
  unseen?: (typeof GM_UNSEEN)[number] | null;
  highGround?: boolean | null;
  attackerSurprised?: boolean | null;
  targetSurprised?: boolean | null;
  nonDefending?: GmNonDefending | null;
  /** A strength-built bow: the strength it is built for and the wielder's. */
  strengthBow?: { builtFor: number; wielder: number } | null;
  situational?: { name: string; value: number }[] | null;
  /** Weapon damage dice (`d8+4`); or `unarmed`. */
  damage?: string | null;
  /** Bare hands: d3 (d2 for halflings, goblins and gnomes: `smallSpecies`). */
  unarmed?: boolean | null;
  smallSpecies?: boolean | null;
  blow?: GmBlow | null;
  /** A warrior spends two combat bonus points on the knockout: 2 points go to injuries. */
  warriorKnockout?: boolean | null;
  /** The target's evasion against a knockout blow; rolled when sent. */
  knockoutEvasion?: { score: number; headProtection?: boolean | null; helmetDefense?: number | null } | null;
}

export interface GmFollowUp {
  /** Who rolls: target, bystander, adjacent-opponent. */
  who: string;
  roll: string;
  detail: string;
}

export interface GmAttackOutcome {
  target: number;
  roll: number;
  hit: boolean;
  damageDice: string;
  damageFaces: number[];
  /** Damage dealt (0 on a miss). */
  damage: number;
  /** Of it, what goes to injuries (killing or knockout blow) and what to survival. */
  toInjuries: number;
  toSurvival: number;
  /** Dice of weapon damage (each forces an injury point in the harm core). */
  weaponDice: number;
  knockoutEvasion: { target: number; roll: number; passed: boolean; odds: { success: number } } | null;
  /** The attacker's own defence this round (called shots: −2). */
  attackerDefensePenalty: number;
  followUps: GmFollowUp[];
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
  odds: { hit: number; damage: Record<string, number>; damageIfHit: Record<string, number> };
}

/** The range penalty: none within range, 1 past it, 1 more for every further range (seed 001, "Weapons"). */
export function rangePenalty(distance: number, increment: number): number {
  if (distance <= increment) return 0;
  return Math.ceil(distance / increment) - 1;
}

/**
 * G&M attack (seed 001, "Hitting", "Damage", "Firing into close combat", "Special conflict
 * maneuvers", "Weapons"): d20 at or under 11 + the attack bonus − the target's defence, every
 * modifier named; on a hit the weapon's dice. Killing blows send half the damage (rounded up) to
 * injuries; a knockout blow 1 (2 for a warrior) if the target fails its evasion.
 */
export function gmAttack(input: GmAttackInput, dice: Dice): GmAttackOutcome {
  const body = record(input, 'input');
  const attackBonus =
    wholeNumber(
      Number.isInteger(body.attackBonus) ? (body.attackBonus as number) + MAX_GM_MODIFIER : body.attackBonus,
      'attackBonus',
      0,
      2 * MAX_GM_MODIFIER,
    ) - MAX_GM_MODIFIER;
  const defense =
    wholeNumber(
      Number.isInteger(body.defense) ? (body.defense as number) + MAX_GM_MODIFIER : body.defense,
      'defense',
      0,
      2 * MAX_GM_MODIFIER,
    ) - MAX_GM_MODIFIER;
  const cover = (body.cover ?? 'none') as GmCover;
  if (!GM_COVERS.includes(cover)) throw invalid('`cover` is none, weak, strong or full.', 'cover');
  const warriorCover = optionalFlag(body.warriorCover, 'warriorCover');
  const intoMelee = optionalWholeNumber(body.intoMelee, 'intoMelee', 0, 0, 1000);
  const calledShot = optionalFlag(body.calledShot, 'calledShot');
  const highGround = optionalFlag(body.highGround, 'highGround');
  const attackerSurprised = optionalFlag(body.attackerSurprised, 'attackerSurprised');
  const targetSurprised = optionalFlag(body.targetSurprised, 'targetSurprised');
  const nonDefending = (body.nonDefending ?? null) as GmNonDefending | null;
  if (nonDefending !== null && !GM_NON_DEFENDING.includes(nonDefending))
    throw invalid('`nonDefending` is covered, unaware or immobile.', 'nonDefending');
  const unseen = (body.unseen ?? null) as string | null;
  if (unseen !== null && !GM_UNSEEN.includes(unseen as never))
    throw invalid('`unseen` is close or ranged.', 'unseen');
  const blow = (body.blow ?? null) as GmBlow | null;
  if (blow !== null && !GM_BLOWS.includes(blow)) throw invalid('`blow` is killing or knockout.', 'blow');
  if (blow !== null && !calledShot)
    throw invalid(`A ${blow} blow is a called shot: send \`calledShot: true\`.`, 'blow');
  if (blow === 'killing' && nonDefending !== 'immobile')
    throw invalid('Only an immobile target can take a killing blow.', 'blow');
  if (blow === 'knockout' && nonDefending === null && !targetSurprised) {
    throw invalid('A knockout blow needs an unaware, surprised, covered or immobile target.', 'blow');
  }
  const unarmed = optionalFlag(body.unarmed, 'unarmed');
  const small = optionalFlag(body.smallSpecies, 'smallSpecies');
  if (unarmed === (body.damage !== undefined && body.damage !== null)) {
    throw invalid(
      'Send either `damage` (the weapon’s dice) or `unarmed: true`.',
      unarmed ? 'damage' : 'damage',
    );
  }
  const weapon = unarmed
    ? parseDamageDice(small ? 'd2' : 'd3', 'damage')
    : parseDamageDice(body.damage, 'damage');

  const log = new CombatLog();
  let target = GM_ATTACK_BASE;
  log.modifier('base', GM_ATTACK_BASE, 'attacks are made against 11');
  if (attackBonus !== 0)
    target += log.modifier('attack-bonus', attackBonus, `attack bonus ${signed(attackBonus)}`);
  // Defence and everything that changes it.
  let effectiveDefense = defense;
  log.modifier('defense', -defense, `target defence ${signed(defense)}`);
  const meleeCover: GmCover = intoMelee >= 6 ? 'full' : intoMelee >= 3 ? 'strong' : 'none';
  const coverUsed: GmCover = GM_COVERS.indexOf(meleeCover) > GM_COVERS.indexOf(cover) ? meleeCover : cover;
  const coverBonus = GM_COVER_TABLE[coverUsed][warriorCover ? 'warrior' : 'other'];
  if (coverUsed !== 'none') {
    effectiveDefense += coverBonus;
    log.modifier(
      meleeCover === coverUsed && meleeCover !== cover ? 'close-combat-cover' : 'cover',
      -coverBonus,
      `${coverUsed} cover${meleeCover === coverUsed && meleeCover !== cover ? ` from ${intoMelee} combatants in close combat` : ''}: +${coverBonus} defence (${warriorCover ? 'warrior' : 'non-warrior'} column)`,
    );
  }
  if (targetSurprised) {
    effectiveDefense -= 2;
    log.modifier('target-surprised', 2, 'the target is surprised: −2 defence');
  }
  target -= effectiveDefense;
  if (calledShot)
    target += log.modifier(
      'called-shot',
      -3,
      'called shot: −3 to attack (and −2 to the attacker’s defence this round)',
    );
  if (body.range !== undefined && body.range !== null) {
    const range = record(body.range, 'range');
    const distance = wholeNumber(range.distance, 'range.distance', 0, 100_000);
    let increment = wholeNumber(range.increment, 'range.increment', 1, 100_000);
    let bowPenalty = 0;
    if (body.strengthBow !== undefined && body.strengthBow !== null) {
      const bow = record(body.strengthBow, 'strengthBow');
      const built = majorContributor(wholeNumber(bow.builtFor, 'strengthBow.builtFor', 1, 1000));
      const wielder = majorContributor(wholeNumber(bow.wielder, 'strengthBow.wielder', 1, 1000));
      if (wielder >= built && built > 0) increment = Math.floor((increment * (4 + built)) / 4);
      else if (wielder < built) bowPenalty = built - wielder;
    }
    let penalty = rangePenalty(distance, increment);
    const thrown =
      range.thrownStrength === undefined || range.thrownStrength === null
        ? null
        : wholeNumber(range.thrownStrength, 'range.thrownStrength', 1, 1000);
    if (thrown !== null && penalty > 0) {
      const offset = Math.min(penalty, Math.max(0, minorContributor(thrown)));
      if (offset > 0)
        log.modifier(
          'thrown-strength',
          offset,
          `strength (minor contributor) takes ${offset} off the range penalty`,
        );
      penalty -= offset;
    }
    if (penalty > 0)
      target += log.modifier('range', -penalty, `${distance} yd at a range of ${increment} yd: −${penalty}`);
    if (bowPenalty > 0)
      target += log.modifier(
        'bow-strength',
        -bowPenalty,
        `a bow built for more strength than the wielder has: −${bowPenalty}`,
      );
  } else if (body.strengthBow !== undefined && body.strengthBow !== null) {
    throw invalid('A strength-built bow needs `range`.', 'strengthBow');
  }
  if (unseen === 'close') target += log.modifier('unseen', -3, 'an unseen target in close combat: −3');
  if (unseen === 'ranged') target += log.modifier('unseen', -6, 'an unseen target at range: −6');
  if (highGround) target += log.modifier('high-ground', 1, 'high ground: +1 to attack');
  if (attackerSurprised) target += log.modifier('attacker-surprised', -3, 'the attacker is surprised: −3');
  if (nonDefending !== null) {
    target += log.modifier(
      nonDefending,
      GM_NON_DEFENDING_BONUS[nonDefending],
      `a ${nonDefending} target: +${GM_NON_DEFENDING_BONUS[nonDefending]}`,
    );
  }
  if (body.situational !== undefined && body.situational !== null) {
    if (!Array.isArray(body.situational) || body.situational.length > MAX_SITUATIONAL)
      throw invalid(`\`situational\` lists at most ${MAX_SITUATIONAL} modifiers.`, 'situational');
    (body.situational as unknown[]).forEach((raw, i) => {
      const m = record(raw, `situational[${i}]`);
      if (typeof m.name !== 'string' || m.name.length < 1 || m.name.length > 100)
        throw invalid(
          'A modifier has a name of 1 to 100 characters.',
          fieldPath(`situational[${i}]`, 'name'),
        );
      const value =
        wholeNumber(
          Number.isInteger(m.value) ? (m.value as number) + MAX_GM_MODIFIER : m.value,
          fieldPath(`situational[${i}]`, 'value'),
          0,
          2 * MAX_GM_MODIFIER,
        ) - MAX_GM_MODIFIER;
      target += log.modifier('situational', value, `${m.name}: ${signed(value)}`);
    });
  }

  // Damage bonuses.
  let damageBonus = weapon.bonus;
  if (nonDefending === 'covered') {
    damageBonus += 1;
    log.modifier('covered-damage', 1, 'a covered target: +1 damage');
  }
  if (body.strengthBow !== undefined && body.strengthBow !== null) {
    const bow = record(body.strengthBow, 'strengthBow');
    const builtMinor = minorContributor(bow.builtFor as number);
    if (
      majorContributor(bow.wielder as number) >= majorContributor(bow.builtFor as number) &&
      builtMinor > 0
    ) {
      damageBonus += builtMinor;
      log.modifier('bow-damage', builtMinor, `a strength-built bow: +${builtMinor} damage`);
    }
  }

  const warriorKo = optionalFlag(body.warriorKnockout, 'warriorKnockout');
  const start = dice.faces.length;
  const roll = dice.die(20);
  const hit = roll <= target;
  const pHit = passingFaces(target) / 20;
  log.step('attack-roll', `d20 ${roll} against ${target}: ${hit ? 'hit' : 'miss'}`, [roll], {
    hit: pHit,
    miss: 1 - pHit,
  });
  const ifHit = sumDistribution(weapon.count, weapon.sides, damageBonus);
  const clamped: Distribution = new Map();
  for (const [v, p] of ifHit) addMass(clamped, Math.max(0, v), p);
  const overall: Distribution = new Map();
  addMass(overall, 0, 1 - pHit);
  for (const [v, p] of clamped) addMass(overall, v, p * pHit);

  let damageFaces: number[] = [];
  let damage = 0;
  let toInjuries = 0;
  let knockoutEvasion: GmAttackOutcome['knockoutEvasion'] = null;
  const followUps: GmFollowUp[] = [];
  if (hit) {
    damageFaces = weapon.count > 0 ? dice.pool(weapon.count, weapon.sides, 'damage') : [];
    damage = Math.max(0, damageFaces.reduce((s, f) => s + f, 0) + damageBonus);
    log.step(
      'damage',
      `${weapon.text || 'damage'}${damageBonus !== weapon.bonus ? ` ${signed(damageBonus - weapon.bonus)}` : ''}: ${damage}`,
      damageFaces,
      asOdds(clamped),
    );
    if (blow === 'killing') {
      toInjuries = Math.ceil(damage / 2);
      log.step('killing-blow', `killing blow: ${toInjuries} of ${damage} to injuries`);
    } else if (blow === 'knockout') {
      if (body.knockoutEvasion !== undefined && body.knockoutEvasion !== null) {
        const ev = record(body.knockoutEvasion, 'knockoutEvasion');
        const score = wholeNumber(ev.score, 'knockoutEvasion.score', 0, 1000);
        const head = optionalFlag(ev.headProtection, 'knockoutEvasion.headProtection') ? 1 : 0;
        const helmet = optionalWholeNumber(ev.helmetDefense, 'knockoutEvasion.helmetDefense', 0, 0, 100);
        const evTarget = score + head + helmet;
        const evRoll = dice.die(20);
        const passed = evRoll <= evTarget;
        knockoutEvasion = {
          target: evTarget,
          roll: evRoll,
          passed,
          odds: { success: passingFaces(evTarget) / 20 },
        };
        log.step(
          'knockout-evasion',
          `evasion ${evRoll} against ${evTarget}: ${passed ? 'normal damage' : 'knocked out'}`,
          [evRoll],
          {
            success: knockoutEvasion.odds.success,
            failure: 1 - knockoutEvasion.odds.success,
          },
        );
        if (!passed) toInjuries = Math.min(damage, warriorKo ? 2 : 1);
      } else {
        followUps.push({
          who: 'target',
          roll: 'evasion',
          detail:
            'an evasion roll (+1 with head protection, + the helmet’s defence bonus); on a failure 1 point (2 for a warrior’s knockout) goes to injuries',
        });
      }
    }
    if (calledShot && blow === null)
      followUps.push({
        who: 'target',
        roll: 'evasion or fortitude',
        detail: `to resist the called shot’s side effect, at −${damage} (the damage) plus its Movement`,
      });
    if (intoMelee > 0 && !calledShot)
      followUps.push({
        who: 'bystander',
        roll: 'evasion',
        detail: `each combatant the shot would also have hit evades or takes ${damage}`,
      });
  } else if (intoMelee > 0) {
    followUps.push({
      who: 'adjacent-opponent',
      roll: 'evasion',
      detail: 'a random opponent next to the target evades, with its defence as a bonus, or is hit',
    });
  }
  return {
    target,
    roll,
    hit,
    damageDice: unarmed ? (small ? 'd2' : 'd3') : weapon.text,
    damageFaces,
    damage,
    toInjuries,
    toSurvival: damage - toInjuries,
    weaponDice: weapon.count,
    knockoutEvasion,
    attackerDefensePenalty: calledShot ? 2 : 0,
    followUps,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
    odds: { hit: pHit, damage: asOdds(overall), damageIfHit: asOdds(clamped) },
  };
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}
