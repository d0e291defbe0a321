import fc from 'fast-check';
import { sheetDamage } from '../harm/campaign';
import { createRng, Dice } from '../random';
import { describeDamage, sheetState, type CoeacState } from '../engine';
import { harmOf } from '../harm/sheet-harm';
import { coeacAction, coeacActionV2, coeacActionV3 } from './coeac-action';
import { coeacChannelingDefence } from './coeac-channeling-defence';
import { coeacExchange } from './coeac-exchange';

const dice = (seed: string) => new Dice(createRng(seed));
const sheet = { hp: 5, bonusHp: 0, maxHp: 5, saves: ['Vigor'], skills: ['Melee'], items: [] };

/** Dice that hand out the given faces in order (harm.sheet-damage replayed on an action's faces). */
function scripted(faces: number[]): Dice {
  const queue = [...faces];
  const recorded: number[] = [];
  const pool = (n: number) => {
    const out = queue.splice(0, n);
    recorded.push(...out);
    return out;
  };
  return {
    get faces() {
      return recorded;
    },
    pool,
    die: () => pool(1)[0],
  } as unknown as Dice;
}

describe('combat.coeac-action (one roll: the exchange and every sheet it harms)', () => {
  it('golden (seed tie-5): a tie with a supporter costs defender, captain and supporter 1 each, one stream', () => {
    const input = {
      exchange: { attacker: { pool: 4, supporters: 1 }, defender: { pool: 4 } },
      sheets: { defender: sheet, attacker: sheet, supporters: [sheet] },
    };
    const out = coeacAction(input, dice('tie-5'));
    expect(out.exchange!.winner).toBe('tie');
    expect(out.faces.join('')).toBe('222462415');
    expect(out.harm.map((h) => [h.role, h.amount])).toEqual([
      ['defender', 1],
      ['attacker', 1],
      ['supporter', 1],
    ]);
    for (const h of out.harm) expect(h.harm.changes).toEqual([{ path: 'hp', delta: -1, via: 'ledger' }]);
    // Replay from (inputs, seed, rng): the same outcome.
    expect(coeacAction(input, dice('tie-5'))).toEqual(out);
  });

  it('golden (seed down-1): a blow to 0 HP rolls Down and Out on the same stream', () => {
    const out = coeacAction(
      {
        exchange: { attacker: { pool: 5 }, defender: { pool: 3 } },
        sheets: { defender: { ...sheet, hp: 2, maxHp: 2 }, attacker: sheet },
      },
      dice('down-1'),
    );
    expect(out.faces.join('')).toBe('4446543452');
    expect(out.harm).toHaveLength(1);
    expect(out.harm[0]).toMatchObject({ role: 'defender', amount: 3 });
    expect(out.harm[0].harm.state).toBe('down-and-out');
    expect(out.harm[0].harm.changes).toEqual([
      { path: 'hp', delta: -2, via: 'ledger' },
      { path: 'maxHp', delta: -1, via: 'ledger' },
    ]);
  });

  it('the exchange part is combat.coeac-exchange on the same stream; each harm is harm.sheet-damage on its faces (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 16 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        (seed, aPool, dPool, supporters, hp, firing) => {
          const s = { ...sheet, hp, maxHp: 6 };
          const exchange = {
            attacker: { pool: aPool, supporters },
            defender: { pool: dPool },
            ...(firing ? { firingIntoMelee: true, engagedAllies: 2 } : {}),
          };
          const out = coeacAction(
            {
              exchange,
              sheets: {
                defender: s,
                attacker: s,
                supporters: Array.from({ length: supporters }, () => s),
                engaged: [s, s],
              },
            },
            dice(seed),
          );
          const alone = coeacExchange(exchange, dice(seed));
          expect(out.exchange).toEqual(alone);
          let at = alone.faces.length;
          for (const h of out.harm) {
            expect(h.amount).toBeGreaterThan(0);
            const replayed = sheetDamage(
              {
                system: 'coeac',
                stateBefore: 'up',
                hp,
                bonusHp: 0,
                damage: h.amount,
                block: null,
                down: hp === 0,
                maxHp: 6,
                saves: s.saves,
                skills: s.skills,
                items: [],
                medicine: null,
              },
              scripted(out.faces.slice(at)),
            );
            expect(h.harm).toEqual(replayed);
            at += h.harm.faces.length;
          }
          expect(at).toBe(out.faces.length);
        },
      ),
    );
  });

  it('a helpless defender that fails its Vigor save goes down: the damage is raised to its HP + bonus HP', () => {
    for (let i = 0; i < 200; i++) {
      const out = coeacAction(
        {
          exchange: { attacker: { pool: 6 }, defender: { pool: 0, helpless: true, vigorPool: 1 } },
          sheets: { defender: { ...sheet, hp: 9, bonusHp: 2, maxHp: 9 }, attacker: sheet },
        },
        dice(`helpless-${i}`),
      );
      if (out.exchange!.downAndOut !== true) continue;
      expect(out.harm[0].amount).toBe(Math.max(11, out.exchange!.damageToDefender));
      expect(out.harm[0].harm.state).toBe('down-and-out');
      return;
    }
    throw new Error('no failed Vigor save in 200 seeds');
  });

  it('the exchange on a channeler: the channeling defence and the harm (attack + backlash) on one stream', () => {
    const channeling = {
      attacker: { pool: 6 },
      channeling: { pool: 4, spell: 'hekaphage', disciplinePool: 3, vigorPool: 3 },
    };
    const out = coeacAction(
      { channeling, sheets: { defender: { ...sheet, hp: 20, maxHp: 20 }, attacker: sheet } },
      dice('channel-7'),
    );
    const alone = coeacChannelingDefence(channeling, dice('channel-7'));
    expect(out.channeling).toEqual(alone);
    const amount = alone.damageToDefender + alone.backlashDamage;
    expect(out.harm.map((h) => h.amount)).toEqual(amount > 0 ? [amount] : []);
  });

  it('refuses inputs that do not add up', () => {
    expect(() => coeacAction({ sheets: { defender: sheet, attacker: sheet } }, dice('x'))).toThrow(
      /exchange/,
    );
    expect(() =>
      coeacAction(
        {
          exchange: { attacker: { pool: 3, supporters: 2 }, defender: { pool: 3 } },
          sheets: { defender: sheet, attacker: sheet },
        },
        dice('x'),
      ),
    ).toThrow(/supporter/);
  });
});

