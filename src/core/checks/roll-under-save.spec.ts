import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { rollUnderSave } from './roll-under-save';
import { scripted } from '../../../test/factories/dice';

describe(rollUnderSave.name, () => {
  it('passes on a roll equal to or under the attribute', () => {
    expect(rollUnderSave({ attribute: 12 }, scripted(12))).toEqual({
      roll: 12,
      faces: [12],
      attribute: 12,
      passed: true,
      automatic: null,
      odds: { success: 0.6 },
    });
    expect(rollUnderSave({ attribute: 12 }, scripted(13)).passed).toBe(false);
  });

  it('always passes on a 1 and always fails on a 20', () => {
    expect(rollUnderSave({ attribute: 0 }, scripted(1))).toMatchObject({
      passed: true,
      automatic: 'always-passes',
    });
    expect(rollUnderSave({ attribute: 30 }, scripted(20))).toMatchObject({
      passed: false,
      automatic: 'always-fails',
    });
    expect(rollUnderSave({ attribute: 10 }, scripted(1)).automatic).toBe('always-passes');
  });

  it('answers odds equal to counting the d20 faces', () => {
    for (let attribute = 0; attribute <= 30; attribute++) {
      let passing = 0;
      for (let face = 1; face <= 20; face++)
        if (rollUnderSave({ attribute }, scripted(face)).passed) passing++;
      expect(rollUnderSave({ attribute }, scripted(10)).odds.success).toBe(passing / 20);
    }
    expect(rollUnderSave({ attribute: 0 }, scripted(5)).odds.success).toBe(0.05);
    expect(rollUnderSave({ attribute: 25 }, scripted(5)).odds.success).toBe(0.95);
  });

  it('gives the same outcome for the same seed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 0, max: 30 }), (seed, attribute) => {
        const outcome = rollUnderSave({ attribute }, new Dice(createRng(seed)));
        expect(rollUnderSave({ attribute }, new Dice(createRng(seed)))).toStrictEqual(outcome);
        expect(outcome.faces).toEqual([outcome.roll]);
      }),
    );
  });

  it('refuses an attribute outside 0..30', () => {
    for (const attribute of [-1, 31, 2.5, Number.NaN]) {
      expect(() => rollUnderSave({ attribute }, scripted())).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', field: 'attribute' }),
      );
    }
  });
});
