import { getTableColumns, type Table } from 'drizzle-orm';

/** Some of a table's columns, by name, for a select that reads only those (typed as the table declares them). */
export function pickColumns<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