describe('combat.coeac-action.v3 (issue 39: each harm through the engine’s transition, golden)', () => {
  const owners = [
    { name: 'Dara', id: 'c1', npc: false },
    { name: 'Grub', id: 'n1', npc: true },
    { name: 'Ivo', id: 'c2', npc: false },
  ];
  const data = [
    {
      hp: 2,
      bonusHp: 1,
      maxHp: 6,
      saves: { Vigor: 1 },
      skills: { Melee: 1 },
      armor: { kind: 'light', blockUses: 2 },
    },
    { hp: 3, bonusHp: 0, maxHp: 3, saves: {}, skills: {} },
    { hp: 1, bonusHp: 0, maxHp: 4, saves: { Vigor: 1 }, skills: {} },
  ];
  const items = [{ name: 'Rope', artifact: false }];
  const states = data.map((d, i) => sheetState(owners[i], 'coeac', d, d, harmOf(d)) as CoeacState);
  const v2Sheet = (i: number, block: boolean) => ({
    hp: data[i].hp,
    bonusHp: data[i].bonusHp,
    maxHp: data[i].maxHp,
    ...(block ? { block: { kind: 'light-armor' as const, usesLeft: 2 } } : {}),
    stateBefore: 'up' as const,
    saves: Object.keys(data[i].saves),
    skills: Object.keys(data[i].skills),
    items: owners[i].npc ? [] : items,
    ...(owners[i].npc ? { npc: true } : {}),
  });
  const v3Sheet = (i: number, block: boolean) => ({
    state: states[i],
    ...(block ? { block: { kind: 'light-armor' as const, usesLeft: 2 } } : {}),
    items: owners[i].npc ? [] : items,
  });
  const seeds = [
    'coeac-v3-1',
    'coeac-v3-2',
    'coeac-v3-3',
    'coeac-v3-4',
    'coeac-v3-5',
    'coeac-v3-6',
    'tie-5',
    'down-1',
  ];

  it('answers v2’s exchange and harm on the same seed (Block, an NPC, a supporter), with the engine’s events', () => {
    let harmed = 0;
    for (const seed of seeds)
      for (const block of [false, true]) {
        const exchange = { attacker: { pool: 5, supporters: 1 }, defender: { pool: 4 } };
        const v2 = coeacActionV2(
          {
            exchange,
            sheets: {
              defender: v2Sheet(0, block),
              attacker: v2Sheet(1, false),
              supporters: [v2Sheet(2, false)],
            },
          },
          dice(seed),
        );
        const v3 = coeacActionV3(
          {
            exchange,
            sheets: {
              defender: v3Sheet(0, block),
              attacker: v3Sheet(1, false),
              supporters: [v3Sheet(2, false)],
            },
          },
          dice(seed),
        );
        expect(v3.exchange).toEqual(v2.exchange);
        expect(v3.harm).toEqual(v2.harm);
        expect(v3.faces).toEqual(v2.faces);
        expect(v3.events).toHaveLength(v2.harm.length);
        v2.harm.forEach((h, i) => {
          harmed += 1;
          const who = h.role === 'defender' ? 0 : h.role === 'attacker' ? 1 : 2;
          expect(v3.events[i]).toEqual(describeDamage(states[who], h.harm).events);
        });
        // The logged input replays (JSON, no symbol kept) to the same answer.
        const logged = JSON.parse(
          JSON.stringify({
            exchange,
            sheets: {
              defender: v3Sheet(0, block),
              attacker: v3Sheet(1, false),
              supporters: [v3Sheet(2, false)],
            },
          }),
        );
        expect(coeacActionV3(logged, dice(seed))).toEqual(v3);
      }
    expect(harmed).toBeGreaterThan(8);
  });

  it('refuses a participant without a COEAC state, naming the field', () => {
    expect(() =>
      coeacActionV3(
        {
          exchange: { attacker: { pool: 1 }, defender: { pool: 1 } },
          sheets: { defender: { state: { system: 'gm' } as never }, attacker: v3Sheet(1, false) },
        },
        dice('x'),
      ),
    ).toThrow(/COEAC state/);
  });
});
