import { coeacBlockPools, normaliseSheet } from '../characters/sheets';
import { spellMastery } from '../magic/coeac/channeling';
import { createRng, Dice } from '../random';
import { sheetDamage, sheetRest, type SheetDamageCoeac, type SheetRestCoeac } from './campaign';

/*
 * Issue 39, COEAC: what the one harm transition (`harm.sheet-damage`) decides for a COEAC sheet that
 * the routes used to decide (or forget) themselves. Worked examples on fixed seeds.
 */

const dice = (seed: string) => new Dice(createRng(seed));

const coeac = (over: Partial<SheetDamageCoeac> = {}): SheetDamageCoeac => ({
  system: 'coeac',
  hp: 5,
  bonusHp: 0,
  damage: 0,
  block: null,
  down: false,
  maxHp: 5,
  saves: ['Vigor'],
  skills: ['Medicine'],
  items: [],
  medicine: null,
  maxHpDeath: true,
  ...over,
});

describe('COEAC: max HP at 0 is permanent death, whatever brought it there (003:173)', () => {
  it('a sheet whose max HP a write reduced to 0, handed over with no loss, is dead, with no dice', () => {
    const out = sheetDamage(coeac({ hp: 0, maxHp: 0, maxHpReduced: true }), dice('adjusted'));
    expect(out.state).toBe('dead');
    expect(out.faces).toEqual([]);
    expect(out.changes).toEqual([]);
    expect(out.steps.at(-1)).toMatchObject({ name: 'max-hp-zero' });
  });

  it('an NPC at max HP 0 is dead too (not merely out of action)', () => {
    expect(sheetDamage(coeac({ hp: 0, maxHp: 0, npc: true, maxHpReduced: true }), dice('npc')).state).toBe(
      'dead',
    );
  });

  it('a down-and-out character whose max HP reaches 0 loses the awaiting-aid condition with its life', () => {
    const out = sheetDamage(
      coeac({ hp: 0, maxHp: 0, stateBefore: 'down-and-out', down: true, maxHpReduced: true }),
      dice('down'),
    );
    expect(out.state).toBe('dead');
    expect(out.conditionsRemoved).toEqual(['awaiting-aid']);
  });

  it('max HP above 0 decides nothing: a 0-point loss on a healthy sheet leaves it up', () => {
    const out = sheetDamage(coeac({ hp: 3, maxHp: 1 }), dice('fine'));
    expect(out.state).toBe('up');
    expect(out.steps.some((s) => s.name === 'max-hp-zero')).toBe(false);
  });

  it('a sheet that was never given a maximum (max HP 0, nothing reduced it) is not killed by a blow', () => {
    const out = sheetDamage(coeac({ hp: 0, maxHp: 0, damage: 2 }), dice('placeholder'));
    expect(out.state).toBe('up');
    expect(out.steps.some((s) => s.name === 'max-hp-zero')).toBe(false);
  });

  it('rolls logged before (no maxHpDeath) replay as they were: the same sheet stays up', () => {
    const { maxHpDeath: _drop, ...old } = coeac({ hp: 0, maxHp: 0, maxHpReduced: true });
    expect(sheetDamage(old as SheetDamageCoeac, dice('old')).state).toBe('up');
  });

  it('a Lingering Injury at max HP 1 kills (the table’s own lot), and the transition agrees', () => {
    // Seeds of a blow to 0 HP at max HP 1 until the table answers Lingering Injury (row 7).
    let found = false;
    for (let i = 0; i < 400 && !found; i++) {
      const out = sheetDamage(coeac({ hp: 1, maxHp: 1, damage: 1 }), dice(`linger-${i}`));
      const table = out.detail.downAndOut as { result: string };
      if (table.result !== 'lingering-injury') continue;
      found = true;
      expect(out.state).toBe('dead');
      expect(out.changes).toEqual(expect.arrayContaining([{ path: 'maxHp', delta: -1, via: 'ledger' }]));
    }
    expect(found).toBe(true);
  });
});

const rest = (over: Partial<SheetRestCoeac> = {}): SheetRestCoeac => ({
  system: 'coeac',
  kind: 'short',
  hp: 1,
  maxHp: 8,
  fed: false,
  rations: null,
  armor: [],
  ...over,
});

