import { eq } from 'drizzle-orm';
import { type Db } from '../db/client';
import { testCases } from '../db/schema';
import { ValidationError } from '../errors';
import {
  checkDataRows,
  parseCsvRows,
  TEST_DATA_MESSAGES as MESSAGES,
  type DataRow,
  type TestData,
} from '../../../contract/testData';
import { effectiveParameters } from '../../../contract/testCases';
import { type Actor } from './actor';
import { type TestCaseService } from './testCases';

type TestRow = typeof testCases.$inferSelect;

/** The variables a test's rows may give values to: its own (or its credentials when it has none). */
export function dataColumns(test: Pick<TestRow, 'parameters' | 'credentials'>): string[] {
  return Object.keys(effectiveParameters(test.parameters, test.credentials));
}

/**
 * A test's data table (issue 33): GET and PUT /test-case/{id}/data. The rows are stored on the test
 * (test_cases.data_rows); a run reads them when it starts and runs the test once per row.
 */
export class TestDataService {
  constructor(
    private readonly _db: Db,
    private readonly _testCases: TestCaseService,
  ) {}

  async get(actor: Actor, testCaseId: string): Promise<TestData> {
    const { row } = await this._testCases.requireTest(
      actor,
      testCaseId.trim().toLowerCase(),
      MESSAGES.notFound,
    );
    return toData(row);
  }

  /** Replaces the table: JSON `{ rows }` or CSV text (its first line the columns). Empty: no table. */
  async put(actor: Actor, testCaseId: string, body: { csv?: string; rows?: unknown }): Promise<TestData> {
    // Another organization's test is not found before its input is judged.
    const { row } = await this._testCases.requireTest(
      actor,
      testCaseId.trim().toLowerCase(),
      MESSAGES.notFound,
    );
    if (typeof body.csv !== 'string' && body.rows === undefined)
      throw new ValidationError(MESSAGES.rowsRequired, { fields: { rows: 'required' } });
    const parsed =
      typeof body.csv === 'string' ? parseCsvRows(body.csv) : { ok: true as const, rows: body.rows };
    if (!parsed.ok) throw new ValidationError(parsed.problem.message, { fields: parsed.problem.fields });
    const checked = checkDataRows(parsed.rows, dataColumns(row));
    if (!checked.ok) throw new ValidationError(checked.problem.message, { fields: checked.problem.fields });
    const [updated] = await this._db
      .update(testCases)
      .set({ dataRows: checked.rows.length > 0 ? checked.rows : null, lastModifiedAt: new Date() })
      .where(eq(testCases.id, row.id))
      .returning();
    return toData(updated!);
  }
}

function toData(row: TestRow): TestData {
  return { test_case_id: row.id, columns: dataColumns(row), rows: (row.dataRows ?? []) as DataRow[] };
}
