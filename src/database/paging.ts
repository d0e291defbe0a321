import { EntityManager, EntityTarget, FindOptionsWhere, LessThan, MoreThan } from 'typeorm';
import { Database } from './database.service';
import { CursorPart, decodeCursor, DEFAULT_PAGE_SIZE, Page, PageQuery, toPage } from '../common/pagination';

/** Rows listed oldest first, ties broken by id: the order of every list keyed by creation. */
interface Created {
  createdAt: string;
  id: string;
}

/** A list's filters beyond its `base` (issue 42): a name (exact, any case), a sheet in a system. */
export interface ListFilters<E> {
  name?: string;
  sheetSystem?: string;
  /** Only for the type: the entity filtered. */
  readonly _entity?: E;
}

/** The cursor key of a row in a list kept by creation. */
export const creationKey = (row: Created): CursorPart[] => [row.createdAt, row.id];

/**
 * The rows of one page of a list kept by (createdAt, id) under `base`, plus one row past the page so
 * `toPage` can tell whether another follows. Use it when the rows need more reads before they are
 * answered (the characters' Cash, a stronghold's tags); otherwise use `pageByCreation`.
 */
export async function rowsByCreation<E extends Created>(
  m: EntityManager,
  entity: EntityTarget<E>,
  base: FindOptionsWhere<E>,
  query: PageQuery,
  filters: ListFilters<E> = {},
): Promise<{ rows: E[]; limit: number }> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursor<[string, string]>(query.after, ['string', 'string']);
  const q = m.createQueryBuilder(entity, 'e').where(base);
  const { column } = Database.dialect(m);
  // Issue 42: a name matches exactly, ignoring case (the (campaign_id, lower(name)) index finds it).
  if (filters.name !== undefined)
    q.andWhere(`lower(${column(entity, 'name', 'e')}) = lower(:filterName)`, { filterName: filters.name });
  // A sheet in a system: one probe of the sheets' (owner_id, system) unique index per row.
  if (filters.sheetSystem !== undefined)
    q.andWhere(
      `EXISTS (SELECT 1 FROM character_sheets s WHERE s.owner_id = ${column(entity, 'id', 'e')} AND s.system = :filterSystem)`,
      { filterSystem: filters.sheetSystem },
    );
  if (after) {
    // A row-value comparison rather than `created_at > ? OR (created_at = ? AND id > ?)`: SQLite and
    // PostgreSQL both start the scan of the (campaign_id, created_at, id) index at the cursor, where
    // the OR form made SQLite read the campaign's rows again and sort them (issue 41).
    q.andWhere(
      `(${column(entity, 'createdAt', 'e')}, ${column(entity, 'id', 'e')}) > (:afterCreated, :afterId)`,
      {
        afterCreated: after[0],
        afterId: after[1],
      },
    );
  }
  const rows = await q
    .orderBy('e.createdAt', 'ASC')
    .addOrderBy('e.id', 'ASC')
    .limit(limit + 1)
    .getMany();
  return { rows, limit };
}

/** One page of a list kept by (createdAt, id), each row answered through `map`. */
export async function pageByCreation<E extends Created, T>(
  m: EntityManager,
  entity: EntityTarget<E>,
  base: FindOptionsWhere<E>,
  query: PageQuery,
  map: (row: E) => T,
  filters: ListFilters<E> = {},
): Promise<Page<T>> {
  const { rows, limit } = await rowsByCreation(m, entity, base, query, filters);
  return toPage(rows, limit, map, creationKey);
}

/**
 * The rows of one page of a list shown newest first (createdAt descending, ties by id), plus one row
 * past the page; `toPage(rows, limit, map, creationKey)` turns them into the page.
 */
export async function rowsNewestFirst<E extends Created>(
  m: EntityManager,
  entity: EntityTarget<E>,
  base: FindOptionsWhere<E>,
  query: PageQuery,
): Promise<{ rows: E[]; limit: number }> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursor<[string, string]>(query.after, ['string', 'string']);
  const where: FindOptionsWhere<E> | FindOptionsWhere<E>[] = after
    ? [
        { ...{}, ...base, createdAt: LessThan(after[0]) } as FindOptionsWhere<E>,
        { ...{}, ...base, createdAt: after[0], id: MoreThan(after[1]) } as FindOptionsWhere<E>,
      ]
    : base;
  const rows = await m.find(entity, {
    where,
    order: { createdAt: 'DESC', id: 'ASC' } as never,
    take: limit + 1,
  });
  return { rows, limit };
}
