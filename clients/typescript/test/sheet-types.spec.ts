import type { components, paths } from '../src';

/*
 * Issue 42: a VTT writes no sheet type by hand. The generated types give each system's sheet exactly,
 * and an answer of one sheet narrows on `system`. Most of this file is checked by the compiler
 * (`npm run typecheck -w @arbiter/client`, and ts-jest when it runs): a wrong type here fails the
 * build, and each `@ts-expect-error` fails it when the error it expects is gone.
 */

type Schemas = components['schemas'];
type SheetAnswer = Schemas['SheetAnswer'];
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T | undefined => undefined;

/** What a VTT writes: narrow on `system`, then read the sheet's fields with their types. */
function coeacHp(answer: SheetAnswer): number | null {
  if (answer.system !== 'coeac') return null;
  return answer.sheet.hp;
}

function cairnStr(answer: SheetAnswer): number | null {
  return answer.system === 'cairn' ? answer.sheet.str.current : null;
}

// The GET of one sheet answers SheetAnswer.
type GetSheet =
  paths['/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}']['get']['responses'][200]['content']['application/json'];
assertType<Equal<GetSheet, SheetAnswer>>();
// Each system's answer fixes `system` and types `sheet`.
assertType<Equal<Extract<SheetAnswer, { system: 'coeac' }>['sheet'], Schemas['CoeacSheet']>>();
assertType<Equal<Extract<SheetAnswer, { system: 'gm' }>['sheet'], Schemas['GmSheet']>>();
assertType<Equal<Schemas['CoeacSheet']['hp'], number>>();
assertType<Equal<Schemas['CoeacSheet']['skills'], { [key: string]: number }>>();
assertType<Equal<Schemas['CoeacSheet']['armor']['kind'], 'none' | 'light' | 'heavy'>>();
assertType<Equal<Schemas['CairnSheet']['state'], 'up' | 'out' | 'dead'>>();
assertType<
  Equal<
    NonNullable<Schemas['GmSheet']['weapons']>[number]['kind'],
    'close' | 'thrown' | 'propelled' | undefined
  >
>();
// A character's sheets: one optional member per system, typed.
assertType<Equal<Schemas['CharacterSheets']['cairn'], Schemas['CairnSheet'] | undefined>>();

function wrong(answer: SheetAnswer) {
  // @ts-expect-error before narrowing, `hp` is not on every sheet (G&M has none)
  void answer.sheet.hp;
  if (answer.system === 'cairn') {
    // @ts-expect-error a Cairn sheet has no skills
    void answer.sheet.skills;
  }
}

describe('generated sheet types', () => {
  const coeac: Extract<SheetAnswer, { system: 'coeac' }> = {
    ownerKind: 'character',
    ownerId: 'c-1',
    system: 'coeac',
    updatedAt: '2026-11-29T00:00:00.000Z',
    sheet: {
      skills: { Stealth: 2 },
      saves: {},
      hp: 5,
      maxHp: 8,
      bonusHp: 0,
      armor: { kind: 'light', shield: false, blockUses: 1, blockUsesPerDay: 1 },
      class: null,
      classResources: { Luck: { current: 1, max: 2 } },
      boons: 0,
      state: 'up',
      weapons: [{ name: 'Spear', skill: 'Fighting' }],
    },
  };

  it('narrows a sheet answer on system, with no type written by hand', () => {
    expect(coeacHp(coeac)).toBe(5);
    expect(cairnStr(coeac)).toBeNull();
    expect(() => wrong(coeac)).not.toThrow();
  });
});
