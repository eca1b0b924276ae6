import { getTableColumns, getTableName, type SQL, sql, type Table } from 'drizzle-orm';

/** Some of a table's columns, by name, for a select that reads only those (typed as the table declares them). */
export function pickColumns<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

/** The statement's text around its JSON parameter, per table, list of columns and columns taken beside them. */
interface InsertText {
  head: string;
  tail: string;
  names: [string, string][];
}
const insertTexts = new WeakMap<Table, Map<string, InsertText>>();

/**
 * Columns of the inserted rows taken from the one row of another relation of the same statement (a CTE's `returning`
 * whose columns have these names), rather than from the JSON rows.
 */
export interface ColumnsFrom<T extends Table> {
  relation: string;
  columns: readonly (keyof T['$inferInsert'] & string)[];
}

/**
 * `insert into <table> (<columns>) select <columns> from jsonb_populate_recordset(null::<table>, <rows as JSON>)`:
 * rows written by one statement whose text depends only on the table and the columns the rows give, and whose values
 * travel as one JSON parameter, so that building it costs one `JSON.stringify` (Drizzle's insert builder,
 * mapping every value of every column, was the largest part of a booking's own CPU). Columns are the rows' keys
 * that are not `undefined`; every row gives the same ones, and a column none gives takes its default. Dates travel
 * as ISO strings, JSON columns as they are. With `onlyIf`, the rows are inserted only when that condition holds;
 * with `from`, some columns come from another relation's one row (none: nothing is inserted).
 */
export function insertJsonRows<T extends Table>(
  table: T,
  rows: readonly T['$inferInsert'][],
  onlyIf?: SQL,
  from?: ColumnsFrom<T>,
): SQL {
  const first = (rows[0] ?? {}) as Record<string, unknown>;
  const keys = Object.keys(first)
    .filter((key) => first[key] !== undefined)
    .sort();
  const cacheKey = `${keys.join(',')}|${from ? `${from.relation}:${from.columns.join(',')}` : ''}`;
  const texts = insertTexts.get(table) ?? new Map<string, InsertText>();
  insertTexts.set(table, texts);
  let made = texts.get(cacheKey);
  if (!made) {
    made = insertText(table, keys, from);
    texts.set(cacheKey, made);
  }
  const { head, tail, names } = made;
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, name] of names) out[name] = (row as Record<string, unknown>)[key];
      return out;
    }),
  );
  const rowsSql = sql`${sql.raw(head)}${json}::jsonb${sql.raw(tail)}`;
  return onlyIf ? sql`${rowsSql} where ${onlyIf}` : rowsSql;
}

function insertText<T extends Table>(table: T, keys: string[], from: ColumnsFrom<T> | undefined): InsertText {
  const columns = getTableColumns(table);
  const columnName = (key: string): string => {
    const column = columns[key];
    if (!column) throw new Error(`insertJsonRows: ${getTableName(table)} has no column ${key}`);
    return column.name;
  };
  const names = keys.map((key): [string, string] => [key, columnName(key)]);
  const fromNames = (from?.columns ?? []).map(columnName);
  const list = [...names.map(([, name]) => name), ...fromNames].map((name) => `"${name}"`).join(', ');
  const picked = [...names.map(([, name]) => `j."${name}"`), ...fromNames.map((name) => `f."${name}"`)].join(', ');
  const tableName = getTableName(table);
  return {
    head: `insert into "${tableName}" (${list}) select ${picked} from jsonb_populate_recordset(null::"${tableName}", `,
    tail: from ? `) j cross join ${from.relation} f` : ') j',
    names,
  };
}
