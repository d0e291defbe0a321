import { newId } from './time';

describe('row ids', () => {
  it('are UUIDs of version 7 that sort in the order they were made', () => {
    const ids = Array.from({ length: 500 }, () => newId());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carry the millisecond they were made in their first 48 bits', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    const made = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(made).toBeGreaterThanOrEqual(before);
    expect(made).toBeLessThanOrEqual(after);
  });
});
