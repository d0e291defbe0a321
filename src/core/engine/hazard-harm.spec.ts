import fc from 'fast-check';
import type { SheetEffect } from '../hazards/shared';
import { sheetDamage } from '../harm/campaign';
import { createRng, Dice } from '../random';
import { hazardHarm, hazardHarmOutcome, type HazardHarmState } from './hazard-harm';

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

describe(hazardHarmOutcome.name, () => {
  const gmState = (survival: number, injuries = 0): Extract<HazardHarmState, { system: 'gm' }> => ({
    system: 'gm',
    stateBefore: 'up',
    survival,
    verve: 0,
    injuries,
    damage: 0,
    archetypal: false,
    weaponDice: 0,
    evaded: false,
    consciousness: 12,
    endurance: 12,
    unconscious: false,
  });
  const dice = (seed: string) => new Dice(createRng(seed));

  it('no harm state, or effects that harm nobody, run no transition and draw no die', () => {
    const d = dice('h');
    expect(hazardHarmOutcome([effect('survival', -3)], null, d)).toBeNull();
    expect(hazardHarmOutcome([effect('survival', 2), effect('fatigue', 1)], gmState(6), d)).toBeNull();
    expect(hazardHarmOutcome(undefined, gmState(6), d)).toBeNull();
    expect(d.faces).toEqual([]);
  });

  it('a 45-ft fall on 6 survival (12 lost, 4 injuries forced): survival 0, injuries 6, the rolls that follow', () => {
    const out = hazardHarmOutcome(
      [effect('survival', -8), effect('injuries', 4)],
      gmState(6),
      dice('fall-45'),
    );
    expect(out).not.toBeNull();
    expect(out?.damage).toBe(12);
    const after = Object.fromEntries((out?.changes ?? []).map((c) => [c.path, c.delta]));
    expect(after).toMatchObject({ 'survival.current': -6, 'injuries.current': 6 });
    // Injuries over survival 0: the death roll is the transition's (001:597–615).
    expect(JSON.stringify(out?.steps)).toContain('death-roll');
  });

  it('is the harm transition itself: the same loss sent to sheetDamage on the same dice answers the same', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 10 }),
        fc.string(),
        (lost, forced, seed) => {
          const state = gmState(10, 1);
          const effects = [effect('survival', -lost), effect('injuries', forced)];
          const out = hazardHarmOutcome(effects, state, dice(`s${seed}`));
          if (lost + forced === 0) return out === null;
          const direct = sheetDamage(
            { ...state, damage: lost + forced, weaponDice: forced },
            dice(`s${seed}`),
          );
          expect(out).toEqual(direct);
          return true;
        },
      ),
    );
  });

  it('Archsoul: a drowning that ran out of Endurance is fatal through the transition', () => {
    const state: HazardHarmState = {
      system: 'archsoul',
      stateBefore: 'up',
      hp: 10,
      endurance: 5,
      damage: 0,
      coupDeGrace: false,
      unconscious: false,
    };
    const out = hazardHarmOutcome([effect('status', 1, 'dead')], state, dice('drown'));
    expect(out?.state).toBe('dead');
  });
});