describe('COEAC party rests: the majority’s Rations feed everyone on a short rest (003:220, M4)', () => {
  it('worked example (the audit’s T8): 2 of 3 ate, so the one without Rations regains 3 HP and spends nothing', () => {
    const out = sheetRest(rest({ party: { members: 3, fed: 2 } }), dice('camp'));
    expect(out.rested).toBe(true);
    expect(out.changes).toEqual([{ path: 'hp', delta: 3, via: 'ledger' }]);
    expect(out.rations).toBeNull();
    expect(out.faces).toEqual([]);
    expect(out.steps[0]).toMatchObject({ name: 'party-rations' });
  });

  it('a character with Rations in a fed party eats them and checks their depletion (one d20)', () => {
    const out = sheetRest(
      rest({ fed: true, rations: { score: 11, lastUse: false }, party: { members: 3, fed: 2 } }),
      dice('camp'),
    );
    expect(out.rested).toBe(true);
    expect(out.rations).not.toBeNull();
    expect(out.faces).toHaveLength(1);
  });

  it('1 of 3 is no majority (nor 2 of 4): nobody regains, not even the one who had Rations', () => {
    const own = { fed: true, rations: { score: 11, lastUse: false } };
    expect(sheetRest(rest({ ...own, party: { members: 3, fed: 1 } }), dice('a')).rested).toBe(false);
    expect(sheetRest(rest({ ...own, party: { members: 4, fed: 2 } }), dice('b')).rested).toBe(false);
  });

  it('a long rest needs the character’s own Rations, whatever the party ate', () => {
    const out = sheetRest(rest({ kind: 'long', party: { members: 3, fed: 3 } }), dice('night'));
    expect(out.rested).toBe(false);
  });

  it('rests logged before (no party) replay as they were: a character without Rations gets nothing', () => {
    expect(sheetRest(rest(), dice('old')).rested).toBe(false);
  });

  it('a party count that cannot be is refused, naming the field', () => {
    expect(() => sheetRest(rest({ party: { members: 2, fed: 3 } }), dice('bad'))).toThrow(
      expect.objectContaining({ field: 'party.fed' }),
    );
  });
});

describe('COEAC Block: a shield’s use is its own, not the armour’s (003:183, M1)', () => {
  const heavyAndShield = { kind: 'heavy', shield: true, blockUses: 3, shieldBlockUses: 1 };

  it('the day’s uses by item: heavy armour twice, the shield once; a sheet stored before spent the shield’s first', () => {
    expect(coeacBlockPools(heavyAndShield)).toEqual({ armor: 2, shield: 1 });
    expect(coeacBlockPools({ ...heavyAndShield, blockUses: 2, shieldBlockUses: 0 })).toEqual({
      armor: 2,
      shield: 0,
    });
    expect(coeacBlockPools({ kind: 'light', shield: true, blockUses: 1 })).toEqual({ armor: 1, shield: 0 });
    expect(coeacBlockPools({ kind: 'light', shield: true, blockUses: 2 })).toEqual({ armor: 1, shield: 1 });
    expect(coeacBlockPools({ kind: 'none', shield: false, blockUses: 0 })).toEqual({ armor: 0, shield: 0 });
  });

  it('worked example: a shield Block spends the shield’s use and one of the day’s; the armour’s Block only the day’s', () => {
    const shield = sheetDamage(
      coeac({ damage: 3, block: { kind: 'shield', usesLeft: 1 }, ownShieldUses: true }),
      dice('shield'),
    );
    expect(shield.changes).toEqual([
      { path: 'armor.blockUses', delta: -1, via: 'ledger' },
      { path: 'armor.shieldBlockUses', delta: -1, via: 'ledger' },
      { path: 'hp', delta: -1, via: 'ledger' },
    ]);
    const armour = sheetDamage(
      coeac({ damage: 3, block: { kind: 'heavy-armor', usesLeft: 2 }, ownShieldUses: true }),
      dice('armour'),
    );
    expect(armour.changes).toEqual([
      { path: 'armor.blockUses', delta: -1, via: 'ledger' },
      { path: 'hp', delta: -1, via: 'ledger' },
    ]);
  });

  it('the audit’s T7: a shield spent today cannot Block again, whatever the armour has left', () => {
    const { shield } = coeacBlockPools({ ...heavyAndShield, blockUses: 2, shieldBlockUses: 0 });
    const out = sheetDamage(
      coeac({ damage: 2, block: { kind: 'shield', usesLeft: shield }, ownShieldUses: true }),
      dice('again'),
    );
    expect(out.changes).toEqual([{ path: 'hp', delta: -2, via: 'ledger' }]);
    expect(out.steps[0].detail).toMatch(/no Block left/);
  });

  it('rolls logged before (no ownShieldUses) replay as they were: one count for both', () => {
    const out = sheetDamage(
      coeac({ damage: 3, block: { kind: 'shield', usesLeft: 3 }, ownShieldUses: undefined }),
      dice('old'),
    );
    expect(out.changes.map((c) => c.path)).toEqual(['armor.blockUses', 'hp']);
  });

  it('the sheet keeps the shield’s use and refuses one it cannot have, naming the field', () => {
    expect(normaliseSheet('coeac', { armor: { kind: 'heavy', shield: true } }).armor).toEqual(heavyAndShield);
    expect(() => normaliseSheet('coeac', { armor: { kind: 'light', shieldBlockUses: 1 } })).toThrow(
      expect.objectContaining({ field: 'sheet.armor.shieldBlockUses' }),
    );
    expect(() =>
      normaliseSheet('coeac', { armor: { kind: 'light', shield: true, blockUses: 0, shieldBlockUses: 1 } }),
    ).toThrow(expect.objectContaining({ field: 'sheet.armor.shieldBlockUses' }));
  });
});

