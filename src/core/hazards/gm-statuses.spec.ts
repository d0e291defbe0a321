import fc from 'fast-check';
import { createRng, Dice } from '../random';

const createDice = (seed: string) => new Dice(createRng(seed));
import { gmAilment } from './gm-ailments';
import { gmIllusion } from './gm-consequences';
import {
  countDownStatuses,
  gmStatusCheck,
  mergeStatuses,
  normaliseGmStatuses,
  statusesFromHazard,
  type StoredStatus,
} from './gm-statuses';

let n = 0;
const id = () => `s${++n}`;

describe('G&M statuses from hazards', () => {
  it('a giant spider’s paralysis becomes a timed status of the minutes rolled (seed pinned)', () => {
    const outcome = gmAilment(
      { ailment: 'giant-spider', contact: 'forced', reaction: 0 },
      createDice('spider-bite'),
    );
    // Reaction 0 at −4 cannot pass: the bite lands d4 minutes of paralysis.
    expect(outcome.applications).toBe(1);
    expect(outcome.total).toBe(1);
    const added = statusesFromHazard(outcome.effects, outcome as never, 'ailment', false);
    expect(added).toEqual([{ status: 'paralysed', source: 'Giant spider', secondsLeft: outcome.total * 60 }]);
  });

  it('sleep gas failed three times of three sleeps 6d10 minutes (000:33), one asleep status', () => {
    const outcome = gmAilment(
      { ailment: 'sleep-gas', contact: 'forced', reaction: 0, actionTimesExposed: 3 },
      createDice('gas'),
    );
    expect(outcome.applications).toBe(3);
    expect(outcome.steps.map((s) => s.effectFaces)).toEqual([
      [5, 9],
      [8, 10],
      [7, 3],
    ]);
    expect(outcome.total).toBe(42);
    expect(statusesFromHazard(outcome.effects, outcome as never, 'ailment', false)).toEqual([
      { status: 'asleep', source: 'Sleep gas', secondsLeft: outcome.total * 60 },
    ]);
  });

  it('an illusion’s failed death roll is shock, untimed; a penalty ailment kept in ailments adds no ailing', () => {
    const illusion = gmIllusion({ method: 'perception', score: 0, failedDeathRoll: true }, createDice('x'));
    expect(statusesFromHazard(illusion.effects, illusion as never, 'illusion', false)).toEqual([
      { status: 'shock', source: 'illusion', secondsLeft: null },
    ]);
    const alcohol = gmAilment({ ailment: 'alcohol', contact: 'willing', reaction: 0 }, createDice('ale'));
    expect(statusesFromHazard(alcohol.effects, alcohol as never, 'ailment', true)).toEqual([]);
    expect(statusesFromHazard(alcohol.effects, alcohol as never, 'ailment', false)).toEqual([
      {
        status: 'ailing',
        source: 'Alcohol',
        secondsLeft: null,
        penalty: alcohol.total,
        scores: ['agility', 'concentration', 'evasion', 'fortitude'],
      },
    ]);
  });

  it('the same status from the same source adds up; untimed wins', () => {
    const kept: StoredStatus[] = [{ id: 'a', status: 'asleep', source: 'Sleep gas', secondsLeft: 600 }];
    expect(mergeStatuses(kept, [{ status: 'asleep', source: 'Sleep gas', secondsLeft: 120 }], id)).toEqual([
      { id: 'a', status: 'asleep', source: 'Sleep gas', secondsLeft: 720 },
    ]);
    const two = mergeStatuses(kept, [{ status: 'shock', source: 'illusion', secondsLeft: null }], id);
    expect(two).toHaveLength(2);
    expect(kept[0].secondsLeft).toBe(600);
  });

  it('the clock counts timed statuses down; untimed ones stay', () => {
    const list: StoredStatus[] = [
      { id: 'a', status: 'paralysed', source: 'Giant spider', secondsLeft: 180 },
      { id: 'b', status: 'asleep', source: 'Sleep gas', secondsLeft: 3000 },
      { id: 'c', status: 'shock', source: 'illusion', secondsLeft: null },
    ];
    const { kept, ended } = countDownStatuses(list, 600);
    expect(ended.map((s) => s.id)).toEqual(['a']);
    expect(kept).toEqual([
      { id: 'b', status: 'asleep', source: 'Sleep gas', secondsLeft: 2400 },
      { id: 'c', status: 'shock', source: 'illusion', secondsLeft: null },
    ]);
  });

  it('property: counting down a then b leaves what counting down a + b leaves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (times, a, b) => {
          const list: StoredStatus[] = times.map((secondsLeft, i) => ({
            id: `x${i}`,
            status: secondsLeft === null ? 'shock' : 'asleep',
            source: 's',
            secondsLeft,
          }));
          const once = countDownStatuses(list, a + b).kept;
          const twice = countDownStatuses(countDownStatuses(list, a).kept, b).kept;
          expect(twice).toEqual(once);
        },
      ),
    );
  });

  it('checks: shock refuses all; asleep allows only perception at −6; paralysed refuses moving; ailing lowers', () => {
    const s = (status: StoredStatus['status'], extra: Partial<StoredStatus> = {}): StoredStatus => ({
      id: status,
      status,
      source: 'x',
      secondsLeft: null,
      ...extra,
    });
    expect(gmStatusCheck([s('shock')], ['perception']).refusedBy).toBe('shock');
    expect(gmStatusCheck([s('asleep')], ['strength']).refusedBy).toBe('asleep');
    expect(gmStatusCheck([s('asleep')], ['perception'])).toEqual({
      refusedBy: null,
      modifiers: [{ source: 'status:asleep', amount: -6 }],
    });
    for (const name of ['agility', 'strength', 'evasion'])
      expect(gmStatusCheck([s('paralysed')], [name]).refusedBy).toBe('paralysed');
    expect(gmStatusCheck([s('paralysed')], ['willpower'])).toEqual({ refusedBy: null, modifiers: [] });
    const ailing = s('ailing', { source: 'Alcohol', penalty: 2, scores: ['concentration', 'evasion'] });
    expect(gmStatusCheck([ailing], ['wisdom']).modifiers).toEqual([
      { source: 'status:ailing:Alcohol', amount: -2 },
    ]);
    expect(gmStatusCheck([ailing], ['strength']).modifiers).toEqual([]);
  });

  it('the referee’s statuses are validated, naming the field', () => {
    expect(() =>
      normaliseGmStatuses([{ id: 'a', status: 'cursed', source: 'x', secondsLeft: null }]),
    ).toThrow(expect.objectContaining({ field: 'sheet.statuses[0].status' }));
    expect(() => normaliseGmStatuses([{ id: 'a', status: 'asleep', source: 'x', secondsLeft: 0 }])).toThrow(
      expect.objectContaining({ field: 'sheet.statuses[0].secondsLeft' }),
    );
    expect(normaliseGmStatuses([{ id: 'a', status: 'asleep', source: 'x', secondsLeft: 60 }])).toEqual([
      { id: 'a', status: 'asleep', source: 'x', secondsLeft: 60 },
    ]);
  });
});
