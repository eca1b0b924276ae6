/**
 * Exact stock in every answer without a notification inside every booking (ADR 0110, 0015).
 *
 * The stock trigger notifies only when what the calendar shows changes (0, 1–9, ○), because PostgreSQL
 * serialises the commits of notifying transactions. The seats left are exact all the same: whatever moves
 * seats says so with `stockTouched(opcd)` inside its transaction; once that transaction has committed, this
 * instance's listeners are told at once (a visitor reads their own booking's effect on the next call), and
 * the other instances by one `pg_notify` per batch of options, sent outside any booking's transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';

const touched = new AsyncLocalStorage<Set<string>>();

/** Inside a transaction of a tracked database: the seats of `opcd` changed (told once it commits). */
export function stockTouched(opcd: string): void {
  touched.getStore()?.add(opcd);
}

/** The key under which a tracked database runs a statement outside any transaction as it runs its transactions. */
const TRACKED = Symbol('stock changes told');
type Told = <R>(work: () => Promise<R>) => Promise<R>;

/**
 * `db` whose transactions, once committed, tell `onCommit` the options whose seats they changed. Each
 * `db.transaction` is its own (a savepoint through `tx.transaction` belongs to its outer transaction); a
 * transaction that throws has changed nothing and tells nobody. {@link trackedStatement} does the same for one
 * statement outside a transaction.
 */
export function trackStockChanges<D extends object>(db: D, onCommit: (opcds: string[]) => void): D {
  const told: Told = async (work) => {
    const opcds = new Set<string>();
    const result = await touched.run(opcds, work);
    if (opcds.size > 0) onCommit([...opcds]);
    return result;
  };
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === TRACKED) return told;
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'transaction' || typeof value !== 'function') return value;
      return (...args: unknown[]) => told(() => Reflect.apply(value, target, args) as Promise<unknown>);
    },
  });
}

/**
 * `work`, one statement on `db` outside any transaction (it commits as it ends), told as `db`'s transactions are:
 * the options whose seats it changed ({@link stockTouched}), once it has succeeded (a card booking is one
 * statement, without `begin` and `commit`).
 */
export function trackedStatement<R>(db: object, work: () => Promise<R>): Promise<R> {
  const told = (db as { [TRACKED]?: Told })[TRACKED];
  return told ? told(work) : work();
}

/** How long changed options are gathered before the other instances are told, in one statement. */
const BATCH_MS = 20;

/**
 * Tells the other instances on one PostgreSQL, out of any booking's transaction, which options' seats
 * changed: at most one small notifying transaction per batch, whatever the number of bookings in it.
 */
export class StockChangeBroadcast {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly execute: (query: SQL) => Promise<unknown>,
    private readonly channel: string,
  ) {}

  add(opcds: string[]): void {
    for (const opcd of opcds) this.pending.add(opcd);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush());
    }, BATCH_MS);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const opcds = [...this.pending];
    this.pending.clear();
    // Lost only if the database is gone; the calendar cache's own age bounds what another instance shows then.
    await this.execute(
      sql`select pg_notify(${this.channel}, o) from unnest(array[${sql.join(
        opcds.map((o) => sql`${o}`),
        sql`, `,
      )}]::text[]) as o`,
    ).catch(() => undefined);
  }

  /** Sends what is gathered now (before the database closes). */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }
}
