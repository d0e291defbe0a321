import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { fastValidator } from '../common/fast-validation';
import { createValidationPipe, validationPipeOptions } from '../common/validation';
import {
  ArchsoulConditionInput,
  CairnDamageInput,
  CairnDeprivationInput,
  CoeacEatingInput,
  CoeacRestInput,
  GmDamageInput,
  GmDeathRollInput,
  GmHealingInput,
  GmHeroicEffortInput,
  GmNpcSurvivalInput,
} from './harm.inputs';
import { SheetRestInput, TemporaryPoolInput } from './harm-campaign.inputs';

type Ctor = new () => unknown;

/*
 * The shared fast-validation spec draws random bodies field by field; with a dozen optional fields
 * it almost never draws one that is valid throughout, so these classes are checked here on bodies
 * written by hand: the compiled fast path and class-validator agree on each.
 */
const slowPipe = new ValidationPipe(validationPipeOptions());
const fastPipe = createValidationPipe();

async function outcome(pipe: ValidationPipe, metatype: Ctor, value: unknown) {
  try {
    return { ok: true, value: await pipe.transform(value, { type: 'body', metatype }) };
  } catch {
    return { ok: false, value: null };
  }
}

const cases: [Ctor, Record<string, unknown>, boolean][] = [
  [
    CairnDamageInput,
    {
      hp: 3,
      maxHp: 6,
      str: 12,
      dex: 10,
      wil: 9,
      maxDex: 12,
      maxWil: 11,
      armor: 2,
      die: 'd8',
      target: 'hp',
      doomed: false,
      npc: true,
      seed: 's',
    },
    true,
  ],
  [CairnDamageInput, { hp: 3, str: 31, damage: 2 }, false],
  [CairnDamageInput, { hp: 3, str: 12, die: 'd7' }, false],
  [CairnDeprivationInput, { days: 3, extraFatigue: 1, freeSlots: 0 }, true],
  [CoeacRestInput, { kind: 'long', hp: 1, maxHp: 6, rations: true, armor: ['shield'] }, true],
  [CoeacRestInput, { kind: 'long', hp: 1, maxHp: 6, rations: true, armor: ['plate'] }, false],
  [CoeacEatingInput, { cut: 'heart', skills: ['Medicine'], saves: ['Vigor'], seed: 'x' }, true],
  [CoeacEatingInput, { cut: 'heart', skills: [''] }, false],
  [ArchsoulConditionInput, { hp: -4, endurance: 3, damage: 2, coupDeGrace: true, unconscious: false }, true],
  [
    GmDamageInput,
    {
      survival: 4,
      verve: 0,
      injuries: 1,
      temporary: 2,
      damage: 6,
      archetypal: true,
      weaponDice: 1,
      evaded: false,
      consciousness: 11,
    },
    true,
  ],
  [GmDamageInput, { survival: 4, damage: 1.5 }, false],
  [GmDeathRollInput, { injuries: 2, endurance: 15, unconscious: true, bonus: 1, penalty: 0 }, true],
  [GmHeroicEffortInput, { score: 10, level: 2 }, true],
  [
    GmHealingInput,
    { kind: 'night', level: 2, survival: 2, maxSurvival: 7, health: 12, choice: 'survival', npc: false },
    true,
  ],
  [GmHealingInput, { kind: 'nap', level: 2, survival: 2, maxSurvival: 7 }, false],
  [GmNpcSurvivalInput, { level: 3, warrior: true, perDieBonus: 1, endurance: 12 }, true],
  [GmNpcSurvivalInput, { level: 0 }, false],
  [TemporaryPoolInput, { amount: 7, source: 'Fighting Prowess', rounds: 10 }, true],
  [TemporaryPoolInput, { amount: -1 }, false],
  [TemporaryPoolInput, { amount: 3, turns: 0 }, false],
  [SheetRestInput, { system: 'archsoul', kind: 'night', watchMinutes: 160 }, true],
  [SheetRestInput, { system: 'archsoul', kind: 'hour', watchMinutes: 481 }, false],
];

describe('harm inputs on the fast validation path', () => {
  it.each(
    cases.map(
      ([metatype, body, valid]) => [metatype.name, JSON.stringify(body), metatype, body, valid] as const,
    ),
  )('%s %s', async (_name, _text, metatype, body, valid) => {
    const fast = await outcome(fastPipe, metatype, body);
    const slow = await outcome(slowPipe, metatype, body);
    expect(fast.ok).toBe(valid);
    expect(slow.ok).toBe(valid);
    expect(fast.value).toEqual(slow.value);
    expect(fastValidator(metatype)?.(body) ?? false).toBe(valid);
  });
});
