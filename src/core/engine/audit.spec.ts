import fc from 'fast-check';
import { foldLedger, sheetDifferencesFromLedger, type LedgerFoldEntry } from './audit';

const entry = (
  id: string,
  field: string,
  delta: number,
  valueAfter: number,
  ownerId = 'a',
): LedgerFoldEntry => ({
  id,
  ownerKind: 'character',
  ownerId,
  system: 'coeac',
  field,
  delta,
  valueAfter,
});

describe('the campaign audit’s ledger fold', () => {
  it('a sheet created at 8 HP, hurt for 3 and healed for 1, is 6: nothing differs', () => {
    const folded = foldLedger([entry('1', 'hp', 8, 8), entry('2', 'hp', -3, 5), entry('3', 'hp', 1, 6)]);
    const sheet = { ownerKind: 'character', ownerId: 'a', system: 'coeac', values: new Map([['hp', 6]]) };
    expect(sheetDifferencesFromLedger([sheet], folded)).toEqual([]);
  });

  it('a stored value the ledger does not explain, an entry that breaks the chain, a value with no sheet', () => {
    const folded = foldLedger([
      entry('1', 'hp', 8, 8),
      entry('2', 'hp', -3, 4), // recorded 4 where the sum is 5
      entry('3', 'maxHp', 8, 8),
      entry('4', 'hp', 5, 5, 'gone'),
    ]);
    const sheet = {
      ownerKind: 'character',
      ownerId: 'a',
      system: 'coeac',
      values: new Map([
        ['hp', 5],
        ['maxHp', 7],
      ]),
    };
    expect(sheetDifferencesFromLedger([sheet], folded)).toEqual([
      {
        ownerKind: 'character',
        ownerId: 'a',
        system: 'coeac',
        field: 'hp',
        stored: 5,
        folded: 5,
        brokenAt: '2',
      },
      {
        ownerKind: 'character',
        ownerId: 'a',
        system: 'coeac',
        field: 'maxHp',
        stored: 7,
        folded: 8,
        brokenAt: null,
      },
      {
        ownerKind: 'character',
        ownerId: 'gone',
        system: 'coeac',
        field: 'hp',
        stored: 0,
        folded: 5,
        brokenAt: null,
      },
    ]);
  });

  it('any chain of honest entries folds to its last value after (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 50 }), (deltas) => {
        let value = 0;
        const entries = deltas.map((d, i) => entry(String(i), 'hp', d, (value += d)));
        const sheet = {
          ownerKind: 'character',
          ownerId: 'a',
          system: 'coeac',
          values: new Map([['hp', value]]),
        };
        return sheetDifferencesFromLedger([sheet], foldLedger(entries)).length === 0;
      }),
    );
  });
});