describe('COEAC Medicine aid after the blow (003:201, C6)', () => {
  const down = (seed: string, pool = 3) =>
    sheetDamage(
      coeac({ hp: 0, down: true, stateBefore: 'down-and-out', aid: true, medicine: { pool } }),
      dice(seed),
    );

  it('golden: a passed Medicine test rolls the table and lifts awaiting-aid; a failed one leaves it', () => {
    const outcomes = Array.from({ length: 40 }, (_, i) => [`aid-${i}`, down(`aid-${i}`)] as const);
    const passed = outcomes.find(([, o]) => (o.detail.downAndOut as { result: string }).result !== 'unaided');
    const failed = outcomes.find(([, o]) => (o.detail.downAndOut as { result: string }).result === 'unaided');
    expect(passed).toBeDefined();
    expect(failed).toBeDefined();
    const [, ok] = passed!;
    expect(['down-and-out', 'dead']).toContain(ok.state);
    expect(ok.conditionsRemoved).toEqual(['awaiting-aid']);
    expect(ok.changes.some((c) => c.path === 'hp')).toBe(false);
    const [, no] = failed!;
    expect(no.state).toBe('down-and-out');
    expect(no.conditionsAdded).toEqual(['awaiting-aid']);
    // Exact odds: the unaided chance is P(fewer than 3 successes on 3 dice) = 7/8.
    expect((no.odds.downAndOut as Record<string, number>).unaided).toBeCloseTo(7 / 8, 12);
    // Replays from its inputs and seed.
    expect(down(failed![0])).toEqual(no);
  });

  it('aid needs a Medicine pool, a down-and-out sheet and no loss (400 naming the field)', () => {
    const base = { hp: 0, down: true, stateBefore: 'down-and-out' as const, aid: true };
    expect(() => sheetDamage(coeac({ ...base, medicine: null }), dice('x'))).toThrow(
      expect.objectContaining({ field: 'medicine' }),
    );
    expect(() =>
      sheetDamage(coeac({ ...base, stateBefore: 'up', medicine: { pool: 3 } }), dice('x')),
    ).toThrow(expect.objectContaining({ field: 'stateBefore' }));
    expect(() => sheetDamage(coeac({ ...base, damage: 1, medicine: { pool: 3 } }), dice('x'))).toThrow(
      expect.objectContaining({ field: 'damage' }),
    );
  });
});

describe('COEAC Spell Mastery in a campaign (003:434–438, F12)', () => {
  it('golden: the mastery check is the spell’s Ob + 1 on the same skill; a failure bars the spell and calls the check', () => {
    const input = { pool: 5, spell: 'hekaphage' };
    const outcomes = Array.from({ length: 30 }, (_, i) => spellMastery(input, dice(`plasmid-${i}`)));
    for (const out of outcomes) {
      expect(out.mastery.objective).toBe(out.blindCast.objective + 1);
      expect(out.blindCast.controlSpent).toBe(1);
      expect(out.barredForever).toBe(!out.learned);
      expect(out.downAndOutCheck).toBe(!out.learned);
    }
    expect(outcomes.some((o) => o.learned)).toBe(true);
    expect(outcomes.some((o) => !o.learned)).toBe(true);
  });

  it('the sheet keeps the barred spells (referee value), one of each, and refuses a bad list naming the field', () => {
    expect(normaliseSheet('coeac', { barredSpells: ['hekaphage', 'hekaphage'] }).barredSpells).toEqual([
      'hekaphage',
    ]);
    expect(normaliseSheet('coeac', {}).barredSpells).toBeUndefined();
    expect(() => normaliseSheet('coeac', { barredSpells: 'hekaphage' })).toThrow(
      expect.objectContaining({ field: 'sheet.barredSpells' }),
    );
    expect(() => normaliseSheet('coeac', { barredSpells: [''] })).toThrow(
      expect.objectContaining({ field: 'sheet.barredSpells[0]' }),
    );
  });

  it('the Down and Out check a failure calls is the transition’s: no HP lost, the table rolled', () => {
    const out = sheetDamage(coeac({ downAndOutCheck: true }), dice('hubris'));
    expect(out.changes.some((c) => c.path === 'hp')).toBe(false);
    expect(out.detail.downAndOut).toBeDefined();
    expect(['up', 'dead']).toContain(out.state);
  });
});

describe('COEAC worn armour as an inventory item (C5)', () => {
  it('the sheet may name the items that are its armour and shield, only with the piece', () => {
    expect(
      normaliseSheet('coeac', {
        armor: { kind: 'light', shield: true, itemId: 'chain', shieldItemId: 'buckler' },
      }).armor,
    ).toEqual({
      kind: 'light',
      shield: true,
      blockUses: 2,
      shieldBlockUses: 1,
      itemId: 'chain',
      shieldItemId: 'buckler',
    });
    expect(() => normaliseSheet('coeac', { armor: { itemId: 'chain' } })).toThrow(
      expect.objectContaining({ field: 'sheet.armor.itemId' }),
    );
    expect(() => normaliseSheet('coeac', { armor: { kind: 'heavy', shieldItemId: 'buckler' } })).toThrow(
      expect.objectContaining({ field: 'sheet.armor.shieldItemId' }),
    );
  });
});
