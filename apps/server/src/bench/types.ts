/**
 * The benchmark's extension point. A suite is a file named `*.bench.ts` in `apps/server/src/bench/` or in
 * a module (`apps/server/src/modules/<name>/<name>.bench.ts`) whose `suite` export the runner finds and calls
 * against every database. See `catalog.bench.ts`; a bookings benchmark would add
 * `modules/booking/booking.bench.ts` whose `routes()` first fetches the CSRF cookie and creates sessions.
 */
export interface BenchTarget {
  /** e.g. http://127.0.0.1:38123 — the real server, seeded with the demo data, BENCH_ROUTES=1. */
  baseUrl: string;
  db: 'pglite' | 'postgres';
  /** PostgreSQL: the server's database, for a floor measured beside it (pgbench). */
  databaseUrl?: string;
}

export interface BenchRoute {
  /** Shown in the table, e.g. "/api/option?homencd=03&page=2". */
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Responses outside 2xx/304 make the row fail unless this says otherwise. */
  allowNon2xx?: boolean;
}

export interface BenchSuite {
  name: string;
  /** Lower runs first. */
  order?: number;
  /** Called once per database after the server is up; may prepare data (log in, fetch tokens…). */
  routes(target: BenchTarget): Promise<BenchRoute[]> | BenchRoute[];
  /** A measurement of its own, for calls where every request needs its own payload (bookings). */
  run?(
    target: BenchTarget,
    options: { durationSeconds: number; warmupSeconds: number; clients: number },
  ): Promise<BenchMeasurement[]>;
}

export interface BenchMeasurement {
  name: string;
  /** Successful operations per second. */
  rps: number;
  p50: number;
  p99: number;
  /** What else the row proves, e.g. "oversold 0". */
  note: string;
  /** The row failed its own check (e.g. a seat was oversold). */
  failed: boolean;
  /** Against the floor the suite measured just before (bookings: successful bookings / the floor's). */
  floorRatio?: number;
}

/** A departure of GET /api/_bench/stock: its row as the database holds it, and the seats live bookings take. */
export interface BenchStockDay {
  /** YYYY-MM-DD */
  usedate: string;
  /** HH:MM, or '' for the whole day. */
  start_time: string;
  /** Seats left. */
  zaikozan: number;
  adultbaika: number;
  /** Seats of live bookings not paid yet (card bookings within their grace, requests). */
  held: number;
  /** Seats of paid bookings. */
  sold: number;
}
