import { createRng, Dice } from '../core/random';
import { applyChange, hazardSheetState, sheetState, type EngineChange, type GmState } from '../core/engine';
import { harmOf } from '../core/harm/sheet-harm';
import { gmAilmentTicks, mergeStatuses, type StoredStatus } from '../core/hazards';
import { ProcedureRegistry } from '../rolls/procedures';
import {
  AILMENT_TICKS_V2_PROCEDURE,
  AILMENT_TICKS_V3_PROCEDURE,
  AILMENT_TICKS_V4_PROCEDURE,
  loggedTicks,
  loggedTicksV4,
  type AilmentTickV2Input,
} from './ailment-ticks';
import { AILMENT_TICKS_PROCEDURE, HazardsAilmentsService } from './hazards-ailments.service';
import { expectedV4Applied } from '../../test/factories/hazard-logged';

/*
 * Issue 39: a G&M ailment's tick on the clock is one logged roll, `hazard.gm.ailment-ticks.v2`: the
 * course, then the engine's `hazard` change applied once on the same dice. On fixed seeds it answers
 * what the old pair answered (`hazard.gm.ailment-ticks`, then the service's `harm.sheet-damage` of
 * the course's injuries, forced, from `hazard:ailment`) when that harm draws on from the course's
 * dice; the statuses it lands are the old service's merge.
 */
const dice = (seed: string) => new Dice(createRng(seed));
const SEEDS = ['a', 'b', 'c', 'bad-fish', 'golden-1', 'golden-2', 'golden-3', 'x9', 'fever', 'z'];
const OWNER = { name: 'Gralen', id: 'c1', npc: false };

const GM: Record<string, unknown> = {
  abilities: { endurance: 12, strength: 10 },
  archetypes: [{ archetype: 'sorceror', level: 3 }],
  survival: { max: 6, current: 0 },
  verve: { max: 3, current: 0 },
  injuries: { max: 2, current: 1 },
};
const VIEW: Record<string, unknown> = { reactions: { fortitude: 8, evasion: 4, health: 3, wisdom: 5 } };
const KEPT: StoredStatus[] = [{ id: 's0', status: 'asleep', source: 'Old', secondsLeft: 60 }];

const BATCH: AilmentTickV2Input[] = [
  {
    id: 'fp',
    name: 'Food poisoning',
    strength: 3,
    health: 8,
    from: 1,
    count: 3,
    effect: 'injuries',
    effectDice: 1,
    effectSides: 3,
  },
  {
    id: 'sl',
    name: 'Sleeping draught',
    strength: 6,
    health: 2,
    from: 1,
    count: 2,
    effect: 'sleep-minutes',
    effectDice: 2,
    effectSides: 6,
  },
];

function gmState(data: Record<string, unknown>): GmState {
  const read = hazardSheetState(OWNER, 'gm', data, VIEW, harmOf(data)) as GmState;
  return { ...read, hazard: { ...read.hazard!, statuses: KEPT } };
}

/** The procedure registry as the ailments service fills it (the service's other parts unused). */
function registeredAilments(): ProcedureRegistry {
  const registry = new ProcedureRegistry();
  const unused = null as never;
  new HazardsAilmentsService(unused, unused, unused, unused, unused, unused, unused, registry);
  return registry;
}

describe('hazard.gm.ailment-ticks.v2 (golden, fixed seeds)', () => {
  it('answers the old tick and its harm roll: the same course, the same harm outcome and events', () => {
    let harmed = 0;
    let slept = 0;
    for (const seed of SEEDS) {
      const state = gmState(GM);
      const ids = BATCH.map((_, i) => `new-${i}`);
      const v2 = AILMENT_TICKS_V2_PROCEDURE.run({ ailments: BATCH, state, ids }, dice(seed));
      // The old pair on one stream: the course, then the service's damage of its injuries.
      const d = dice(seed);
      const course = AILMENT_TICKS_PROCEDURE.run({ ailments: BATCH }, d);
      expect(v2.course).toEqual(course);
      if (course.injuries > 0) {
        harmed++;
        const change = {
          kind: 'damage',
          amount: course.injuries,
          archetypal: false,
          weaponDice: course.injuries,
          evaded: false,
          consciousness: 'fortitude',
          source: 'hazard:ailment',
        } as EngineChange;
        const old = applyChange(sheetState(OWNER, 'gm', GM, VIEW, harmOf(GM)), change, d);
        expect(v2.applied.outcome).toEqual(old.outcome);
        expect(v2.applied.events).toEqual(old.events);
        expect(v2.applied.harmLedger.map((c) => c.field)).toContain('injuries.current');
      } else {
        expect(v2.applied.outcome).toBeNull();
        expect(v2.applied.events).toEqual([]);
      }
      // The statuses: the old service's merge of what the course landed into the kept ones.
      const sleep = course.ailments.find((a) => a.id === 'sl')!;
      let n = 0;
      const landed =
        sleep.amount > 0
          ? [{ status: 'asleep' as const, source: 'Sleeping draught', secondsLeft: sleep.amount * 60 }]
          : [];
      const merged = mergeStatuses(KEPT, landed, () => `new-${n++}`);
      if (landed.length > 0) {
        slept++;
        expect(v2.applied.gmStatuses).toEqual(merged);
      } else expect(v2.applied.gmStatuses).toBeNull();
      expect(v2.applied.plain).toEqual([]);
    }
    // The seeds cover both harm and sleep, and a tick that harms no one.
    expect(harmed).toBeGreaterThan(0);
    expect(harmed).toBeLessThan(SEEDS.length);
    expect(slept).toBeGreaterThan(0);
  });

  it('the course alone is gmAilmentTicks; both names are registered so old rolls replay', () => {
    const registry = registeredAilments();
    expect(registry.get('hazard.gm.ailment-ticks').run({ ailments: BATCH } as never, dice('old'))).toEqual(
      gmAilmentTicks({ ailments: BATCH }, dice('old')),
    );
    const input = { ailments: BATCH, state: gmState(GM), ids: ['i', 'j'] };
    expect(registry.get('hazard.gm.ailment-ticks.v2').run(input as never, dice('new'))).toEqual(
      AILMENT_TICKS_V2_PROCEDURE.run(input, dice('new')),
    );
  });
});

