import { Type as ClassType } from '@nestjs/common';
import { ArgsType, Field, Int, ObjectType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Problem } from './problem';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

/** `?limit=&after=` on every paged list (REST query and GraphQL arguments alike). */
@ArgsType()
export class PageQuery {
  @Field(() => Int, {
    nullable: true,
    description: `Items per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
  })
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @Field(() => String, { nullable: true, description: 'The `next` cursor of the previous page.' })
  @ApiPropertyOptional({ type: 'string', description: 'The `next` cursor of the previous page.' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,400}$/, { message: 'after must be a cursor returned as next' })
  after?: string;
}

export type CursorPart = string | number;

/** Cursors are opaque to clients: base64url of the last item's sort key. */
export function encodeCursor(parts: CursorPart[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

/** The sort key inside a cursor, checked against the shape the list expects. */
export function decodeCursor<T extends CursorPart[]>(
  cursor: string | undefined,
  shape: { [K in keyof T]: T[K] extends number ? 'number' : 'string' },
): T | null {
  if (cursor === undefined) return null;
  const invalid = () =>
    Problem.field('VALIDATION_FAILED', 'after', 'after is not a cursor this list returned.');
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parts) || parts.length !== shape.length) throw invalid();
  parts.forEach((part, i) => {
    if (typeof part !== shape[i]) throw invalid();
  });
  return parts as T;
}

export interface Page<T> {
  items: T[];
  next: string | null;
}

/** Turns `limit + 1` rows, in key order, into a page and the cursor after its last item. */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
  keyOf: (row: R) => CursorPart[],
): Page<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  return { items: kept.map(map), next: more ? encodeCursor(keyOf(kept[kept.length - 1])) : null };
}

/** A named page type for GraphQL and OpenAPI: `{ items: [T], next }`. */
export function PageOf<T>(item: ClassType<T>, name: string) {
  @ObjectType(name)
  class PageClass {
    @Field(() => [item])
    @ApiProperty({ type: () => [item] })
    items: T[];

    @Field(() => String, { nullable: true, description: 'Cursor for the next page; null on the last page.' })
    @ApiProperty({ type: 'string', nullable: true })
    next: string | null;
  }
  Object.defineProperty(PageClass, 'name', { value: name });
  return PageClass;
}

/**
 * One page of a list a service holds whole in memory (a reference table, a list it builds in full),
 * in the list's own order, answered as the list was plus `next`. The cursor is the id of the page's
 * last item when `idOf` is given (lists that grow while a client pages them: a new item never shifts
 * the pages after it), else the position after it (fixed reference tables). A cursor whose item is no
 * longer in the list is a 400 naming `after`, as for every list.
 */
export function pageInMemory<L extends { items: unknown[] }>(
  list: L,
  query: Pick<PageQuery, 'limit' | 'after'>,
  idOf?: (item: L['items'][number]) => string,
): L & { next: string | null } {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const invalid = () =>
    Problem.field('VALIDATION_FAILED', 'after', 'after is not a cursor this list returned.');
  let start = 0;
  if (query.after !== undefined && query.after !== null) {
    if (idOf) {
      const [id] = decodeCursor<[string]>(query.after, ['string'])!;
      const at = list.items.findIndex((item) => idOf(item) === id);
      if (at < 0) throw invalid();
      start = at + 1;
    } else {
      const [position] = decodeCursor<[number]>(query.after, ['number'])!;
      if (!Number.isInteger(position) || position < 1 || position > list.items.length) throw invalid();
      start = position;
    }
  }
  const items = list.items.slice(start, start + limit) as L['items'];
  const end = start + items.length;
  const more = end < list.items.length;
  const next = more ? encodeCursor(idOf ? [idOf(items[items.length - 1])] : [end]) : null;
  return { ...{}, ...list, items, next };
}

/** The description of every page's `next` member. */
export const NEXT_CURSOR = 'Cursor for the next page (send it back as `after`); null on the last page.';
