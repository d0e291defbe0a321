import fc from 'fast-check';
import { RuleError } from '../errors';
import { strongholdPayments, TREASURY_ACCOUNT } from './payments';

describe(strongholdPayments.name, () => {
  it('debits the lead, the contributors (by id) and then the treasury, each with its own field', () => {
    expect(
      strongholdPayments({
        leadCharacterId: 'm',
        wager: 3,
        fromTreasury: 5,
        contributions: [
          { characterId: 'z', cash: 2 },
          { characterId: 'a', cash: 1 },
          { characterId: 'q', cash: 0 },
        ],
      }),
    ).toEqual({
      total: 11,
      debits: [
        { account: 'a', cash: 1, field: 'contributions[1].cash' },
        { account: 'm', cash: 3, field: 'wager' },
        { account: 'z', cash: 2, field: 'contributions[0].cash' },
        { account: TREASURY_ACCOUNT, cash: 5, field: 'fromTreasury' },
      ],
    });
  });

  it('wagers nothing when nothing is sent', () => {
    expect(strongholdPayments({ leadCharacterId: 'm' })).toEqual({ total: 0, debits: [] });
  });

  it('refuses the lead as a contributor and a character contributing twice', () => {
    expect(() =>
      strongholdPayments({ leadCharacterId: 'm', contributions: [{ characterId: 'm', cash: 1 }] }),
    ).toThrow(expect.objectContaining({ field: 'contributions[0].characterId' }));
    expect(() =>
      strongholdPayments({
        leadCharacterId: 'm',
        contributions: [
          { characterId: 'b', cash: 1 },
          { characterId: 'b', cash: 2 },
        ],
      }),
    ).toThrow(expect.objectContaining({ field: 'contributions[1].characterId' }));
    expect(() => strongholdPayments({ leadCharacterId: 'm', fromTreasury: -1 })).toThrow(RuleError);
    expect(() =>
      strongholdPayments({ leadCharacterId: 'm', contributions: [{ characterId: 'b', cash: 1.5 }] }),
    ).toThrow(expect.objectContaining({ field: 'contributions[0].cash' }));
  });

  it('debits across payers exactly the Cash wagered, once per payer, characters before the treasury', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.uniqueArray(
          fc.record({ characterId: fc.string({ minLength: 1, maxLength: 8 }), cash: fc.nat(1000) }),
          {
            selector: (c) => c.characterId,
            maxLength: 8,
          },
        ),
        (wager, fromTreasury, raw) => {
          const contributions = raw.filter((c) => c.characterId !== 'lead');
          const { total, debits } = strongholdPayments({
            leadCharacterId: 'lead',
            wager,
            fromTreasury,
            contributions,
          });
          const wagered = wager + fromTreasury + contributions.reduce((sum, c) => sum + c.cash, 0);
          expect(total).toBe(wagered);
          expect(debits.reduce((sum, d) => sum + d.cash, 0)).toBe(wagered);
          expect(debits.every((d) => d.cash > 0)).toBe(true);
          const accounts = debits.map((d) => d.account);
          expect(new Set(accounts).size).toBe(accounts.length);
          const characters = accounts.filter((a) => a !== TREASURY_ACCOUNT);
          expect(characters).toEqual([...characters].sort());
          if (fromTreasury > 0) expect(accounts[accounts.length - 1]).toBe(TREASURY_ACCOUNT);
        },
      ),
    );
  });
});