describe('hazard.gm.ailment-ticks.v3 (golden, fixed seeds)', () => {
  const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

  it('rolls what v2 rolled on the same faces, and logs it without the state after', () => {
    let harmed = 0;
    let slept = 0;
    for (const seed of SEEDS) {
      const input = { ailments: BATCH, state: gmState(GM), ids: BATCH.map((_, i) => `new-${i}`) };
      const v2Dice = dice(seed);
      const v2 = AILMENT_TICKS_V2_PROCEDURE.run(input, v2Dice);
      const wholeDice = dice(seed);
      const whole = AILMENT_TICKS_V3_PROCEDURE.whole.run(input, wholeDice);
      expect(whole).toEqual(v2);
      expect(wholeDice.faces).toEqual(v2Dice.faces);
      const replayDice = dice(seed);
      const logged = AILMENT_TICKS_V3_PROCEDURE.run(input, replayDice);
      expect(replayDice.faces).toEqual(v2Dice.faces);
      expect(stored(logged)).toEqual(stored(loggedTicks(whole)));
      expect(logged).toEqual({
        course: v2.course,
        applied: {
          kind: 'damage',
          events: v2.applied.events,
          outcome: v2.applied.outcome,
          plain: v2.applied.plain,
          harmLedger: v2.applied.harmLedger,
          zeroed: v2.applied.zeroed,
          statuses: v2.applied.statuses,
          gmStatuses: v2.applied.gmStatuses,
          ailment: v2.applied.ailment,
        },
      });
      if (v2.applied.outcome) harmed++;
      if (v2.applied.gmStatuses) slept++;
      // The row's input and outcome hold the engine's state once (v2's twice).
      const v3Row = JSON.stringify({ inputs: input, outcome: stored(logged) });
      const v2Row = JSON.stringify({ inputs: input, outcome: stored(v2) });
      expect(occurrences(v3Row, '"values":{')).toBe(1);
      expect(occurrences(v2Row, '"values":{')).toBe(2);
      expect(v3Row.length).toBeLessThan(v2Row.length - JSON.stringify(input.state).length);
    }
    expect(harmed).toBeGreaterThan(0);
    expect(slept).toBeGreaterThan(0);
  });

  it('is registered beside the old names; the registry replays it as logged', () => {
    const registry = registeredAilments();
    const input = { ailments: BATCH, state: gmState(GM), ids: ['i', 'j'] };
    expect(registry.get('hazard.gm.ailment-ticks.v3').run(input as never, dice('new'))).toEqual(
      loggedTicks(AILMENT_TICKS_V2_PROCEDURE.run(input, dice('new'))),
    );
    expect(registry.get('hazard.gm.ailment-ticks.v2').name).toBe('hazard.gm.ailment-ticks.v2');
  });
});

describe('hazard.gm.ailment-ticks.v4 (golden, fixed seeds)', () => {
  const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  it('rolls what v2 and v3 rolled on the same faces, and logs the transition without its words', () => {
    let harmed = 0;
    for (const seed of SEEDS) {
      const input = { ailments: BATCH, state: gmState(GM), ids: BATCH.map((_, i) => `new-${i}`) };
      const v2Dice = dice(seed);
      const v2 = AILMENT_TICKS_V2_PROCEDURE.run(input, v2Dice);
      const wholeDice = dice(seed);
      expect(AILMENT_TICKS_V4_PROCEDURE.whole.run(input, wholeDice)).toEqual(v2);
      expect(wholeDice.faces).toEqual(v2Dice.faces);
      const replayDice = dice(seed);
      const logged = AILMENT_TICKS_V4_PROCEDURE.run(input, replayDice);
      expect(replayDice.faces).toEqual(v2Dice.faces);
      expect(stored(logged)).toEqual(stored(loggedTicksV4(v2)));
      expect(logged).toEqual({ course: v2.course, applied: expectedV4Applied(v2.applied) });
      if (v2.applied.outcome) harmed++;
      const v3 = AILMENT_TICKS_V3_PROCEDURE.run(input, dice(seed));
      expect(JSON.stringify(logged).length).toBeLessThanOrEqual(
        JSON.stringify(v3).length - JSON.stringify(v2.applied.events).length,
      );
    }
    expect(harmed).toBeGreaterThan(0);
  });

  it('is registered beside v2 and v3; the registry replays each as it logged', () => {
    const registry = registeredAilments();
    const input = { ailments: BATCH, state: gmState(GM), ids: ['i', 'j'] };
    const whole = AILMENT_TICKS_V2_PROCEDURE.run(input, dice('new'));
    expect(registry.get('hazard.gm.ailment-ticks.v4').run(input as never, dice('new'))).toEqual(
      loggedTicksV4(whole),
    );
    expect(registry.get('hazard.gm.ailment-ticks.v3').run(input as never, dice('new'))).toEqual(
      loggedTicks(whole),
    );
  });
});
