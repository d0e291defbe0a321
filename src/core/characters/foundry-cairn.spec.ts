import vessa from '../../../test/fixtures/foundry-cairn/character-vessa.json';
import wolf from '../../../test/fixtures/foundry-cairn/npc-grey-wolf.json';
import { RuleError } from '../errors';
import { cairnDieOf, plainText, readFoundryCairnActors, writeFoundryCairnActor } from './foundry-cairn';

function refusal(content: unknown): RuleError {
  try {
    readFoundryCairnActors(typeof content === 'string' ? content : JSON.stringify(content));
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('readFoundryCairnActors', () => {
  it('reads a character: the sheet, slots by bulky and weightless, worn armor, notes in plain text', () => {
    const [actor] = readFoundryCairnActors(JSON.stringify(vessa));
    expect(actor.sheet).toEqual({
      str: { current: 12, max: 14 },
      dex: { current: 9, max: 9 },
      wil: { current: 11, max: 11 },
      hp: 3,
      maxHp: 4,
      deprived: false,
    });
    expect(actor.notes).toBe('Quiet, stubborn; owes the miller three favours.');
    expect(actor.items.map((i) => [i.name, i.slots, i.wornArmor])).toEqual([
      ['Longsword', 1, null],
      ['Warbow', 2, null],
      ['Brigandine', 2, 1],
      ['Shield', 1, null],
      ['Torch', 1, null],
      ['Fire Oil', 1, null],
      ['Spellbook of Light', 1, null],
      ['Rope, 50ft', 1, null],
    ]);
    expect(actor.items[5].foundry).toMatchObject({
      type: 'item',
      damageFormula: 'd6',
      blast: true,
      numberOfUses: 1,
    });
  });

  it('reads an NPC’s Armor and weapons and keeps none of its items', () => {
    const [actor] = readFoundryCairnActors(JSON.stringify(wolf));
    expect(actor).toMatchObject({ type: 'npc', sheet: { armor: 1, hp: 3, maxHp: 3 }, items: [] });
    expect(actor.sheet.weapons).toEqual([{ name: 'Bite', die: 'd6' }]);
    expect(actor.unmapped.map((u) => u.field)).toContain('content.items');
  });

  it('reads the weapon items whose damage is one Cairn die as sheet weapons, with bulky and blast', () => {
    const [actor] = readFoundryCairnActors(JSON.stringify(vessa));
    // A character's weapons wait for their items' ids (the import fills them in).
    expect(actor.sheet.weapons).toBeUndefined();
    expect(actor.items.map((i) => i.weapon)).toEqual([
      { name: 'Longsword', die: 'd8' },
      { name: 'Warbow', die: 'd8', bulky: true },
      null,
      null,
      null,
      null, // Fire Oil is an item, not a weapon, though it has a damage formula
      null,
      null,
    ]);
    const odd = JSON.parse(JSON.stringify(vessa)) as typeof vessa;
    odd.items[0].system.damageFormula = '2d6';
    odd.items[1].name = 'LONGSWORD';
    (odd.items[1].system as Record<string, unknown>).blast = true;
    odd.items[1].system.damageFormula = '1D10';
    const [read] = readFoundryCairnActors(JSON.stringify(odd));
    expect(read.items[0].weapon).toBeNull();
    expect(read.items[1].weapon).toEqual({ name: 'LONGSWORD', die: 'd10', bulky: true, blast: true });
    expect(read.unmapped).toContainEqual({
      field: 'content.items[0].system.damageFormula',
      reason: expect.stringContaining('2d6'),
    });
  });

  it('reads a damage formula as one Cairn die or none', () => {
    expect(['d4', '1d6', ' D8 ', 'd10', '1d12'].map(cairnDieOf)).toEqual(['d4', 'd6', 'd8', 'd10', 'd12']);
    expect(['', 'd20', '2d6', 'd6+1', 'd3'].map(cairnDieOf)).toEqual([null, null, null, null, null]);
  });

  it('takes uses as {value, max} as well as numberOfUses, and weightless items in no slot', () => {
    const actor = {
      ...vessa,
      items: [{ name: 'Chalk', type: 'item', system: { uses: { value: 2, max: 5 }, weightless: true } }],
    };
    expect(readFoundryCairnActors(JSON.stringify(actor))[0].items[0]).toMatchObject({ slots: 0 });
    const over = {
      ...vessa,
      items: [{ name: 'Chalk', type: 'item', system: { uses: { value: 6, max: 5 } } }],
    };
    expect(refusal(over).field).toBe('content.items[0].system.uses.value');
  });

  it('names the place of every refusal in the file', () => {
    expect(refusal('not json').field).toBe('content');
    expect(refusal([]).field).toBe('content');
    expect(refusal([vessa, { ...vessa, type: 'container' }]).field).toBe('content[1].type');
    const hp = { ...vessa, system: { ...vessa.system, hp: { value: 5, max: 4 } } };
    expect(refusal(hp).field).toBe('content.system.hp.value');
    const str = {
      ...vessa,
      system: { ...vessa.system, abilities: { ...vessa.system.abilities, STR: { value: 1.5, max: 3 } } },
    };
    expect(refusal(str).field).toBe('content.system.abilities.STR.value');
    const armor = { ...vessa, items: [{ name: 'Plate', type: 'armor', system: { armor: 4 } }] };
    expect(refusal(armor).field).toBe('content.items[0].system.armor');
  });
});

describe('writeFoundryCairnActor', () => {
  it('writes what it read back, with the item data kept and the worn armor equipped', () => {
    const [actor] = readFoundryCairnActors(JSON.stringify(vessa));
    const written = writeFoundryCairnActor({
      name: actor.name,
      type: 'character',
      notes: actor.notes,
      sheet: { ...actor.sheet },
      items: actor.items.map((i) => ({
        name: i.name,
        slots: i.slots,
        notes: i.notes,
        worn: i.wornArmor,
        foundry: i.foundry,
      })),
    });
    expect(written.items).toEqual(vessa.items.map((i) => ({ name: i.name, type: i.type, system: i.system })));
    expect(written.system).toMatchObject({
      hp: vessa.system.hp,
      abilities: vessa.system.abilities,
      deprived: false,
    });
  });

  it('writes an item Arbiter made (no Foundry data) as a plain item, bulky by its slots', () => {
    const written = writeFoundryCairnActor({
      name: 'Pell',
      type: 'character',
      notes: null,
      sheet: {},
      items: [{ name: 'Tent', slots: 2, notes: 'Sleeps two.', worn: null, foundry: null }],
    });
    expect(written.items).toEqual([
      {
        name: 'Tent',
        type: 'item',
        system: { description: 'Sleeps two.', bulky: true, weightless: false, equipped: false },
      },
    ]);
  });
});

describe('plainText', () => {
  it('drops tags and decodes entities', () => {
    expect(plainText('<p>A &amp; B</p><p>C&nbsp;D</p>')).toBe('A & B\nC D');
  });
});
