import fc from 'fast-check';
import { createRng, Dice } from '../random';
import {
  cairnAttack,
  cairnDexSaves,
  coeacAmbush,
  coeacExchange,
  effectiveSides,
  exchangeOdds,
  gmAttack,
  gmGroupEffort,
  gmManeuver,
  gmMassConflict,
  gmPsychic,
  gmPsychicV1,
  groupBonus,
  keepHighestDistribution,
  median,
  parseDamageDice,
  rangePenalty,
  resolve,
} from './index';

const dice = (seed = 'combat') => new Dice(createRng(seed));
const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

/** Every face combination of n d6, for brute-force odds. */
function* allFaces(n: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of allFaces(n - 1)) for (let f = 1; f <= 6; f += 1) yield [...rest, f];
}

describe('COEAC exchanges', () => {
  it('deals the margin plus +Ns to the loser, and 1 to each side on a tie', () => {
    expect(resolve(3, 1, 2, 0, true, true)).toEqual({
      winner: 'attacker',
      margin: 2,
      toDefender: 4,
      toAttacker: 0,
    });
    expect(resolve(1, 3, 0, 1, true, true)).toEqual({
      winner: 'defender',
      margin: 2,
      toDefender: 0,
      toAttacker: 3,
    });
    expect(resolve(2, 2, 5, 5, true, true)).toEqual({
      winner: 'tie',
      margin: 0,
      toDefender: 1,
      toAttacker: 1,
    });
    // Full defence (no threat): the defender wins without dealing damage.
    expect(resolve(1, 3, 0, 0, true, false).toAttacker).toBe(0);
    // Helpless: the attacker's successes (plus +Ns), as if the defender scored 0.
    expect(resolve(3, 0, 1, 0, false, false)).toEqual({
      winner: 'attacker',
      margin: 3,
      toDefender: 4,
      toAttacker: 0,
    });
  });

  it('matches brute force over every face for small pools', () => {
    for (const [a, d, af, df] of [
      [2, 2, 0, 0],
      [3, 2, 1, 0],
      [1, 4, 0, 2],
      [4, 3, 0, 0],
    ]) {
      const odds = exchangeOdds(a, d, af, df, true, true, true, null);
      const counts = { win: 0, tie: 0, loss: 0, stray: 0 };
      const toD: Record<string, number> = {};
      let total = 0;
      for (const fa of allFaces(a))
        for (const fd of allFaces(d)) {
          const sa = fa.filter((f) => f >= 4).length;
          const sd = fd.filter((f) => f >= 4).length;
          const r = resolve(sa, sd, af, df, true, true);
          total += 1;
          if (r.winner === 'attacker') counts.win += 1;
          else if (r.winner === 'defender') counts.loss += 1;
          else counts.tie += 1;
          if (r.winner === 'defender' && r.margin > 3) counts.stray += 1;
          toD[r.toDefender] = (toD[r.toDefender] ?? 0) + 1;
        }
      expect(odds.attackerWins).toBeCloseTo(counts.win / total, 12);
      expect(odds.tie).toBeCloseTo(counts.tie / total, 12);
      expect(odds.defenderWins).toBeCloseTo(counts.loss / total, 12);
      expect(odds.stray).toBeCloseTo(counts.stray / total, 12);
      for (const [k, n] of Object.entries(toD)) expect(odds.damageToDefender[k]).toBeCloseTo(n / total, 12);
    }
  });

  it('names every die it adds or takes away', () => {
    const out = coeacExchange(
      {
        attacker: { pool: 4, bonusDice: 1, helpers: 1, supporters: 2, penaltyDice: 1, freeSuccesses: 1 },
        defender: { pool: 3, fullDefense: true, agilityPool: 5 },
        firingIntoMelee: true,
      },
      dice(),
    );
    expect(out.attacker.dice).toBe(4 + 1 + 1 + 2 - 1 - 1);
    expect(out.defender.dice).toBe(5 + 1);
    expect(out.modifiers.map((m) => m.name)).toEqual([
      'pool',
      'bonus-dice',
      'helpers',
      'ganging-up',
      'penalty-dice',
      'firing-into-melee',
      'free-successes',
      'agility',
      'full-defense',
    ]);
    // A full defender never deals damage.
    expect(out.damageToAttacker).toBe(out.winner === 'tie' ? 1 : 0);
  });

  it('ganging up: each supporter takes the captain’s damage when the target wins', () => {
    for (let i = 0; i < 40; i += 1) {
      const out = coeacExchange(
        { attacker: { pool: 1, supporters: 2 }, defender: { pool: 8 } },
        dice(`gang-${i}`),
      );
      expect(out.damageToEachSupporter).toBe(out.damageToAttacker);
    }
  });

  it('helpless: no defender roll, damage = successes, a Vigor save against it', () => {
    const out = coeacExchange(
      { attacker: { pool: 6 }, defender: { pool: 5, helpless: true, vigorPool: 3 } },
      dice('helpless'),
    );
    expect(out.defender.rolled).toBe(false);
    expect(out.damageToDefender).toBe(out.attacker.successes);
    if (out.damageToDefender > 0) {
      expect(out.helplessSave?.objective).toBe(out.damageToDefender);
      expect(out.downAndOut).toBe(!out.helplessSave?.passed);
    }
    expect(out.odds.attackerWins + out.odds.none).toBeCloseTo(1, 12);
    expect(out.odds.downAndOut).toBeGreaterThan(0);
  });

  it('firing into melee: losing by more than 3 sends 3d at an engaged ally', () => {
    let seen = false;
    for (let i = 0; i < 200 && !seen; i += 1) {
      const out = coeacExchange(
        { attacker: { pool: 1 }, defender: { pool: 8 }, firingIntoMelee: true, engagedAllies: 3 },
        dice(`melee-${i}`),
      );
      if (out.winner === 'defender' && out.margin > 3) {
        seen = true;
        expect(out.stray?.faces).toHaveLength(3);
        expect(out.stray?.ally).toBeGreaterThanOrEqual(1);
        expect(out.stray?.ally).toBeLessThanOrEqual(3);
      } else expect(out.stray).toBeNull();
    }
    expect(seen).toBe(true);
  });

  it('refuses a ranged attack without ammunition, naming the field', () => {
    expect(() =>
      coeacExchange({ attacker: { pool: 3, ranged: true, ammunition: 0 }, defender: { pool: 3 } }, dice()),
    ).toThrow(expect.objectContaining({ field: 'attacker.ammunition' }));
  });

  it('ambush: a failed Bushcraft test gives a free round', () => {
    const out = coeacAmbush({ place: 'wilderness', pool: 0, objective: 1 }, dice());
    expect(out.skill).toBe('Bushcraft');
    expect(out.freeRound).toBe(true);
    expect(out.odds.freeRound).toBe(1);
  });

  it('properties: odds sum to 1, damage never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.boolean(),
        (a, d, free, helpless, firing) => {
          const out = coeacExchange(
            {
              attacker: { pool: a, freeSuccesses: free },
              defender: { pool: d, helpless, vigorPool: 2 },
              firingIntoMelee: firing,
            },
            dice(`${a}-${d}-${free}`),
          );
          const o = out.odds;
          expect(o.attackerWins + o.tie + o.defenderWins + o.none).toBeCloseTo(1, 9);
          expect(sum(o.damageToDefender)).toBeCloseTo(1, 9);
          expect(sum(o.damageToAttacker)).toBeCloseTo(1, 9);
          expect(out.damageToDefender).toBeGreaterThanOrEqual(0);
          expect(out.damageToAttacker).toBeGreaterThanOrEqual(0);
          for (const k of Object.keys(o.damageToDefender)) expect(Number(k)).toBeGreaterThanOrEqual(0);
        },
      ),
      { seed: 20, numRuns: 150 },
    );
  });
});

