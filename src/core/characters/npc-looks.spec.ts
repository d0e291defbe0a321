import fc from 'fast-check';
import { npcLooks } from './npc-looks';

describe('npcLooks: a hidden NPC in words', () => {
  it('reads how hurt it is, never a number', () => {
    expect(npcLooks({ coeac: { hp: 6, maxHp: 6 } })).toBe('unhurt');
    expect(npcLooks({ coeac: { hp: 4, maxHp: 6 } })).toBe('wounded');
    expect(npcLooks({ coeac: { hp: 3, maxHp: 6 } })).toBe('badly wounded');
    expect(
      npcLooks({ coeac: { hp: 0, maxHp: 6, harm: { state: 'out', conditions: [], pending: [] } } }),
    ).toBe('down');
    expect(
      npcLooks({ cairn: { hp: 0, maxHp: 4, str: { current: 0, max: 8 }, harm: { state: 'dead' } } }),
    ).toBe('dead');
    expect(npcLooks({ gm: { survival: { current: 7, max: 7 }, injuries: { current: 2, max: 10 } } })).toBe(
      'wounded',
    );
    expect(npcLooks({ archsoul: { hp: 0, maxHp: 5, belowZero: 2 } })).toBe('down');
    expect(npcLooks({})).toBeNull();
  });

  it('says one of five phrases whatever the numbers (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 40 }), fc.integer({ min: 0, max: 40 }), (hp, maxHp) =>
        ['unhurt', 'wounded', 'badly wounded', 'down', 'dead'].includes(
          npcLooks({ cairn: { hp, maxHp } }) ?? '',
        ),
      ),
    );
  });
});
