import { encodeCursor, pageInMemory } from './pagination';
import { Problem } from './problem';

const list = { count: 7, items: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] };

describe('pageInMemory', () => {
  it('pages a fixed list by position: each page starts where the last stopped, the last has no next', () => {
    const first = pageInMemory(list, { limit: 3 });
    expect(first).toMatchObject({ count: 7, items: ['a', 'b', 'c'] });
    const second = pageInMemory(list, { limit: 3, after: first.next! });
    expect(second.items).toEqual(['d', 'e', 'f']);
    const last = pageInMemory(list, { limit: 3, after: second.next! });
    expect(last).toEqual({ count: 7, items: ['g'], next: null });
  });

  it('answers 25 by default and the whole list with no next when it fits', () => {
    expect(pageInMemory(list, {})).toEqual({ ...{}, ...list, next: null });
  });

  it('pages by id when given one, so an item added in front does not shift the next page', () => {
    const first = pageInMemory(list, { limit: 2 }, (x) => x);
    const grown = { count: 8, items: ['z', ...list.items] };
    expect(pageInMemory(grown, { limit: 2, after: first.next! }, (x) => x).items).toEqual(['c', 'd']);
  });

  it('refuses a cursor it did not make, or one past the end, naming after', () => {
    for (const after of ['bm90LWEtY3Vyc29y', encodeCursor([99]), encodeCursor(['x'])]) {
      let error: unknown;
      try {
        pageInMemory(list, { after });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(Problem);
      expect((error as Problem).errors).toEqual([
        { field: 'after', message: 'after is not a cursor this list returned.' },
      ]);
    }
    expect(() => pageInMemory(list, { after: encodeCursor(['q']) }, (x) => x)).toThrow(Problem);
  });
});