describe('Cairn attacks', () => {
  it('chooses the die: impaired d4, enhanced d12, unarmed d4, both cancel', () => {
    expect(effectiveSides(10, { unarmed: false, impaired: true, enhanced: false }).sides).toBe(4);
    expect(effectiveSides(6, { unarmed: false, impaired: false, enhanced: true }).sides).toBe(12);
    expect(effectiveSides(8, { unarmed: true, impaired: false, enhanced: false }).sides).toBe(4);
    expect(effectiveSides(8, { unarmed: false, impaired: true, enhanced: true }).sides).toBe(8);
  });

  it('keeps the single highest die of several attackers, then Armor, through the harm core', () => {
    const out = cairnAttack(
      {
        attackers: [{ die: 'd6' }, { die: 'd8' }, { die: 'd4', secondDie: 'd10' }],
        target: { hp: 5, str: 12, armor: 1, shield: true },
      },
      dice('gang'),
    );
    const t = out.targets[0];
    expect(t.rolls).toHaveLength(4);
    expect(t.kept).toBe(Math.max(...t.rolls.map((r) => r.face)));
    expect(t.harm.armor).toBe(2);
    expect(t.harm.dealt).toBe(Math.max(0, t.kept - 2));
    expect(t.harm.hp).toBe(Math.max(0, 5 - t.harm.dealt));
  });

  it('caps Armor at 3 and never deals negative damage', () => {
    const out = cairnAttack(
      { attackers: [{ die: 'd4' }], target: { hp: 3, str: 10, armor: 3, shield: true } },
      dice(),
    );
    expect(out.targets[0].harm.armor).toBe(3);
    expect(out.targets[0].modifiers.map((m) => m.name)).toContain('armor-cap');
    expect(out.targets[0].harm.dealt).toBe(Math.max(0, out.targets[0].kept - 3));
  });

  it('a blast rolls for each of five targets, and can roll its target count', () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `pc${i}`, hp: 4, str: 10 }));
    const out = cairnAttack({ attackers: [{ die: 'd12' }], targets: five, blast: true }, dice('breath'));
    expect(out.targets).toHaveLength(5);
    const counted = cairnAttack(
      { attackers: [{ die: 'd6' }], targets: five, blast: true, countTargets: true },
      dice('count'),
    );
    expect(counted.targetCount?.caught).toBe(Math.min(5, counted.targetCount?.face ?? 0));
    expect(counted.targets).toHaveLength(counted.targetCount?.caught ?? -1);
    expect(sum(counted.targetCount?.odds ?? {})).toBeCloseTo(1, 12);
    expect(counted.targetCount?.odds['5']).toBeCloseTo(2 / 6, 12);
  });

  it('detachments: individuals attack them impaired, they attack individuals enhanced as a blast; critical damage routs', () => {
    const vsDetachment = cairnAttack(
      { attackers: [{ die: 'd10' }], target: { hp: 1, str: 3, detachment: true } },
      dice(),
    );
    expect(vsDetachment.targets[0].rolls[0].rolled).toBe('d4');
    expect(vsDetachment.targets[0].detachment).not.toBeNull();
    const fromDetachment = cairnAttack(
      {
        attackers: [{ die: 'd6', detachment: true }],
        targets: [
          { hp: 3, str: 10 },
          { hp: 3, str: 10 },
        ],
      },
      dice(),
    );
    expect(fromDetachment.blast).toBe(true);
    expect(fromDetachment.targets.every((t) => t.rolls[0].rolled === 'd12')).toBe(true);
    let routed = false;
    for (let i = 0; i < 100 && !routed; i += 1) {
      const o = cairnAttack(
        { attackers: [{ die: 'd12', detachment: true }], target: { hp: 0, str: 12, detachment: true } },
        dice(`rout-${i}`),
      );
      const fate = o.targets[0].detachment;
      if (o.targets[0].harm.state === 'dead') expect(o.targets[0].harm.str).toBe(0);
      if (fate?.routed) routed = true;
      if (fate?.destroyed) expect(o.targets[0].harm.str).toBe(0);
    }
    expect(routed).toBe(true);
  });

  it('refuses several targets without a blast', () => {
    expect(() =>
      cairnAttack(
        {
          attackers: [{ die: 'd6' }],
          targets: [
            { hp: 1, str: 1 },
            { hp: 1, str: 1 },
          ],
        },
        dice(),
      ),
    ).toThrow(expect.objectContaining({ field: 'targets' }));
  });

  it('properties: keep-highest ≥ each die, odds sum to 1, damage never negative', () => {
    const die = fc.constantFrom('d4', 'd6', 'd8', 'd10', 'd12') as fc.Arbitrary<'d4'>;
    fc.assert(
      fc.property(
        fc.array(die, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 8 }),
        (dies, armor, hp) => {
          const out = cairnAttack(
            { attackers: dies.map((d) => ({ die: d })), target: { hp, str: 10, armor } },
            dice(dies.join() + armor + hp),
          );
          const t = out.targets[0];
          for (const r of t.rolls) expect(t.kept).toBeGreaterThanOrEqual(r.face);
          expect(t.harm.dealt).toBeGreaterThanOrEqual(0);
          expect(sum(t.odds.kept)).toBeCloseTo(1, 12);
          expect(sum(t.odds.dealt)).toBeCloseTo(1, 12);
        },
      ),
      { seed: 5, numRuns: 150 },
    );
    const two = keepHighestDistribution([6, 6]);
    expect(two.get(6)).toBeCloseTo(11 / 36, 12);
    expect(two.get(1)).toBeCloseTo(1 / 36, 12);
  });

  it('DEX saves: every PC in the first round; the lowest DEX for a joint retreat', () => {
    const first = cairnDexSaves({ kind: 'first-round', characters: [{ dex: 12 }, { dex: 8 }] }, dice());
    expect(first.results.every((r) => r.roll !== null)).toBe(true);
    const joint = cairnDexSaves(
      { kind: 'retreat', characters: [{ dex: 12 }, { dex: 8 }, { dex: 15 }], joint: true },
      dice(),
    );
    expect(joint.saver).toBe(1);
    expect(joint.results.filter((r) => r.roll !== null)).toHaveLength(1);
    expect(new Set(joint.results.map((r) => r.passed)).size).toBe(1);
  });
});

