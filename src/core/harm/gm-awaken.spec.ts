import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { gmAwaken } from './gm-awaken';

describe('G&M: the roll to awaken when the minutes unconscious are over (issue 43, S6, 001:607)', () => {
  it('rolls the better of fortitude and willpower at −injuries, with the exact odds', () => {
    // Willpower 12 beats fortitude 9; 3 injuries: 9 or less on a d20 wakes, 9 faces in 20.
    const woke = gmAwaken({ fortitude: 9, willpower: 12, injuries: 3 }, scripted(9));
    expect(woke).toMatchObject({
      reaction: 'willpower',
      score: 12,
      target: 9,
      roll: 9,
      faces: [9],
      awake: true,
      nextMinutes: null,
      odds: { awake: 0.45, sleepsOn: 0.55 },
    });
    const out = gmAwaken({ fortitude: 9, willpower: 12, injuries: 3 }, scripted(10));
    expect(out).toMatchObject({ awake: false, roll: 10, nextMinutes: 3 });
    expect(out.steps).toEqual([
      expect.objectContaining({ name: 'awaken', faces: [10], odds: { awake: 0.45, sleepsOn: 0.55 } }),
    ]);
  });

  it('ties go to fortitude; without injuries a failed roll sleeps one more minute', () => {
    expect(gmAwaken({ fortitude: 10, willpower: 10, injuries: 0 }, scripted(11))).toMatchObject({
      reaction: 'fortitude',
      target: 10,
      awake: false,
      nextMinutes: 1,
      odds: { awake: 0.5, sleepsOn: 0.5 },
    });
    expect(gmAwaken({ fortitude: null, willpower: 7, injuries: 0 }, scripted(7))).toMatchObject({
      reaction: 'willpower',
      awake: true,
    });
  });

  it('has no automatic results: 20 or more always wakes, under 1 never does', () => {
    expect(gmAwaken({ fortitude: 25, willpower: 3, injuries: 2 }, scripted(20))).toMatchObject({
      target: 23,
      awake: true,
      odds: { awake: 1, sleepsOn: 0 },
    });
    expect(gmAwaken({ fortitude: 4, willpower: 5, injuries: 5 }, scripted(1))).toMatchObject({
      target: 0,
      awake: false,
      nextMinutes: 5,
      odds: { awake: 0, sleepsOn: 1 },
    });
  });

  it('wakes with no roll when the sheet derives neither reaction', () => {
    const dice = scripted(20);
    const outcome = gmAwaken({ fortitude: null, willpower: null, injuries: 4 }, dice);
    expect(outcome).toMatchObject({ reaction: null, roll: null, faces: [], awake: true, odds: { awake: 1 } });
    expect(dice.faces).toEqual([]);
  });

  it('refuses bad input naming the field', () => {
    expect(() => gmAwaken({ fortitude: -1, willpower: 3, injuries: 0 }, scripted())).toThrow(
      expect.objectContaining({ field: 'fortitude' }),
    );
    expect(() => gmAwaken({ fortitude: 3, willpower: 3, injuries: 1.5 }, scripted())).toThrow(
      expect.objectContaining({ field: 'injuries' }),
    );
  });

  it('golden: fixed seeds give the same faces and answers (rng version pinned)', () => {
    const at = (seed: string) =>
      gmAwaken({ fortitude: 11, willpower: 9, injuries: 2 }, new Dice(createRng(seed)));
    const answers = ['awaken-1', 'awaken-2', 'awaken-3', 'awaken-4'].map((s) => {
      const o = at(s);
      return [o.roll, o.awake];
    });
    expect(answers).toEqual(GOLDEN);
  });
});

// Target 11 − 2 = 9 (fortitude, the better): 9 or less wakes.
const GOLDEN: Array<[number, boolean]> = [
  [17, false],
  [17, false],
  [17, false],
  [7, true],
];
