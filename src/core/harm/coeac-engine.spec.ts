import { createRng, Dice } from '../random';
import { sheetDamage, type SheetDamageCoeac } from './campaign';

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
  it('a sheet handed over at max HP 0 with no loss is dead, with no dice', () => {
    const out = sheetDamage(coeac({ hp: 0, maxHp: 0 }), dice('adjusted'));
    expect(out.state).toBe('dead');
    expect(out.faces).toEqual([]);
    expect(out.changes).toEqual([]);
    expect(out.steps.at(-1)).toMatchObject({ name: 'max-hp-zero' });
  });

  it('an NPC at max HP 0 is dead too (not merely out of action)', () => {
    expect(sheetDamage(coeac({ hp: 0, maxHp: 0, npc: true }), dice('npc')).state).toBe('dead');
  });

  it('a down-and-out character whose max HP reaches 0 loses the awaiting-aid condition with its life', () => {
    const out = sheetDamage(
      coeac({ hp: 0, maxHp: 0, stateBefore: 'down-and-out', down: true }),
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

  it('rolls logged before (no maxHpDeath) replay as they were: the same sheet stays up', () => {
    const { maxHpDeath: _drop, ...old } = coeac({ hp: 0, maxHp: 0 });
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
