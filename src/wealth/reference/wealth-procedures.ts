import { improvementRoll, incomeRoll, purchaseRoll, saleRoll } from '../../core/wealth';

/**
 * The COEAC Cash rolls as named, replayable procedures. The names are stored in the roll log: never
 * rename one. Registered once, by WealthRollsService; the campaign wealth module rolls the same ones.
 */
export const WEALTH_PROCEDURES = {
  purchase: { name: 'wealth.purchase', run: purchaseRoll },
  sale: { name: 'wealth.sale', run: saleRoll },
  income: { name: 'wealth.income', run: incomeRoll },
  improvement: { name: 'wealth.improvement', run: improvementRoll },
};

export type WealthRollKind = keyof typeof WEALTH_PROCEDURES;
