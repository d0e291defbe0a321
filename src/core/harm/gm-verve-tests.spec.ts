import { gmVerveTest } from './gm-verve-tests';

describe(gmVerveTest.name, () => {
  it('test 4: a warrior losing survival in combat uses verve (Toromeen and the Orc, 001:567)', () => {
    expect(gmVerveTest({ archetypes: ['warrior'], combat: true })).toMatchObject({
      archetypal: true,
      test: 4,
      archetype: 'warrior',
    });
    // A thief in the same fight does not.
    expect(gmVerveTest({ archetypes: ['thief'], combat: true })).toMatchObject({
      archetypal: false,
      test: null,
    });
  });

  it('tests 1 and 2: the roll behind the loss was against an archetypal reaction or ability', () => {
    expect(gmVerveTest({ archetypes: ['thief'], reaction: 'evasion' })).toMatchObject({
      test: 1,
      archetype: 'thief',
    });
    expect(gmVerveTest({ archetypes: ['thief'], reaction: 'fortitude' }).archetypal).toBe(false);
    expect(gmVerveTest({ archetypes: ['sorceror', 'warrior'], attribute: 'strength' })).toMatchObject({
      test: 2,
      archetype: 'warrior',
    });
    expect(gmVerveTest({ archetypes: ['monk'], attribute: 'Charisma' })).toMatchObject({
      test: 2,
      archetype: 'monk',
    });
  });

  it('test 3: a direct consequence of one of the character’s archetypes’ actions', () => {
    expect(gmVerveTest({ archetypes: ['sorceror'], action: 'sorceror' })).toMatchObject({ test: 3 });
    expect(gmVerveTest({ archetypes: ['thief'], action: 'sorceror' }).archetypal).toBe(false);
  });

  it('names the first test that holds, and never makes an NPC’s loss archetypal', () => {
    expect(gmVerveTest({ archetypes: ['warrior'], reaction: 'fortitude', combat: true }).test).toBe(1);
    expect(gmVerveTest({ archetypes: ['warrior'], combat: true, npc: true })).toMatchObject({
      archetypal: false,
      reason: 'A non-player character has no verve.',
    });
    expect(gmVerveTest({ archetypes: [] })).toMatchObject({ archetypal: false, test: null });
  });

  it('names the bad field', () => {
    expect(() => gmVerveTest({ archetypes: ['bard'] })).toThrow(
      expect.objectContaining({ field: 'archetypes[0]' }),
    );
    expect(() => gmVerveTest({ archetypes: ['thief'], reaction: 'luck' })).toThrow(
      expect.objectContaining({ field: 'loss.reaction' }),
    );
    expect(() => gmVerveTest({ archetypes: ['thief'], combat: 'yes' as never })).toThrow(
      expect.objectContaining({ field: 'loss.combat' }),
    );
  });
});
