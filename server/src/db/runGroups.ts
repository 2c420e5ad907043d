import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A run group's runs by its key: their created_at within the millisecond `at` names (the key on the wire
 * has milliseconds, the column microseconds). A range, so Postgres reads it along test_runs_collection_idx;
 * date_trunc() of the column was a filter over every run the collection has had (issue 34).
 */
export function inMillisecond(column: SQLWrapper, at: Date): SQL {
  const start = at.toISOString();
  return sql`${column} >= ${start}::timestamptz AND ${column} < ${start}::timestamptz + interval '1 millisecond'`;
}
