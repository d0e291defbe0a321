import { Injectable } from '@nestjs/common';
import { Problem } from '../../common/problem';
import { RuleError } from '../../core/errors';
import {
  DEFAULT_LIFESTYLES,
  livingExpenses,
  scaleItem,
  searchCatalog,
  searchCosts,
  silverForMojo,
  startingSilver,
  upkeep,
  type CatalogItem as CoreCatalogItem,
  type CoeacCostEntry,
  type ScalableStats,
} from '../../core/wealth';
import {
  CatalogQuery,
  LivingExpensesInput,
  ScaleItemInput,
  StartingMoneyInput,
  UpkeepCostInput,
  WealthCostsQuery,
} from './wealth.inputs';
import {
  CatalogItem,
  CatalogItemList,
  LifestyleList,
  LivingExpenses,
  ScaledItem,
  StartingMoney,
  UpkeepCost,
  WealthCost,
  WealthCostList,
} from './wealth.results';
import { withoutNulls } from './without-nulls';

/**
 * Wealth reference data (lifestyle grades, the COEAC Cost table, the G&M catalog) and the G&M money
 * calculators. Nothing here is random or stored: the same question always gets the same answer.
 */
@Injectable()
export class WealthReferenceService {
  lifestyles(): Omit<LifestyleList, 'next'> {
    return { items: DEFAULT_LIFESTYLES.map((grade) => ({ ...grade })) };
  }

  costs(query: WealthCostsQuery): Omit<WealthCostList, 'next'> {
    return { items: searchCosts(withoutNulls(query)).map(toWealthCost) };
  }

  catalog(query: CatalogQuery): Omit<CatalogItemList, 'next'> {
    return { items: searchCatalog(withoutNulls(query)).map(toCatalogItem) };
  }

  scaleItem(input: ScaleItemInput): ScaledItem {
    const { item, stats, ...sizes } = withoutNulls(input);
    let chosen: string | ScalableStats;
    if (item !== undefined && stats === undefined) chosen = item;
    else if (stats !== undefined && item === undefined) {
      chosen = {
        ...{},
        ...withoutNulls(stats),
        cost: stats.cost,
        bulkHundredths: stats.bulkHundredths ?? null,
      };
    } else {
      throw Problem.field(
        'VALIDATION_FAILED',
        'item',
        'Send exactly one of item (a catalog name) and stats.',
      );
    }
    try {
      return scaleItem({ ...{}, ...sizes, madeFor: input.madeFor, item: chosen });
    } catch (error) {
      // The core names explicit stats `item.*`; over the API they are sent as `stats.*`.
      if (error instanceof RuleError && error.field?.startsWith('item.')) {
        const field = `stats.${error.field.slice('item.'.length)}`;
        throw new RuleError(error.code, error.message.replace(error.field, field), field);
      }
      throw error;
    }
  }

  upkeepCost(input: UpkeepCostInput): UpkeepCost {
    return upkeep(withoutNulls(input) as UpkeepCostInput);
  }

  livingExpenses(input: LivingExpensesInput): LivingExpenses {
    return livingExpenses(withoutNulls(input) as LivingExpensesInput);
  }

  startingMoney(input: StartingMoneyInput): StartingMoney {
    const mojoTraded = input.mojoTraded ?? 0;
    const fromAbility = startingSilver(input.archetypalAttribute);
    const fromMojo = silverForMojo(mojoTraded);
    return {
      archetypalAttribute: input.archetypalAttribute,
      archetypalAbility: input.archetypalAttribute,
      mojoTraded,
      startingSilver: fromAbility,
      silverFromMojo: fromMojo,
      total: fromAbility + fromMojo,
    };
  }
}

function toWealthCost(entry: CoeacCostEntry): WealthCost {
  return {
    cost: entry.cost,
    item: entry.item,
    category: entry.category,
    examples: [...entry.examples],
    hireling: entry.hireling ? { ...entry.hireling } : null,
    note: entry.note,
  };
}

/** Every row gets every column: those of other tables are null, so one item type fits them all. */
function toCatalogItem(row: CoreCatalogItem): CatalogItem {
  const gear = row.category !== 'weapons' && row.category !== 'armor' ? row : null;
  const weapon = row.category === 'weapons' ? row : null;
  const armor = row.category === 'armor' ? row : null;
  return {
    name: row.name,
    category: row.category,
    cost: row.cost,
    bulkHundredths: row.bulkHundredths,
    per: row.per,
    atLeast: row.atLeast,
    notes: row.notes,
    improvisedWeapon: gear?.improvisedWeapon ? { ...gear.improvisedWeapon } : null,
    animal: gear?.animal ? { ...gear.animal } : null,
    perTenPages: gear?.perTenPages ? { ...gear.perTenPages } : null,
    weaponClass: weapon?.weaponClass ?? null,
    damage: weapon?.damage ?? null,
    fireActions: weapon?.fireActions ?? null,
    range: weapon?.range ?? null,
    hands: weapon?.hands ?? null,
    space: weapon?.space ?? null,
    defense: armor?.defense ?? null,
    carriedBulkMultiplier: armor?.carriedBulkMultiplier ?? null,
    warriorLevel: armor?.warriorLevel ?? null,
    thiefProphetMonkLevel: armor?.thiefProphetMonkLevel ?? null,
  };
}
