import fc from 'fast-check';
import golden from '../../../test/fixtures/advancement/gm-mojo-golden.json';
import { RuleError } from '../errors';
import {
  archetypalRoll,
  mojoBid,
  mojoCost,
  mojoNeeded,
  type MojoBidInput,
  type MojoCostInput,
} from './gm-mojo';

describe('G&M mojo costs (001:954–972)', () => {
  it.each(golden.costs.map((c) => [JSON.stringify(c.input), c] as const))('%s', (_name, c) => {
    expect(mojoCost(c.input as MojoCostInput).cost).toBe(c.cost);
  });

  it('names current when an ability or field is priced without it', () => {
    expect(() => mojoCost({ kind: 'field' })).toThrow(expect.objectContaining({ field: 'current' }));
    expect(() => mojoCost({ kind: 'ability', current: 0 })).toThrow(RuleError);
  });

  it('costs grow with the current value, and the cheaper rules never cost more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (current) => {
        for (const kind of ['ability', 'field'] as const) {
          expect(mojoCost({ kind, current: current + 1 }).cost).toBeGreaterThan(
            mojoCost({ kind, current }).cost,
          );
        }
        const full = mojoCost({ kind: 'ability', current }).cost;
        const archetypal = mojoCost({ kind: 'ability', current, archetypal: true }).cost;
        const specialty = mojoCost({
          kind: 'ability',
          current,
          archetypal: true,
          onlyBlocksSpecialty: true,
        }).cost;
        expect(specialty).toBeLessThanOrEqual(archetypal);
        expect(archetypal).toBeLessThanOrEqual(full);
      }),
    );
  });
});

describe('G&M mojo bids (001:974–998)', () => {
  it.each(golden.bids.map((b) => [b.note, b] as const))('%s', (_note, b) => {
    expect(mojoBid(b.input as MojoBidInput)).toMatchObject(b.expect);
  });

  it('reports the level a bid reaches and the mojo left', () => {
    const r = mojoBid({ roll: 14, target: 10, bid: 6, mojo: 9, experience: 900 });
    expect(r).toMatchObject({ mojoLeft: 5, experience: 1100, levelBefore: 1, levelAfter: 2 });
  });

  it('refuses a bid above the mojo held, naming bid', () => {
    expect(() => mojoBid({ roll: 14, target: 10, bid: 6, mojo: 5 })).toThrow(
      expect.objectContaining({ field: 'bid', code: 'INVALID_INPUT' }),
    );
  });

  it('a passed roll costs nothing', () => {
    expect(mojoBid({ roll: 5, target: 10, bid: 3 })).toMatchObject({
      outcome: 'already-passed',
      mojoLost: 0,
    });
  });

  it('loses only what was needed, never more than the bid, and experience never decreases', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (roll, target, bid, experience) => {
          const r = mojoBid({ roll, target, bid, experience });
          expect(r.mojoLost).toBeLessThanOrEqual(bid);
          expect(r.mojoLost + r.mojoKept).toBe(bid);
          expect(r.experience).toBeGreaterThanOrEqual(experience);
          expect(r.experienceGained).toBe(50 * r.mojoLost);
          expect(r.levelAfter).toBeGreaterThanOrEqual(r.levelBefore ?? 1);
          if (r.outcome === 'turned') expect(target + r.mojoLost).toBe(roll);
          else expect(r.mojoLost).toBe(0);
        },
      ),
    );
  });
});

describe('archetypalRoll and mojoNeeded (001:976–978)', () => {
  it('counts the archetypal ability or reaction of any archetype, or a specialty, and nothing else', () => {
    const warrior = [{ archetype: 'Warrior' }];
    expect(archetypalRoll(warrior, 'strength')).toBe(true);
    expect(archetypalRoll(warrior, 'Fortitude')).toBe(true);
    expect(archetypalRoll(warrior, 'evasion')).toBe(false);
    expect(archetypalRoll(warrior, 'evasion', true)).toBe(true);
    expect(archetypalRoll([...warrior, { archetype: 'thief' }], 'agility')).toBe(true);
    expect(archetypalRoll([{ archetype: 'unknown' }], 'strength')).toBe(false);
    expect(archetypalRoll([], undefined)).toBe(false);
  });

  it('needs the margin of a failure, and nothing on a pass; the bid agrees', () => {
    expect(mojoNeeded(17, 12)).toBe(5);
    expect(mojoNeeded(12, 12)).toBe(0);
    expect(mojoNeeded(3, 12)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: -5, max: 25 }), (roll, target) => {
        const needed = mojoNeeded(roll, target);
        if (needed === 0) return mojoBid({ roll, target, bid: 1 }).outcome === 'already-passed';
        return (
          mojoBid({ roll, target, bid: needed }).outcome === 'turned' &&
          (needed === 1 || mojoBid({ roll, target, bid: needed - 1 }).outcome === 'not-enough')
        );
      }),
    );
  });
});
