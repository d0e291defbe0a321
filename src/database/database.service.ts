import { problemWithNames } from '../campaigns/name-addressing';
import { Problem } from '../common/problem';
import type { Role } from './entities';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { Driver } from 'typeorm/driver/Driver';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { serialiseAnswer } from '../common/answer-text';

/**
 * Set by the idempotency layer (`request.idempotency`) for a request that carries an
 * Idempotency-Key. It travels on the request rather than in an AsyncLocalStorage: on Node 20 an
 * active AsyncLocalStorage installs promise hooks that slow every request of the process.
 */
export interface IdempotencyScope {
  recordId: string;
  /** The status the route answers with on success. */
  status: number;
  /**
   * Claims the key in `manager`'s transaction, before the change: throws the stored answer of a twin
   * that committed first (`IdempotentReplay`), or a 422 when the key was used for another request.
   * On PostgreSQL it writes a `pending` record that a twin's transaction waits on; on SQLite, where
   * transactions take turns, it only checks, and `store` writes the record.
   */
  claim: (manager: EntityManager) => Promise<void>;
  /** Writes `body` as the key's stored answer, sealed, in `manager`'s transaction. */
  store: (manager: EntityManager, status: number, body: string) => Promise<void>;
  /** Set once the stored response has been written (inside the transaction that changed state), or
   * once it is known that another request's answer is the one to send. */
  completed: boolean;
}

/** What `mutation` needs of the request it serves. */
export interface MutationCall {
  idempotency?: IdempotencyScope;
  /** The campaign key's principal, when the request has one: its campaign's mutations take turns. */
  principal?: { campaignId: string; role?: Role };
}

/** `Database.statement`'s texts, by connection and key. */
const statements = new WeakMap<object, Map<string, string>>();

/** The first key of the PostgreSQL advisory locks that make one campaign's mutations take turns. */
const CAMPAIGN_TURN_LOCK = 0x41524249; // "ARBI"

@Injectable()
export class Database {
  /** SQLite has one connection: transactions must take turns, or they would nest and fail. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * Inserts one row with a parameterised statement built from the entity's metadata, without reading
   * generated columns back (TypeORM would otherwise follow every SQLite insert with a SELECT). TypeORM's
   * SQLite driver writes numbers into the SQL text, so every Cash amount made a new statement to
   * prepare and pushed the hot ones out of the statement cache; here the text depends only on the
   * table and the columns given, and SQLite prepares it once.
   */
  static async insertRow<T extends ObjectLiteral>(
    manager: EntityManager,
    target: EntityTarget<T>,
    values: T | QueryDeepPartialEntity<T>,
  ): Promise<void> {
    const { table, columns } = Database.columnsOf(manager, target, values as ObjectLiteral);
    const names = columns.map((c) => Database.escape(manager, c.databaseName)).join(', ');
    const placeholders = columns.map((_, i) => Database.placeholder(manager, i)).join(', ');
    await manager.query(
      `INSERT INTO ${table} (${names}) VALUES (${placeholders})`,
      Database.parameters(manager, columns, values as ObjectLiteral),
    );
  }

  /**
   * Inserts several rows of one table in one statement, parameterised like `insertRow`. Every row
   * must give the same columns (the first row's decide which).
   */
  static async insertRows<T extends ObjectLiteral>(
    manager: EntityManager,
    target: EntityTarget<T>,
    rows: Array<T | QueryDeepPartialEntity<T>>,
  ): Promise<void> {
    if (rows.length === 0) return;
    const { table, columns } = Database.columnsOf(manager, target, rows[0] as ObjectLiteral);
    const names = columns.map((c) => Database.escape(manager, c.databaseName)).join(', ');
    const tuples = rows.map(
      (_, r) =>
        `(${columns.map((_c, i) => Database.placeholder(manager, r * columns.length + i)).join(', ')})`,
    );
    await manager.query(
      `INSERT INTO ${table} (${names}) VALUES ${tuples.join(', ')}`,
      rows.flatMap((row) => Database.parameters(manager, columns, row as ObjectLiteral)),
    );
  }

