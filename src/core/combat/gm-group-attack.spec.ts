import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { gmAttack } from './gm-attack';
import { gmGroupAttack } from './gm-group-attack';

const seeded = (seed: string) => new Dice(createRng(seed));

describe(gmGroupAttack.name, () => {
  it('attacks as one at the floor of the median bonus plus the group bonus (three members: +1)', () => {
    const out = gmGroupAttack(
      { members: [{ attackBonus: 2 }, { attackBonus: 4 }, { attackBonus: 3 }], defense: 1, damage: 'd8' },
      seeded('group-golden'),
    );
    expect(out.group).toMatchObject({
      size: 3,
      bonus: 1,
      medianAttackBonus: 3,
      attackBonus: 4,
      turned: false,
    });
    // 11 + 4 − 1 = 14; the same roll a single attacker with +4 makes on the same seed.
    expect(out.target).toBe(14);
    const single = gmAttack({ attackBonus: 4, defense: 1, damage: 'd8' }, seeded('group-golden'));
    expect(out.roll).toBe(single.roll);
    expect(out.hit).toBe(single.hit);
    expect(out.damage).toBe(single.damage);
    expect(out.modifiers.slice(0, 2).map((m) => m.name)).toEqual(['median-attack-bonus', 'group-bonus']);
  });

  it('an even group floors the mean of the middle two (2 and 5 → 3, +1)', () => {
    const out = gmGroupAttack(
      { members: [{ attackBonus: 2 }, { attackBonus: 5 }], defense: 0, damage: 'd6' },
      seeded('even'),
    );
    expect(out.group.medianAttackBonus).toBe(3.5);
    expect(out.group.attackBonus).toBe(4);
  });

  it('mojo bids cover a miss in order, losing only what is needed; too little loses nothing', () => {
    // Find a seed that misses, then bid on it.
    let seed = '';
    for (let i = 0; i < 100 && !seed; i++) {
      const s = `miss-${i}`;
      const probe = gmGroupAttack(
        { members: [{ attackBonus: 0 }, { attackBonus: 0 }], defense: 2, damage: 'd6' },
        seeded(s),
      );
      if (!probe.hit && probe.roll - probe.target >= 2) seed = s;
    }
    expect(seed).not.toBe('');
    const base = { members: [{ attackBonus: 0 }, { attackBonus: 0 }], defense: 2, damage: 'd6' };
    const miss = gmGroupAttack(base, seeded(seed));
    const needed = miss.roll - miss.target;
    const turned = gmGroupAttack(
      {
        ...base,
        bids: [
          { member: 0, bid: 1, mojo: 5 },
          { member: 1, bid: needed, mojo: needed },
        ],
      },
      seeded(seed),
    );
    expect(turned.hit).toBe(true);
    expect(turned.group).toMatchObject({ turned: true, needed });
    expect(turned.group.mojoLost).toEqual([
      { member: 0, bid: 1, lost: 1 },
      { member: 1, bid: needed, lost: needed - 1 },
    ]);
    expect(turned.damage).toBeGreaterThanOrEqual(1);
    expect(turned.damage).toBeLessThanOrEqual(6);
    const short = gmGroupAttack({ ...base, bids: [{ member: 0, bid: needed - 1, mojo: 50 }] }, seeded(seed));
    expect(short.hit).toBe(false);
    expect(short.group.mojoLost).toEqual([{ member: 0, bid: needed - 1, lost: 0 }]);
  });

  it('refuses blows, lone members and bids above the mojo held', () => {
    const members = [{ attackBonus: 1 }, { attackBonus: 1 }];
    expect(() =>
      gmGroupAttack({ members: [{ attackBonus: 1 }], defense: 0, damage: 'd6' }, seeded('x')),
    ).toThrow(/members/);
    expect(() =>
      gmGroupAttack({ members, defense: 0, damage: 'd6', blow: 'killing' } as never, seeded('x')),
    ).toThrow(/blow/);
    expect(() =>
      gmGroupAttack(
        { members, defense: 0, damage: 'd6', bids: [{ member: 0, bid: 5, mojo: 4 }] },
        seeded('x'),
      ),
    ).toThrow(/bid/);
  });

  it('property: damage is never negative, the hit odds are a probability, and mojo lost never exceeds the bids', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10, max: 10 }), { minLength: 2, maxLength: 12 }),
        fc.integer({ min: -5, max: 15 }),
        fc.integer({ min: 1, max: 20 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (bonuses, defense, bid, seed) => {
          const out = gmGroupAttack(
            {
              members: bonuses.map((attackBonus) => ({ attackBonus })),
              defense,
              damage: 'd4-2',
              bids: [{ member: 0, bid, mojo: bid }],
            },
            seeded(seed),
          );
          expect(out.damage).toBeGreaterThanOrEqual(0);
          expect(out.odds.hit).toBeGreaterThanOrEqual(0);
          expect(out.odds.hit).toBeLessThanOrEqual(1);
          const sum = Object.values(out.odds.damage).reduce((s, p) => s + p, 0);
          expect(sum).toBeCloseTo(1, 12);
          expect(out.group.mojoLost[0].lost).toBeLessThanOrEqual(bid);
          if (out.group.turned) expect(out.group.mojoLost[0].lost).toBe(out.group.needed);
        },
      ),
    );
  });
});