describe('G&M attacks', () => {
  const hitOdds = (attackBonus: number, defense: number) =>
    gmAttack({ attackBonus, defense, damage: 'd8' }, dice()).odds.hit;

  it('reproduces the Yeti fight’s numbers (seed 001, combat example)', () => {
    expect(gmAttack({ attackBonus: 1, defense: 3, damage: 'd8' }, dice()).target).toBe(9); // Sam
    expect(gmAttack({ attackBonus: 4, defense: 3, damage: 'd8+4' }, dice()).target).toBe(12); // Toromeen
    expect(gmAttack({ attackBonus: 4, defense: 4, damage: 'd6' }, dice()).target).toBe(11); // the Yeti on Sam
    expect(gmAttack({ attackBonus: 1, defense: 3, damage: 'd4' }, dice()).target).toBe(9); // Charlotte
    const axe = gmAttack({ attackBonus: 4, defense: 3, damage: 'd8+4' }, dice());
    expect(Object.keys(axe.odds.damageIfHit).map(Number)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(hitOdds(4, 3)).toBe(12 / 20);
  });

  it('range penalties: none within range, then 1 per range (the spear at 13 yards: −2)', () => {
    expect(rangePenalty(6, 6)).toBe(0);
    expect(rangePenalty(7, 6)).toBe(1);
    expect(rangePenalty(12, 6)).toBe(1);
    expect(rangePenalty(13, 6)).toBe(2);
    const spear = gmAttack(
      { attackBonus: 0, defense: 0, damage: 'd6', range: { distance: 13, increment: 6 } },
      dice(),
    );
    expect(spear.modifiers.find((m) => m.name === 'range')?.value).toBe(-2);
  });

  it('strength-built bows: +25% range per major step, + minor to damage, the difference as a penalty', () => {
    // Strength 16 (major +2): 20 yards → 30, +1 damage.
    const bow = gmAttack(
      {
        attackBonus: 0,
        defense: 0,
        damage: 'd6',
        range: { distance: 30, increment: 20 },
        strengthBow: { builtFor: 16, wielder: 16 },
      },
      dice(),
    );
    expect(bow.modifiers.find((m) => m.name === 'range')).toBeUndefined();
    expect(bow.modifiers.find((m) => m.name === 'bow-damage')?.value).toBe(1);
    const weak = gmAttack(
      {
        attackBonus: 0,
        defense: 0,
        damage: 'd6',
        range: { distance: 10, increment: 20 },
        strengthBow: { builtFor: 16, wielder: 10 },
      },
      dice(),
    );
    expect(weak.modifiers.find((m) => m.name === 'bow-strength')?.value).toBe(-2);
  });

  it('cover by column, firing into close combat, called shots and non-defending targets', () => {
    const a = gmAttack(
      { attackBonus: 2, defense: 3, cover: 'strong', warriorCover: true, calledShot: true, damage: 'd6' },
      dice(),
    );
    expect(a.target).toBe(11 + 2 - 3 - 2 - 3);
    expect(a.attackerDefensePenalty).toBe(2);
    expect(gmAttack({ attackBonus: 0, defense: 0, intoMelee: 4, damage: 'd6' }, dice()).target).toBe(10);
    expect(
      gmAttack({ attackBonus: 0, defense: 0, intoMelee: 6, warriorCover: true, damage: 'd6' }, dice()).target,
    ).toBe(8);
    expect(
      gmAttack({ attackBonus: 0, defense: 0, nonDefending: 'immobile', damage: 'd6' }, dice()).target,
    ).toBe(21);
    expect(
      gmAttack({ attackBonus: 0, defense: 0, unseen: 'ranged', highGround: true, damage: 'd6' }, dice())
        .target,
    ).toBe(6);
  });

  it('killing blows put half (rounded up) on injuries; knockouts 1 or 2 on a failed evasion', () => {
    for (let i = 0; i < 30; i += 1) {
      const k = gmAttack(
        {
          attackBonus: 0,
          defense: 0,
          calledShot: true,
          nonDefending: 'immobile',
          blow: 'killing',
          damage: '2d6',
        },
        dice(`k${i}`),
      );
      expect(k.toInjuries).toBe(Math.ceil(k.damage / 2));
      const ko = gmAttack(
        {
          attackBonus: 0,
          defense: 0,
          calledShot: true,
          nonDefending: 'unaware',
          blow: 'knockout',
          warriorKnockout: true,
          damage: 'd6',
          knockoutEvasion: { score: 5, headProtection: true },
        },
        dice(`ko${i}`),
      );
      if (ko.hit) {
        expect(ko.knockoutEvasion?.target).toBe(6);
        expect(ko.toInjuries).toBe(ko.knockoutEvasion?.passed ? 0 : Math.min(2, ko.damage));
      }
    }
    expect(() =>
      gmAttack({ attackBonus: 0, defense: 0, calledShot: true, blow: 'killing', damage: 'd6' }, dice()),
    ).toThrow(expect.objectContaining({ field: 'blow' }));
  });

  it('bare hands do d3 (d2 for small folk)', () => {
    expect(gmAttack({ attackBonus: 0, defense: 0, unarmed: true }, dice()).damageDice).toBe('d3');
    expect(
      gmAttack({ attackBonus: 0, defense: 0, unarmed: true, smallSpecies: true }, dice()).damageDice,
    ).toBe('d2');
    expect(parseDamageDice('2d6+1', 'damage')).toMatchObject({ count: 2, sides: 6, bonus: 1 });
  });

  it('properties: odds sum to 1, damage never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: -10, max: 20 }),
        fc.integer({ min: -6, max: 4 }),
        (bonus, defense, plus) => {
          const dmg = `d6${plus >= 0 ? '+' : ''}${plus}`;
          const out = gmAttack(
            { attackBonus: bonus, defense, damage: dmg },
            dice(`${bonus}${defense}${plus}`),
          );
          expect(sum(out.odds.damage)).toBeCloseTo(1, 12);
          expect(sum(out.odds.damageIfHit)).toBeCloseTo(1, 12);
          expect(out.damage).toBeGreaterThanOrEqual(0);
          for (const k of Object.keys(out.odds.damage)) expect(Number(k)).toBeGreaterThanOrEqual(0);
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });
});

describe('G&M groups', () => {
  it('the group bonus table, with the last band read as 1024–2047', () => {
    expect([1, 2, 3, 4, 7, 8, 12, 15, 16, 1023, 1024, 2047, 2048].map(groupBonus)).toEqual([
      0, 1, 1, 2, 2, 3, 3, 3, 4, 9, 10, 10, 11,
    ]);
  });

  it('reproduces the seed’s worked examples', () => {
    expect(median([9, 10, 11, 13, 39])).toBe(11);
    const historians = gmGroupEffort(
      {
        members: [
          { target: 17, bonus: 2 },
          { target: 17, bonus: 0 },
        ],
      },
      dice(),
    );
    expect(historians.target).toBe(18);
    expect(historians.medianBonus).toBe(1);
    expect(historians.odds.success).toBe(18 / 20);
    const goblins = gmMassConflict({ size: 12, medianSurvival: 5 }, dice());
    expect(goblins.bonus).toBe(3);
    expect(goblins.survival).toBe(20);
    expect(goblins.extraActions).toBe(3);
    // Aftermath: 21 damage over bonus 3 = 7 → d8; 45 → 15 → d20; evasion 8 → 8 of 20 evade.
    const after = gmMassConflict({ size: 20, medianSurvival: 5, damageTaken: 28, medianEvasion: 8 }, dice());
    expect(after.aftermath?.maxPerMember).toBe(7);
    expect(after.aftermath?.die).toBe('d8');
    expect(after.aftermath?.expectedEvading).toBeCloseTo(8, 12);
    expect(after.aftermath?.members.every((m) => m.damage >= 1 && m.damage <= 7)).toBe(true);
    expect(
      gmMassConflict({ size: 12, medianSurvival: 5, damageTaken: 45, medianEvasion: 8 }, dice()).aftermath
        ?.die,
    ).toBe('d20');
  });

  it('morale: a failure delays by the miss, at most the bonus; the leader’s margin cuts the delay', () => {
    for (let i = 0; i < 20; i += 1) {
      const out = gmGroupEffort({ size: 12, target: 5, morale: true, leaderCharisma: 15 }, dice(`m${i}`));
      expect(out.moraleDelay).toBe(out.passed ? 0 : Math.min(3, (out.roll ?? 0) - 8));
      if (out.leader?.passed) expect(out.leader.delay).toBe(Math.max(0, 3 - (15 - out.leader.roll)));
    }
  });
});

describe('G&M psychic conflict', () => {
  it('attack: 11 + charisma minor − psychic defence; d4 + charisma major + extra verve; verve before survival', () => {
    const out = gmPsychic(
      {
        action: 'attack',
        attacker: { charisma: 16, monkLevel: 3, verve: 10, spend: 3 },
        defender: { intelligence: 15, monk: true, defenseVerve: 1, verve: 2, survival: 6 },
      },
      dice('psy'),
    );
    // minor(16) = 1, psychic defence = major(15) 2 + 2 × 1 verve.
    expect(out.target).toBe(11 + 1 - 4);
    if (out.success) {
      expect(out.damage).toBeGreaterThanOrEqual(1 + 2 + 2);
      expect(out.defender?.verve).toBe(Math.max(0, 2 - out.damage));
      expect(out.defender?.stun).toBe(6 - (out.defender?.survival ?? 0));
    }
    expect(sum(out.odds.damage as Record<string, number>)).toBeCloseTo(1, 12);
  });

  it('refuses more verve than the monk level', () => {
    expect(() =>
      gmPsychic(
        {
          action: 'attack',
          attacker: { charisma: 10, monkLevel: 1, verve: 5, spend: 2 },
          defender: { verve: 1, survival: 1 },
        },
        dice(),
      ),
    ).toThrow(expect.objectContaining({ field: 'attacker.spend' }));
  });

  it('entering costs 2 verve; an unwilling target resists with its willpower plus its own charisma minor', () => {
    const enter = (charisma?: number) =>
      gmPsychic(
        {
          action: 'enter',
          attacker: { charisma: 17, monkLevel: 1, verve: 5 },
          defender: { verve: 3, survival: 3, willpower: 9, ...(charisma ? { charisma } : {}) },
        },
        dice(),
      );
    expect(enter().verveSpent).toBe(2);
    // The attacker's 17 charisma no longer helps the target; the target's own does (issue 43, X4).
    expect(enter().target).toBe(9);
    expect(enter(15).target).toBe(9 + 1);
    expect(enter(4).target).toBe(9 - 1);
    expect(enter(15).modifiers.find((m) => m.name === 'charisma-minor')?.detail).toMatch(
      /target's own charisma/,
    );
    // Version 1 (replay only) added the attacker's charisma minor.
    const v1 = gmPsychicV1(
      {
        action: 'enter',
        attacker: { charisma: 17, monkLevel: 1, verve: 5 },
        defender: { verve: 3, survival: 3, willpower: 9, charisma: 4 },
      },
      dice(),
    );
    expect(v1.target).toBe(9 + 1);
    expect(() =>
      gmPsychic(
        {
          action: 'enter',
          attacker: { charisma: 17, monkLevel: 1, verve: 5 },
          defender: { verve: 3, survival: 3, willpower: 9, charisma: 0 },
        },
        dice(),
      ),
    ).toThrow(expect.objectContaining({ field: 'defender.charisma' }));
  });
});

describe('G&M manoeuvres', () => {
  it('grapples: +2 per size to evade, +4 per size difference on the hold, three outcomes', () => {
    const evade = gmManeuver({ kind: 'grapple-evade', score: 8, sizeDifference: 2 }, dice());
    expect(evade.rolls[0].target).toBe(12);
    expect(evade.odds.evaded + evade.odds.held).toBeCloseTo(1, 12);
    const hold = gmManeuver(
      { kind: 'grapple-hold', score: 10, opponentScore: 10, sizeDifference: -1 },
      dice(),
    );
    expect(hold.rolls.map((r) => r.target)).toEqual([10, 14]);
    expect(hold.odds['broken-free']).toBeCloseTo(0.5 * 0.3, 12);
    expect(hold.odds.immobilised).toBeCloseTo(0.5 * 0.7, 12);
    expect(hold.odds['broken-free'] + hold.odds.immobilised + hold.odds.stalemate).toBeCloseTo(1, 12);
  });

  it('surprise ends after two rounds out; otherwise a willpower or fortitude roll', () => {
    expect(gmManeuver({ kind: 'surprise-recovery', roundsOut: 2 }, dice()).result).toBe('recovered');
    const r = gmManeuver({ kind: 'surprise-recovery', score: 9 }, dice());
    expect(r.odds.recovered).toBe(9 / 20);
  });

  it('order of events: successes first, then by margin; multi-action weapons get a free action outside close combat', () => {
    const o = gmManeuver(
      { kind: 'order', actors: [{ agility: 30 }, { agility: 0 }, { agility: 25, movementPenalty: 2 }] },
      dice(),
    );
    expect(o.order?.[2]).toBe(1);
    expect(o.order?.slice(0, 2).sort()).toEqual([0, 2]);
    expect(gmManeuver({ kind: 'multi-action', actions: 3 }, dice()).rounds).toBe(2);
    expect(gmManeuver({ kind: 'multi-action', actions: 3, closeCombat: true }, dice()).rounds).toBe(3);
  });

  it('names the missing field', () => {
    expect(() => gmManeuver({ kind: 'quickdraw' }, dice())).toThrow(
      expect.objectContaining({ field: 'score' }),
    );
  });
});
