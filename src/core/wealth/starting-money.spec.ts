import { RuleError } from '../errors';
import { mojoForSilver, silverForMojo, startingSilver } from './starting-money';

describe(startingSilver.name, () => {
  it('gives silver equal to the archetypal ability, in centisilver', () => {
    expect(startingSilver(18)).toBe(1800);
  });

  it('refuses a score that is not a whole number from 1 to 100', () => {
    for (const score of [0, -3, 12.5, 101]) expect(() => startingSilver(score)).toThrow(RuleError);
  });
});

describe(silverForMojo.name, () => {
  it('trades each mojo for 30 silver', () => {
    expect(silverForMojo(1)).toBe(3000);
    expect(silverForMojo(0)).toBe(0);
    expect(() => silverForMojo(-1)).toThrow(RuleError);
  });
});

describe(mojoForSilver.name, () => {
  it("trades one mojo for Toromeen's 27 silver of gear on 18 silver, leaving 21", () => {
    expect(mojoForSilver({ available: 1800, cost: 2700 })).toEqual({
      mojo: 1,
      silverGained: 3000,
      remaining: 2100,
    });
  });

  it('trades nothing when the money suffices and enough whole mojo when it does not', () => {
    expect(mojoForSilver({ available: 1800, cost: 1800 })).toEqual({
      mojo: 0,
      silverGained: 0,
      remaining: 0,
    });
    expect(mojoForSilver({ available: 0, cost: 6001 })).toEqual({
      mojo: 3,
      silverGained: 9000,
      remaining: 2999,
    });
  });
});
