import { invalid, fieldPath, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { gmAttack, MAX_GM_MODIFIER, type GmAttackInput, type GmAttackOutcome } from './gm-attack';
import { groupBonus, median, MAX_GROUP_MEMBERS } from './gm-group';
import { addMass, asOdds, parseDamageDice, sumDistribution, type Distribution } from './combat-steps';

/** The most mojo one member bids on a group roll. */
export const MAX_GROUP_BID = 1000;

export interface GmGroupAttackInput extends Omit<GmAttackInput, 'attackBonus' | 'blow'> {
  /** Each member's own attack bonus (everything but the group bonus); the first is the actor. */
  members: { name?: string | null; attackBonus: number }[];
  /**
   * Standing mojo bids (G4) by members for whom the roll is archetypal: on a miss, taken in order
   * until the miss is covered; nothing is lost when all of them together cannot turn it.
   */
  bids?: { member: number; bid: number; mojo: number }[] | null;
}

export interface GmGroupAttackOutcome extends GmAttackOutcome {
  group: {
    size: number;
    bonus: number;
    /** The members' median attack bonus, before flooring (a d20 cannot land between faces). */
    medianAttackBonus: number;
    attackBonus: number;
    /** The hit came from mojo (G4). */
    turned: boolean;
    /** The miss the bids had to cover (0 on a hit). */
    needed: number;
    /** Mojo each bidder lost, in the order sent (0 for a bid not needed). */
    mojoLost: { member: number; bid: number; lost: number }[];
  };
}

/**
 * A G&M group attack (seed 001, "Group Effort"; "Mojo" for G4): the group attacks as one, its
 * attack bonus the floor of the members' median bonus plus the group bonus, everything else as a
 * single attack. Members may bid mojo on a miss: the bids are taken in order until the miss is
 * covered (only the amount needed is lost), and the turned roll deals the weapon's damage.
 */
export function gmGroupAttack(input: GmGroupAttackInput, dice: Dice): GmGroupAttackOutcome {
  const body = record(input, 'input');
  if (body.blow !== undefined && body.blow !== null)
    throw invalid('A group attack makes no killing or knockout blow.', 'blow');
  if (!Array.isArray(body.members) || body.members.length < 2 || body.members.length > MAX_GROUP_MEMBERS)
    throw invalid(`\`members\` lists 2 to ${MAX_GROUP_MEMBERS} members.`, 'members');
  const bonuses = (body.members as unknown[]).map((raw, i) => {
    const m = record(raw, `members[${i}]`);
    return (
      wholeNumber(
        Number.isInteger(m.attackBonus) ? (m.attackBonus as number) + MAX_GM_MODIFIER : m.attackBonus,
        fieldPath(`members[${i}]`, 'attackBonus'),
        0,
        2 * MAX_GM_MODIFIER,
      ) - MAX_GM_MODIFIER
    );
  });
  const size = bonuses.length;
  const bonus = groupBonus(size);
  const medianAttackBonus = median(bonuses);
  const attackBonus = Math.floor(medianAttackBonus) + bonus;
  const bids = ((body.bids ?? []) as unknown[]).map((raw, i) => {
    const b = record(raw, `bids[${i}]`);
    const member = wholeNumber(b.member, fieldPath(`bids[${i}]`, 'member'), 0, size - 1);
    const bid = wholeNumber(b.bid, fieldPath(`bids[${i}]`, 'bid'), 1, MAX_GROUP_BID);
    const mojo = wholeNumber(b.mojo, fieldPath(`bids[${i}]`, 'mojo'), 0, 1_000_000);
    if (bid > mojo)
      throw invalid(`The bid (${bid}) is more mojo than the member holds (${mojo}).`, `bids[${i}].bid`);
    return { member, bid };
  });
  const { members: _members, bids: _bids, ...rest } = body as unknown as GmGroupAttackInput;
  const single = gmAttack({ ...{}, ...(rest as GmAttackInput), attackBonus }, dice);
  const modifiers = [
    {
      name: 'median-attack-bonus',
      value: Math.floor(medianAttackBonus),
      detail: `the ${size} members' median attack bonus ${medianAttackBonus}`,
    },
    { name: 'group-bonus', value: bonus, detail: `${size} members: group bonus +${bonus}` },
    ...single.modifiers,
  ];
  const needed = single.hit ? 0 : single.roll - single.target;
  const mojoLost = bids.map((b) => ({ ...{}, ...b, lost: 0 }));
  const total = bids.reduce((s, b) => s + b.bid, 0);
  if (single.hit || bids.length === 0 || total < needed) {
    if (!single.hit && bids.length > 0)
      single.steps.push({
        name: 'mojo',
        detail: `the bids (${total}) cannot cover the miss of ${needed}: no mojo is lost`,
        faces: [],
        odds: null,
      });
    return {
      ...{},
      ...single,
      modifiers,
      group: { size, bonus, medianAttackBonus, attackBonus, turned: false, needed, mojoLost },
    };
  }
  let left = needed;
  for (const b of mojoLost) {
    b.lost = Math.min(b.bid, left);
    left -= b.lost;
  }
  // The turned roll hits: the weapon's damage is rolled now.
  const weapon = parseDamageDice(
    (rest as GmAttackInput).unarmed ? ((rest as GmAttackInput).smallSpecies ? 'd2' : 'd3') : rest.damage,
    'damage',
  );
  const covered = (rest as GmAttackInput).nonDefending === 'covered' ? 1 : 0;
  const faces = weapon.count > 0 ? dice.pool(weapon.count, weapon.sides, 'damage') : [];
  const damage = Math.max(0, faces.reduce((s, f) => s + f, 0) + weapon.bonus + covered);
  const ifHit = sumDistribution(weapon.count, weapon.sides, weapon.bonus + covered);
  const clamped: Distribution = new Map();
  for (const [v, p] of ifHit) addMass(clamped, Math.max(0, v), p);
  const steps = [
    ...single.steps,
    {
      name: 'mojo',
      detail: `${needed} mojo turns the miss: ${mojoLost
        .filter((b) => b.lost > 0)
        .map((b) => `member ${b.member + 1} loses ${b.lost}`)
        .join(', ')}`,
      faces: [],
      odds: null,
    },
    { name: 'damage', detail: `${weapon.text}: ${damage}`, faces, odds: asOdds(clamped) },
  ];
  return {
    ...{},
    ...single,
    hit: true,
    damageFaces: faces,
    damage,
    toInjuries: 0,
    toSurvival: damage,
    modifiers,
    steps,
    faces: [...single.faces, ...faces],
    followUps: [],
    group: { size, bonus, medianAttackBonus, attackBonus, turned: true, needed, mojoLost },
  };
}
