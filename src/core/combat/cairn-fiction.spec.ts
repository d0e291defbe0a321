import fc from 'fast-check';
import { saveSuccessChance } from '../checks/roll-under-save';
import { createRng, Dice } from '../random';
import { cairnAttack } from './cairn-attack';
import { cairnStruggle } from './cairn-struggle';

const dice = (seed: string) => new Dice(createRng(seed));
const target = { hp: 20, str: 12, armor: 0 };

describe('CA-19, CA-20: the die chosen from the fiction (range, position)', () => {
  it('a very distant target makes a d10 attack roll d4, named very-distant', () => {
    const out = cairnAttack({ attackers: [{ die: 'd10', range: 'very-distant' }], target }, dice('far'));
    expect(out.targets[0].rolls[0]).toMatchObject({ weapon: 'd10', rolled: 'd4' });
    expect(out.targets[0].modifiers.map((m) => m.name)).toContain('very-distant');
    expect(Object.keys(out.targets[0].odds.kept).sort()).toEqual(['1', '2', '3', '4']);
    expect(out.targets[0].odds.kept['4']).toBeCloseTo(0.25, 12);
  });

  it('a weak position is impaired (d4), a strong one enhanced (d12), each named', () => {
    const weak = cairnAttack({ attackers: [{ die: 'd8', position: 'weak' }], target }, dice('w'));
    expect(weak.targets[0].rolls[0].rolled).toBe('d4');
    expect(weak.targets[0].modifiers.map((m) => m.name)).toContain('weak-position');
    const strong = cairnAttack({ attackers: [{ die: 'd6', position: 'strong' }], target }, dice('s'));
    expect(strong.targets[0].rolls[0].rolled).toBe('d12');
    expect(strong.targets[0].modifiers.map((m) => m.name)).toContain('strong-position');
  });

  it('unarmed from a strong position is d12; very distant from a strong position cancels (the weapon die)', () => {
    const fist = cairnAttack(
      { attackers: [{ die: 'd8', unarmed: true, position: 'strong' }], target },
      dice('fist'),
    );
    expect(fist.targets[0].rolls[0].rolled).toBe('d12');
    const both = cairnAttack(
      { attackers: [{ die: 'd8', range: 'very-distant', position: 'strong' }], target },
      dice('both'),
    );
    expect(both.targets[0].rolls[0].rolled).toBe('d8');
    expect(both.targets[0].modifiers.map((m) => m.name)).toEqual(
      expect.arrayContaining(['very-distant', 'strong-position']),
    );
  });

  it('near changes nothing: the same dice and answer as without a range', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
        const plain = cairnAttack({ attackers: [{ die: 'd8' }], target }, dice(seed));
        const near = cairnAttack({ attackers: [{ die: 'd8', range: 'near' }], target }, dice(seed));
        expect(near).toEqual(plain);
      }),
    );
  });

  it('the fiction gives the same dice as the flags it stands for (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom('d4', 'd6', 'd8', 'd10', 'd12'),
        (seed, die) => {
          const a = cairnAttack({ attackers: [{ die: die as 'd6', position: 'weak' }], target }, dice(seed));
          const b = cairnAttack({ attackers: [{ die: die as 'd6', impaired: true }], target }, dice(seed));
          expect(a.targets[0].kept).toBe(b.targets[0].kept);
          expect(a.targets[0].odds).toEqual(b.targets[0].odds);
        },
      ),
    );
  });

  it('refuses an unknown range or position naming the field', () => {
    expect(() =>
      cairnAttack({ attackers: [{ die: 'd8', range: 'far' as never }], target }, dice('x')),
    ).toThrow(expect.objectContaining({ field: 'attackers[0].range' }));
    expect(() =>
      cairnAttack({ attackers: [{ die: 'd8', position: 'high' as never }], target }, dice('x')),
    ).toThrow(expect.objectContaining({ field: 'attackers[0].position' }));
  });
});

describe('CA-02: a struggle, the side most at risk saves (combat.cairn-struggle)', () => {
  it('the target saves by default, on its own score, with exact odds', () => {
    const out = cairnStruggle(
      { attribute: 'str', actor: { name: 'Mara', score: 14 }, target: { name: 'Ogre', score: 9 } },
      dice('push'),
    );
    expect(out.saver).toBe('target');
    expect(out.saverName).toBe('Ogre');
    expect(out.score).toBe(9);
    expect(out.odds.pass).toBeCloseTo(9 / 20, 12);
    expect(out.odds.pass + out.odds.fail).toBeCloseTo(1, 12);
    expect(out.faces).toEqual([out.roll]);
    expect(out.prevails).toBe(out.passed ? 'target' : 'actor');
    expect(out.steps.map((s) => s.name)).toEqual(['struggle-save', 'struggle-outcome']);
  });

  it('atRisk: actor makes the actor save', () => {
    const out = cairnStruggle(
      { attribute: 'dex', actor: { score: 5 }, target: { score: 17 }, atRisk: 'actor' },
      dice('leap'),
    );
    expect(out.saver).toBe('actor');
    expect(out.score).toBe(5);
    expect(out.modifiers[0].name).toBe('at-risk');
  });

  it('golden seed: the d20 and the meaning are pinned', () => {
    const a = cairnStruggle(
      { attribute: 'wil', actor: { score: 10 }, target: { score: 10 } },
      dice('golden-struggle'),
    );
    const b = cairnStruggle(
      { attribute: 'wil', actor: { score: 10 }, target: { score: 10 } },
      dice('golden-struggle'),
    );
    expect(b).toEqual(a);
    expect({ roll: a.roll, passed: a.passed, prevails: a.prevails }).toEqual({
      roll: 9,
      passed: true,
      prevails: 'target',
    });
    expect(a.passed).toBe(a.roll === 1 || (a.roll !== 20 && a.roll <= 10));
  });

  it('1 always passes, 20 always fails; odds equal the save chance (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom('actor', 'target'),
        (seed, a, t, atRisk) => {
          const out = cairnStruggle(
            { attribute: 'str', actor: { score: a }, target: { score: t }, atRisk: atRisk as 'actor' },
            dice(seed),
          );
          const score = atRisk === 'actor' ? a : t;
          expect(out.odds.pass).toBe(saveSuccessChance(score));
          if (out.roll === 1) expect(out.passed).toBe(true);
          if (out.roll === 20) expect(out.passed).toBe(false);
          expect(out.passed).toBe(out.roll === 1 || (out.roll !== 20 && out.roll <= score));
        },
      ),
    );
  });

  it('refuses a bad attribute, side or score naming the field', () => {
    const base = { attribute: 'str' as const, actor: { score: 10 }, target: { score: 10 } };
    expect(() => cairnStruggle({ ...base, attribute: 'cha' as never }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'attribute' }),
    );
    expect(() => cairnStruggle({ ...base, atRisk: 'both' as never }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'atRisk' }),
    );
    expect(() => cairnStruggle({ ...base, target: { score: 31 } }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'target.score' }),
    );
  });
});
