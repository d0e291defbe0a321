import { scripted } from '../../../test/factories/dice';
import { normaliseSheet, trackedBounds } from '../characters/sheets';
import { gmHealing } from './gm-healing';
import { unhealableGained, unhealableOf, UNHEALABLE_INJURIES } from './gm-unhealable';
import { gmAging } from '../hazards/gm-consequences';

describe('G&M unhealable injuries (issue 43, H1)', () => {
  it('counts what aging adds, and never more than the injuries a sheet has', () => {
    const aging = gmAging({ from: 50, to: 53, endurance: 12 });
    expect(unhealableGained(aging.effects)).toBe(3);
    expect(unhealableGained([{ track: 'injuries', change: 2, status: null }])).toBe(0);
    expect(unhealableOf({ [UNHEALABLE_INJURIES]: 3 }, 5)).toBe(3);
    expect(unhealableOf({ [UNHEALABLE_INJURIES]: 3 }, 2)).toBe(2);
    expect(unhealableOf({}, 2)).toBe(0);
  });

  it('is a tracked sheet value, left out of a sheet that has none, checked when written', () => {
    const plain = normaliseSheet('gm', { abilities: {}, archetypes: [] });
    expect(plain).not.toHaveProperty(UNHEALABLE_INJURIES);
    expect(normaliseSheet('gm', { [UNHEALABLE_INJURIES]: 2 })[UNHEALABLE_INJURIES]).toBe(2);
    expect(trackedBounds('gm', {}, UNHEALABLE_INJURIES)).toEqual({ min: 0, max: 100_000 });
    expect(() => normaliseSheet('gm', { [UNHEALABLE_INJURIES]: -1 })).toThrow(
      expect.objectContaining({ field: `sheet.${UNHEALABLE_INJURIES}` }),
    );
  });

  it('rests and aid leave the unhealable injuries: a good night buys survival instead', () => {
    const base = { kind: 'night', level: 2, survival: 3, maxSurvival: 9, injuries: 2, health: 15 } as const;
    // All injuries unhealable: the passed health roll gives level survival, no injury healed.
    const night = gmHealing({ ...base, unhealable: 2 }, scripted(1));
    expect(night).toMatchObject({ injuries: 2, survival: 5, healthRoll: { target: 13, passed: true } });
    expect(night.steps.map((s) => s.name)).toContain('unhealable');
    // One healable: it heals; the other stays.
    expect(gmHealing({ ...base, unhealable: 1 }, scripted(1))).toMatchObject({ injuries: 1, survival: 3 });
    // Without the field, as before.
    expect(gmHealing(base, scripted(1))).toMatchObject({ injuries: 1 });
    expect(gmHealing({ ...base, kind: 'day', unhealable: 2 }, scripted())).toMatchObject({
      injuries: 2,
      survival: 5,
    });
    expect(
      gmHealing({ ...base, kind: 'aid', injuriesHealed: 5, amount: 1, unhealable: 1 }, scripted()),
    ).toMatchObject({ injuries: 1, survival: 4, deathCancelled: false });
    expect(() => gmHealing({ ...base, unhealable: 3 }, scripted(1))).toThrow(
      expect.objectContaining({ field: 'unhealable' }),
    );
  });
});
