import { createRng, Dice } from '../core/random';
import { damageInput, describeDamage, fatigueEvents, sheetState } from '../core/engine';
import { harmOf } from '../core/harm';
import { sheetDamage, type SheetDamageInput } from '../core/harm/campaign';
import { channel } from '../core/magic';
import { AFFIX_CHANNELING_V2 } from './magic-campaign.service';
import {
  AFFIX_CHANNELING_V3,
  COEAC_COUNTERSPELL_PROCEDURE,
  COEAC_MAGIC_PROCEDURES,
  COEAC_RELEASE_PROCEDURE,
} from './magic.service';

/*
 * Issue 39: a counterspell, a bound spell's release and a day of Affix Spell take their harm inside
 * their own logged roll, through the COEAC transition on the same dice. Goldens on fixed seeds; the
 * spell's own part matches the procedure logged before (the same dice come first).
 */
const dice = (seed: string) => new Dice(createRng(seed));
const sheet = (hp: number) => ({
  hp,
  maxHp: 12,
  bonusHp: 0,
  saves: { Vigor: 2 },
  skills: { 'Arcane Lore': 2 },
});
const state = (hp: number) =>
  sheetState({ name: 'Mirel', id: 'c1', npc: false }, 'coeac', sheet(hp), sheet(hp), harmOf(sheet(hp)));
const harm = (hp: number): SheetDamageInput => damageInput(state(hp), { kind: 'damage', amount: 0 });

describe('magic.coeac.counterspell.v2', () => {
  it('golden (seed a): a failure by 3 costs 3 HP through the transition; at 2 HP the caster is down and out', () => {
    const out = COEAC_COUNTERSPELL_PROCEDURE.run(
      { counterspell: { pool: 3, potency: 3 }, harm: harm(2) },
      dice('a'),
    );
    expect(out.counterspell).toMatchObject({
      objective: 4,
      roll: { faces: [4, 3, 2], successes: 1, passed: false },
      countered: false,
      damage: 3,
    });
    expect(out.harm).toMatchObject({
      damage: 3,
      stateBefore: 'up',
      state: 'down-and-out',
      changes: [
        { path: 'hp', delta: -2, via: 'ledger' },
        { path: 'maxHp', delta: -1, via: 'ledger' },
      ],
    });
    // The test is the one logged before (`magic.coeac.counterspell`) on the same seed; the harm follows on the same dice.
    const d = dice('a');
    expect(COEAC_MAGIC_PROCEDURES.counterspell.run({ pool: 3, potency: 3 }, d)).toEqual(out.counterspell);
    expect(sheetDamage({ ...{}, ...harm(2), damage: 3 } as SheetDamageInput, d)).toEqual(out.harm);
    // The engine tells it: damaged, HP and max HP, then down and out, each a sentence.
    const told = describeDamage(state(2), out.harm!, 'magic:counterspell').events;
    expect(told.map((e) => [e.type, e.text])).toEqual([
      ['damaged', 'Mirel takes 3 damage: HP 2 → 0, max HP 12 → 11.'],
      ['field-changed', 'Mirel: HP 2 → 0.'],
      ['field-changed', 'Mirel: max HP 12 → 11.'],
      ['state-changed', 'Mirel is down and out.'],
    ]);
    expect(told[0]).toMatchObject({ amount: 3, source: 'magic:counterspell', ownerId: 'c1', looks: 'down' });
  });

  it('golden (seed c): a failure by 1 costs 1 HP and leaves the caster up', () => {
    const out = COEAC_COUNTERSPELL_PROCEDURE.run(
      { counterspell: { pool: 3, potency: 3 }, harm: harm(12) },
      dice('c'),
    );
    expect(out.counterspell).toMatchObject({ roll: { faces: [4, 5, 4] }, damage: 1 });
    expect(out.harm).toMatchObject({ state: 'up', changes: [{ path: 'hp', delta: -1, via: 'ledger' }] });
  });

  it('a counterspell that counters harms nobody: no harm, no dice past the test', () => {
    const out = COEAC_COUNTERSPELL_PROCEDURE.run(
      { counterspell: { pool: 12, potency: 0 }, harm: harm(12) },
      dice('a'),
    );
    expect(out.counterspell.countered).toBe(true);
    expect(out.harm).toBeNull();
  });
});