  /**
   * Reads the rows of a plain entity (columns only, no relations) whose columns equal the given
   * values (an array means any of them), as entity instances, with one parameterised statement built
   * from the metadata like `insertRow`: TypeORM's find builds and rewrites its query on every call,
   * which costs more than the read itself on a hot path. `lock` locks the rows for update on
   * PostgreSQL (ignored by SQLite, whose transactions take turns); `orderBy` names a property, or
   * several (ascending, in that order).
   */
  static async selectRows<T extends ObjectLiteral>(
    manager: EntityManager,
    target: EntityTarget<T>,
    where: { [K in keyof T]?: T[K] | ReadonlyArray<T[K]> },
    options: { orderBy?: (keyof T & string) | ReadonlyArray<keyof T & string>; lock?: boolean } = {},
  ): Promise<T[]> {
    const { metadata, table } = Database.columnsOf(manager, target, {});
    const parameters: unknown[] = [];
    const conditions = Object.entries(where).map(([property, value]) => {
      const column = metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`selectRows: ${metadata.name} has no column ${property}`);
      const name = Database.escape(manager, column.databaseName);
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (values.length === 0) return '1 = 0';
      const marks = values.map((v) => {
        parameters.push(Database.stored(manager, column, v));
        return Database.placeholder(manager, parameters.length - 1);
      });
      return marks.length === 1 ? `${name} = ${marks[0]}` : `${name} IN (${marks.join(', ')})`;
    });
    const orderBy: ReadonlyArray<string> =
      options.orderBy === undefined
        ? []
        : typeof options.orderBy === 'string'
          ? [options.orderBy]
          : options.orderBy;
    const order =
      orderBy.length > 0
        ? ` ORDER BY ${orderBy
            .map((property) =>
              Database.escape(
                manager,
                (metadata.findColumnWithPropertyName(property) as ColumnMetadata).databaseName,
              ),
            )
            .join(', ')}`
        : '';
    const postgres = manager.connection.driver.options.type === 'postgres';
    const lock = options.lock && postgres ? ' FOR UPDATE' : '';
    const names = metadata.columns.map((c) => Database.escape(manager, c.databaseName)).join(', ');
    const rows = (await manager.query(
      `SELECT ${names} FROM ${table} WHERE ${conditions.join(' AND ') || '1 = 1'}${order}${lock}`,
      parameters,
    )) as ObjectLiteral[];
    const driver = manager.connection.driver;
    return rows.map((row) => Database.fill(metadata, driver, row, '') as T);
  }

  /**
   * An entity of `target` from a raw result row whose columns are named `prefix` + the column's
   * database name (a joined read's aliases), hydrated as TypeORM would; null when the row has no
   * value for the primary column (the outer join found no row).
   */
  static hydrate<T extends ObjectLiteral>(
    manager: EntityManager,
    target: EntityTarget<T>,
    raw: Record<string, unknown>,
    prefix = '',
  ): T | null {
    const metadata = manager.connection.getMetadata(target);
    const primary = raw[prefix + metadata.primaryColumns[0].databaseName];
    if (primary === null || primary === undefined) return null;
    return Database.fill(metadata, manager.connection.driver, raw, prefix) as T;
  }

  /** An entity of `metadata` with every column's value from `raw` (named `prefix` + the column's name). */
  private static fill(
    metadata: EntityMetadata,
    driver: Driver,
    raw: ObjectLiteral,
    prefix: string,
  ): ObjectLiteral {
    const entity = metadata.create() as ObjectLiteral;
    for (const column of metadata.columns)
      entity[column.propertyName] = driver.prepareHydratedValue(raw[prefix + column.databaseName], column);
    return entity;
  }

  /**
   * What a hand-written statement needs of the connection's dialect: names escaped, a table's name,
   * a property's column (optionally `alias.`-qualified), an entity's columns `alias`-qualified and
   * renamed with `prefix` (for `hydrate`), the `index`th placeholder.
   */
  static dialect(manager: EntityManager) {
    const connection = manager.connection;
    const driver = connection.driver;
    const postgres = driver.options.type === 'postgres';
    const esc = (name: string) => driver.escape(name);
    const meta = (target: EntityTarget<ObjectLiteral>) => connection.getMetadata(target);
    return {
      postgres,
      esc,
      mark: (index: number) => (postgres ? `$${index + 1}` : '?'),
      table: (target: EntityTarget<ObjectLiteral>) => meta(target).tablePath.split('.').map(esc).join('.'),
      column: (target: EntityTarget<ObjectLiteral>, property: string, alias?: string) =>
        `${alias ? `${alias}.` : ''}${esc((meta(target).findColumnWithPropertyName(property) as ColumnMetadata).databaseName)}`,
      columns: (target: EntityTarget<ObjectLiteral>, alias: string, prefix = '') =>
        meta(target).columns.map(
          (c) => `${alias}.${esc(c.databaseName)}${prefix ? ` AS ${esc(prefix + c.databaseName)}` : ''}`,
        ),
    };
  }

  /** A hand-written statement's text, made by `build` once per connection and `key`. */
  static statement(manager: EntityManager, key: string, build: () => string): string {
    let known = statements.get(manager.connection);
    if (!known) statements.set(manager.connection, (known = new Map()));
    let sql = known.get(key);
    if (sql === undefined) known.set(key, (sql = build()));
    return sql;
  }

  /** Updates one row by its primary key, parameterised like `insertRow`. */
  static async updateRow<T extends ObjectLiteral>(
    manager: EntityManager,
    target: EntityTarget<T>,
    id: string,
    values: QueryDeepPartialEntity<T>,
  ): Promise<void> {
    const { metadata, table, columns } = Database.columnsOf(manager, target, values as ObjectLiteral);
    const [primary] = metadata.primaryColumns;
    const sets = columns
      .map((c, i) => `${Database.escape(manager, c.databaseName)} = ${Database.placeholder(manager, i)}`)
      .join(', ');
    const where = `${Database.escape(manager, primary.databaseName)} = ${Database.placeholder(manager, columns.length)}`;
    await manager.query(`UPDATE ${table} SET ${sets} WHERE ${where}`, [
      ...Database.parameters(manager, columns, values as ObjectLiteral),
      id,
    ]);
  }

  /**
   * Updates several rows by primary key in one statement (`SET c = CASE id WHEN … END … WHERE id IN
   * (…)`); every row sets the same columns (the first row's decide which).
   */
  static async updateRows<T extends ObjectLiteral>(
    manager: EntityManager,
    target: EntityTarget<T>,
    rows: ReadonlyArray<{ id: string; values: QueryDeepPartialEntity<T> }>,
  ): Promise<void> {
    if (rows.length === 0) return;
    if (rows.length === 1) return Database.updateRow(manager, target, rows[0].id, rows[0].values);
    const { metadata, table, columns } = Database.columnsOf(manager, target, rows[0].values as ObjectLiteral);
    const primary = Database.escape(manager, metadata.primaryColumns[0].databaseName);
    const parameters: unknown[] = [];
    const mark = (value: unknown) => {
      parameters.push(value);
      return Database.placeholder(manager, parameters.length - 1);
    };
    const values = rows.map((row) => Database.parameters(manager, columns, row.values as ObjectLiteral));
    // PostgreSQL cannot infer a CASE result's type from parameters: say it.
    const driver = manager.connection.driver;
    const typed = (c: ColumnMetadata, placeholder: string) =>
      driver.options.type === 'postgres' ? `CAST(${placeholder} AS ${driver.normalizeType(c)})` : placeholder;
    const sets = columns.map((c, i) => {
      const cases = rows
        .map((row, r) => `WHEN ${mark(row.id)} THEN ${typed(c, mark(values[r][i]))}`)
        .join(' ');
      return `${Database.escape(manager, c.databaseName)} = CASE ${primary} ${cases} END`;
    });
    const ids = rows.map((row) => mark(row.id)).join(', ');
    await manager.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${primary} IN (${ids})`, parameters);
  }

  private static columnsOf(
    manager: EntityManager,
    target: EntityTarget<ObjectLiteral>,
    values: ObjectLiteral,
  ) {
    const metadata = manager.connection.getMetadata(target);
    const table = metadata.tablePath
      .split('.')
      .map((part) => Database.escape(manager, part))
      .join('.');
    const columns = metadata.columns.filter((c) => values[c.propertyName] !== undefined);
    return { metadata, table, columns };
  }

  private static escape(manager: EntityManager, name: string): string {
    return manager.connection.driver.escape(name);
  }

  static placeholder(manager: EntityManager, index: number): string {
    return manager.connection.driver.options.type === 'postgres' ? `$${index + 1}` : '?';
  }

  /** Values as the driver stores them (JSON columns serialised, booleans as SQLite integers, …). */
  private static parameters(
    manager: EntityManager,
    columns: ColumnMetadata[],
    values: ObjectLiteral,
  ): unknown[] {
    return columns.map((c) => Database.stored(manager, c, values[c.propertyName]));
  }

  /** One value as the driver stores it in `column` (better-sqlite3 binds no booleans: integers). */
  private static stored(manager: EntityManager, column: ColumnMetadata, value: unknown): unknown {
    const driver = manager.connection.driver;
    const prepared = driver.preparePersistentValue(value, column) as unknown;
    return driver.options.type === 'better-sqlite3' && typeof prepared === 'boolean'
      ? Number(prepared)
      : prepared;
  }

  /**
   * Runs `work` in the SQLite queue without a transaction: for a statement or two that must not land
   * inside another request's open transaction but need no atomicity of their own. On PostgreSQL it
   * simply runs.
   */
  exclusive<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.takeTurn(() => work(this.dataSource.manager));
  }

  /** Runs `work` in one transaction (serialised on SQLite). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.takeTurn(() => this.dataSource.transaction((manager) => work(manager)));
  }

  /** On SQLite, runs `run` after everything queued before it; on PostgreSQL, at once. */
  private takeTurn<T>(run: () => Promise<T>): Promise<T> {
    if (!this.isSqlite) return run();
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A state-changing operation whose result is the response body. When the request carries an
   * Idempotency-Key, the key is claimed and the response stored in the same transaction as the
   * change, so a crash can never leave a change without its stored answer (which would let a retry
   * apply it twice), nor a claim without its change (which would leave the key stuck).
   *
   * On PostgreSQL the mutations of one campaign take turns: the transaction's first statement takes
   * a transaction-scoped advisory lock on the campaign, held until it commits. So within a campaign
   * rolls commit in the order of their `seq`, and a feed client that reconnects with
   * `Last-Event-ID` cannot miss a roll that committed after a later-numbered one (SQLite runs every
   * transaction in turn anyway). Taken before any row lock, it adds no deadlock; other campaigns do
   * not wait.
   */
  mutation<T>(call: MutationCall, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const scope = call.idempotency;
    const campaignId = call.principal?.campaignId;
    const done = this.transaction(async (manager) => {
      if (campaignId !== undefined && !this.isSqlite) {
        await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
          CAMPAIGN_TURN_LOCK,
          campaignId,
        ]);
      }
      const claiming = scope && !scope.completed ? scope : undefined;
      if (claiming) await claiming.claim(manager);
      const result = await work(manager);
      if (claiming && !claiming.completed) {
        await claiming.store(manager, claiming.status, serialiseAnswer(result));
        claiming.completed = true;
      }
      return result;
    });
    const principal = call.principal;
    if (!principal) return done;
    // Issue 42: a refusal names the characters and NPCs it mentions by their names (after the
    // transaction, which has rolled back; nothing is read when the mutation succeeds).
    return done.catch(async (e: unknown) => {
      if (!(e instanceof Problem)) throw e;
      const named = await problemWithNames(
        this.manager,
        principal.campaignId,
        principal.role ?? 'viewer',
        e,
      ).catch(() => e);
      throw named;
    });
  }
}
