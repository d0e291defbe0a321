import fc from 'fast-check';
import type { SheetEffect } from '../hazards/shared';
import { hazardHarm } from './hazard-harm';

const effect = (track: SheetEffect['track'], change: number, status: string | null = null): SheetEffect => ({
  track,
  change,
  status,
});

describe(hazardHarm.name, () => {
  it('G&M: a fall’s survival and injuries are one loss whose injuries are forced (000:83)', () => {
    // The 45-ft golden fall: 12 points, 8 off survival and 4 forced to injuries.
    expect(hazardHarm('gm', [effect('survival', -8), effect('injuries', 4)])).toEqual({
      damage: { amount: 12, forcedInjuries: 4 },
      fatal: false,
      rest: [],
    });
  });

  it('G&M: recovery and healing are not harm; they stay ledger changes', () => {
    const out = hazardHarm('gm', [effect('survival', 2), effect('injuries', -1)]);
    expect(out.damage).toBeNull();
    expect(out.rest).toEqual([effect('survival', 2), effect('injuries', -1)]);
  });

  it('Archsoul: hit points lost are harm; a drowning’s death is fatal; fatigue and Endurance stay in the ledger', () => {
    const out = hazardHarm('archsoul', [
      effect('hit-points', -7),
      effect('fatigue', 1),
      effect('endurance', -1),
      effect('status', 1, 'dead'),
    ]);
    expect(out).toEqual({
      damage: { amount: 7, forcedInjuries: 0 },
      fatal: true,
      rest: [effect('fatigue', 1), effect('endurance', -1)],
    });
  });

  it('every effect is either harm or left for the ledger, and the loss adds up (property)', () => {
    const anyEffect = fc.record({
      track: fc.constantFrom<SheetEffect['track']>(
        'survival',
        'injuries',
        'hit-points',
        'endurance',
        'fatigue',
        'status',
      ),
      change: fc.integer({ min: -20, max: 20 }),
      status: fc.constantFrom(null, 'dead', 'disabled', 'unhealable'),
    });
    fc.assert(
      fc.property(
        fc.constantFrom<'gm' | 'archsoul'>('gm', 'archsoul'),
        fc.array(anyEffect, { maxLength: 8 }),
        (system, effects) => {
          const out = hazardHarm(system, effects);
          const lost =
            system === 'gm'
              ? effects.reduce(
                  (sum, e) =>
                    sum +
                    (e.track === 'survival' && e.change < 0 ? -e.change : 0) +
                    (e.track === 'injuries' && e.change > 0 ? e.change : 0),
                  0,
                )
              : effects.reduce(
                  (sum, e) => sum + (e.track === 'hit-points' && e.change < 0 ? -e.change : 0),
                  0,
                );
          expect(out.damage?.amount ?? 0).toBe(lost);
          expect(out.damage === null || out.damage.amount > 0).toBe(true);
          expect(out.damage?.forcedInjuries ?? 0).toBeLessThanOrEqual(out.damage?.amount ?? 0);
          const taken = effects.filter((e) => e.change !== 0).length - out.rest.length;
          expect(taken).toBeGreaterThanOrEqual(0);
          expect(out.rest.every((e) => e.change !== 0)).toBe(true);
        },
      ),
    );
  });
});