describe('magic.coeac.bound-release.v1', () => {
  it('golden (seed c): the binding stops 1 of 4; 3 at 3 HP is down and out, the table says Death', () => {
    const out = COEAC_RELEASE_PROCEDURE.run({ damage: 4, harm: harm(3) }, dice('c'));
    expect(out).toMatchObject({ blocked: 1, damageTaken: 3 });
    expect(out.harm).toMatchObject({
      damage: 3,
      state: 'dead',
      changes: [{ path: 'hp', delta: -3, via: 'ledger' }],
    });
    expect(out.harm!.steps.map((s) => s.name)).toEqual(['hp', 'down-and-out', 'table', 'dead']);
    expect(out.harm!.steps[2].faces).toEqual([4, 5]);
    // The same as the transition alone on that seed: the release draws no dice of its own.
    expect(sheetDamage({ ...{}, ...harm(3), damage: 3 } as SheetDamageInput, dice('c'))).toEqual(out.harm);
  });

  it('golden (seed b): Impairment lowers a skill drawn by lot', () => {
    const out = COEAC_RELEASE_PROCEDURE.run({ damage: 4, harm: harm(3) }, dice('b'));
    expect(out.harm).toMatchObject({
      state: 'down-and-out',
      changes: [
        { path: 'hp', delta: -3, via: 'ledger' },
        { path: 'skills.Arcane Lore', delta: -1, via: 'base' },
      ],
    });
  });

  it('a blow of 1 or less is stopped whole: no harm', () => {
    expect(COEAC_RELEASE_PROCEDURE.run({ damage: 1, harm: harm(3) }, dice('a'))).toEqual({
      blocked: 1,
      damageTaken: 0,
      harm: null,
    });
    expect(COEAC_RELEASE_PROCEDURE.run({ damage: 0, harm: harm(3) }, dice('a'))).toMatchObject({
      blocked: 0,
      damageTaken: 0,
      harm: null,
    });
  });
});

describe('crafting.channeling.v3 (Affix Spell with a COEAC sheet)', () => {
  const day = { pool: 3, objective: 5, spell: 'disintegrate', vigorPool: 4 };

  it('golden (seed a): the channeling of v2 on the same seed, its backlash of 4 taken from HP in the same roll', () => {
    const out = AFFIX_CHANNELING_V3.run({ channeling: day, harm: harm(12) }, dice('a'));
    const { harm: taken, ...channeling } = out;
    expect(channeling).toEqual(AFFIX_CHANNELING_V2.run(day, dice('a')));
    expect(channeling).toEqual(channel(day, dice('a')));
    expect(out.backlash).toEqual({ happened: true, damage: 4, plasmidLost: true });
    expect(taken).toMatchObject({
      damage: 4,
      state: 'up',
      changes: [{ path: 'hp', delta: -4, via: 'ledger' }],
    });
  });

  it('a passing day harms nobody', () => {
    const out = AFFIX_CHANNELING_V3.run(
      { channeling: { pool: 14, objective: 1, vigorPool: 4 }, harm: harm(12) },
      dice('a'),
    );
    expect(out.backlash.happened).toBe(false);
    expect(out.harm).toBeNull();
  });
});

describe('fatigueEvents (a Cairn cast’s Fatigue)', () => {
  it('one field-changed event with a sentence; none for no Fatigue', () => {
    expect(fatigueEvents({ name: 'Ash', ownerId: 'x' }, 2, 'casting Light')).toEqual([
      {
        type: 'field-changed',
        ownerId: 'x',
        ownerName: 'Ash',
        text: 'Ash gains 2 Fatigue from casting Light.',
        path: 'fatigue',
        before: null,
        after: null,
        delta: 2,
      },
    ]);
    expect(fatigueEvents({ name: 'Ash', ownerId: 'x' }, 0)).toEqual([]);
  });
});
