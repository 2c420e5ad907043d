// Autovacuum for the embedded database. PGlite is one Postgres backend without background workers:
// its `autovacuum` setting says on, yet nothing ever vacuums or analyzes. Every update of a row leaves its
// old version behind, so tables that change all day (tests' states, runs, pg-boss's jobs) grew without
// bound and were read slower and slower, and the planner had no statistics at all. The embedded
// database (in the one process of `start`, or the `database` process) runs this in its place.

/** The first pass soon after start, then one every ten minutes. */
export const MAINTENANCE_FIRST_MS = 60_000;
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/** Runs one statement alone on the backend (outside any client's transaction). */
export type RunAlone = (statement: string) => Promise<unknown>;

/** The tables of every schema the product writes (its own, pg-boss's, the migrations'). */
const TABLES = `
  SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
    AND n.nspname NOT LIKE 'pg\\_%'
  ORDER BY 1`;

/**
 * One pass: VACUUM (ANALYZE) each table in turn, so the backend is held for one table at a time and
 * the queries waiting meanwhile go in between; a pass asked to stop ends after the table under way.
 * Returns the tables done.
 */
export async function maintain(
  query: (text: string) => Promise<{ rows: unknown[] }>,
  runAlone: RunAlone,
  stopped: () => boolean = () => false,
): Promise<string[]> {
  const { rows } = await query(TABLES);
  const done: string[] = [];
  for (const { name } of rows as { name: string }[]) {
    if (stopped()) break;
    await runAlone(`VACUUM (ANALYZE) ${name}`);
    done.push(name);
  }
  return done;
}

/**
 * Runs `pass` (`maintain`) after `firstMs`, then every `intervalMs`, until stopped; a failed pass is
 * logged. `stop` resolves once the pass under way has ended (it stops after its current table).
 */
export function scheduleMaintenance(
  pass: (stopped: () => boolean) => Promise<unknown>,
  options: { firstMs?: number; intervalMs?: number; log?: (line: string) => void } = {},
): { stop(): Promise<void> } {
  const log = options.log ?? ((line) => console.warn(line));
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const next = (delay: number) => {
    timer = setTimeout(() => {
      running = pass(() => stopped)
        .catch((error: unknown) => {
          if (!stopped) log(`[database] maintenance (VACUUM) failed: ${(error as Error).message}`);
        })
        .finally(() => {
          running = null;
          if (!stopped) next(options.intervalMs ?? MAINTENANCE_INTERVAL_MS);
        });
    }, delay);
    timer.unref();
  };
  next(options.firstMs ?? MAINTENANCE_FIRST_MS);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
