import { Foundation1763700000000 } from './1763700000000-Foundation';
import { Wealth1763800000000 } from './1763800000000-Wealth';
import { CampaignState1763900000000 } from './1763900000000-CampaignState';

/** Every migration, oldest first. Listed by class so that compiled and test builds find them alike. */
export const MIGRATIONS = [Foundation1763700000000, Wealth1763800000000, CampaignState1763900000000];
