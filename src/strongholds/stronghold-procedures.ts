import { strongholdImprovementRoll, strongholdIncomeRoll } from '../core/strongholds';

/**
 * The stronghold rolls as named, replayable procedures. The names are stored in the roll log: never
 * rename one. Registered by StrongholdsService. A character's own income stays `wealth.income`,
 * with its economic-tag dice among its inputs.
 */
export const STRONGHOLD_PROCEDURES = {
  improvement: { name: 'strongholds.improvement', run: strongholdImprovementRoll },
  companyIncome: { name: 'strongholds.company-income', run: strongholdIncomeRoll },
};
