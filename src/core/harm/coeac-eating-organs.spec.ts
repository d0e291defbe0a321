import { createRng, Dice } from '../random';
import { coeacDamage } from './coeac-damage';
import { coeacEating, RARE_ORGANS } from './coeac-eating';

const dice = (seed: string) => new Dice(createRng(seed));

describe('Monster Menu: brain and rare organs (003:496–505)', () => {
  it('brain: one of the monster’s spells by lot, or a spell of a named family', () => {
    const out = coeacEating({ cut: 'brain', knownSpells: ['fog-cloud', 'disintegrate'] }, dice('b'));
    const learned = out.changes.find((c) => c.field.startsWith('spell:'))!;
    expect(['spell:fog-cloud', 'spell:disintegrate']).toContain(learned.field);
    expect(out.faces).toHaveLength(1);
    const only = coeacEating({ cut: 'brain', knownSpells: ['fog-cloud'] }, dice('b'));
    expect(only.changes).toEqual([{ field: 'spell:fog-cloud', delta: 1, after: null }]);
    expect(only.faces).toEqual([]);
    const family = coeacEating({ cut: 'brain', family: 'psychomancy' }, dice('c'));
    expect(family.faces).toHaveLength(1);
    expect(() => coeacEating({ cut: 'brain' }, dice('a'))).toThrow(
      expect.objectContaining({ field: 'knownSpells' }),
    );
    expect(() => coeacEating({ cut: 'brain', knownSpells: ['nope'] }, dice('a'))).toThrow(
      expect.objectContaining({ field: 'knownSpells[0]' }),
    );
  });

  it('rare organ: the d6 in the seed’s order, or the one named', () => {
    const rolled = coeacEating({ cut: 'rare-organ' }, dice('o'));
    const face = rolled.faces[0];
    expect(rolled.changes).toEqual([{ field: `organ:${RARE_ORGANS[face - 1].id}`, delta: 1, after: null }]);
    const hide = coeacEating({ cut: 'rare-organ', organ: 'hide' }, dice('o'));
    expect(hide.faces).toEqual([]);
    expect(hide.changes).toEqual([{ field: 'organ:hide', delta: 1, after: null }]);
    expect(() => coeacEating({ cut: 'rare-organ', organ: 'liver' }, dice('o'))).toThrow(
      expect.objectContaining({ field: 'organ' }),
    );
  });

  it('a hide-worked piece Blocks 1 more (Block 2 + 1 against 7 → 4 through)', () => {
    const plain = coeacDamage({ hp: 10, damage: 7, block: { kind: 'light-armor' } });
    const hide = coeacDamage({ hp: 10, damage: 7, block: { kind: 'light-armor', bonus: 1 } });
    expect(plain.blocked).toBe(2);
    expect(hide.blocked).toBe(3);
    expect(hide.hp).toBe(6);
  });
});
