import { getTableColumns, getTableName, type SQL, sql, type Table } from 'drizzle-orm';

/** Some of a table's columns, by name, for a select that reads only those (typed as the table declares them). */
export function pickColumns<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

/** The statement text per table and list of columns (an insert's text depends on nothing else). */
const insertHeads = new WeakMap<Table, Map<string, { head: string; names: [string, string][] }>>();

/**
 * `insert into <table> (<columns>) select <columns> from jsonb_populate_recordset(null::<table>, <rows as JSON>)`:
 * rows written by one statement whose text depends only on the table and the columns the rows give, and whose values
 * travel as one JSON parameter, so that building it costs one `JSON.stringify` (issue 30: Drizzle's insert builder,
 * mapping every value of every column, was the largest part of a booking's own CPU). Columns are the rows' keys
 * that are not `undefined`; every row gives the same ones, and a column none gives takes its default. Dates travel
 * as ISO strings, JSON columns as they are. With `onlyIf`, the rows are inserted only when that condition holds.
 */
export function insertJsonRows<T extends Table>(table: T, rows: readonly T['$inferInsert'][], onlyIf?: SQL): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {})
    .filter((key) => (rows[0] as Record<string, unknown>)[key] !== undefined)
    .sort();
  const cacheKey = keys.join(',');
  const heads = insertHeads.get(table) ?? new Map<string, { head: string; names: [string, string][] }>();
  insertHeads.set(table, heads);
  let made = heads.get(cacheKey);
  if (!made) {
    const names = keys.map((key): [string, string] => {
      const column = columns[key];
      if (!column) throw new Error(`insertJsonRows: ${getTableName(table)} has no column ${key}`);
      return [key, column.name];
    });
    const list = names.map(([, name]) => `"${name}"`).join(', ');
    const head = `insert into "${getTableName(table)}" (${list}) select ${list} from jsonb_populate_recordset(null::"${getTableName(table)}", `;
    made = { head, names };
    heads.set(cacheKey, made);
  }
  const { head, names } = made;
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, name] of names) out[name] = (row as Record<string, unknown>)[key];
      return out;
    }),
  );
  const rowsSql = sql`${sql.raw(head)}${json}::jsonb)`;
  return onlyIf ? sql`${rowsSql} where ${onlyIf}` : rowsSql;
}
