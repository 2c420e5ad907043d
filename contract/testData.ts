import { Type, type Static } from '@sinclair/typebox';

// Data-driven runs (issue 33, item 2): a test carries a data table, rows of values for its
// variables. A run runs the test once per row and shows the rows as one result, a line per row.
// The server and the screen judge a table with the same functions below.

export const TEST_DATA_LIMITS = {
  /** Rows in a table. */
  rows: 100,
  /** Characters in one value. */
  value: 2000,
  /** Bytes of a PUT's body (CSV or JSON). */
  bodyBytes: 256 * 1024,
} as const;

export const TEST_DATA_MESSAGES = {
  notFound: 'Test case not found',
  noVariables: 'The test has no variables: add the variables its rows give values to first',
  tooManyRows: `A data table has at most ${TEST_DATA_LIMITS.rows} rows`,
  valueTooLong: `A value has at most ${TEST_DATA_LIMITS.value} characters`,
  rowsRequired: 'Send the rows: JSON { "rows": [...] } or a text/csv body whose first line names the columns',
  invalidRows: 'rows must be a list of objects whose values are text',
  invalidCsv: 'The CSV could not be read',
  emptyCsvHeader: 'The CSV needs a first line naming the columns (the test variables)',
  fetchFailed: 'Failed to load the data table',
  saveFailed: 'Failed to save the data table',
} as const;

/** A row: a value for some of the test's variables (the others keep the test's own value). */
export const DataRow = Type.Record(Type.String(), Type.String());
export type DataRow = Static<typeof DataRow>;

/** GET/PUT /api/test-case/{id}/data. */
export const TestData = Type.Object({
  test_case_id: Type.String(),
  /** The test's variables, in the order the grid shows them: the columns a row may fill. */
  columns: Type.Array(Type.String()),
  /** Empty: the test has no data table; a run runs it once. */
  rows: Type.Array(DataRow),
});
export type TestData = Static<typeof TestData>;

/** PUT /api/test-case/{id}/data as JSON (or the same table as `text/csv`, its first line the columns). */
export const TestDataBody = Type.Object({ rows: Type.Array(Type.Unknown()) });
export type TestDataBody = Static<typeof TestDataBody>;

/** A data-driven run's line for one row (TestRun.data_rows). */
export const RunDataRow = Type.Object({
  /** 0-based, in the table's order. */
  index: Type.Integer(),
  /** The row's values as the run used them; a secret's value is hidden, as in the run's steps. */
  values: DataRow,
  /** not_run: the run stopped (failed, cancelled or timed out) before this row. */
  status: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('not_run')]),
  failing_step_index: Type.Union([Type.Integer(), Type.Null()]),
  error_message: Type.Union([Type.String(), Type.Null()]),
  duration_ms: Type.Union([Type.Integer(), Type.Null()]),
});
export type RunDataRow = Static<typeof RunDataRow>;

/** Why a table is refused: the sentence and the field (`error.details.fields`). */
export interface DataTableProblem {
  message: string;
  fields: Record<string, string>;
}

/**
 * A table's rows judged against the test's variables: each row an object of text values for known
 * columns only. Unknown columns are named (all of them, in their order of appearance).
 */
export function checkDataRows(
  rows: unknown,
  variables: readonly string[],
): { ok: true; rows: DataRow[] } | { ok: false; problem: DataTableProblem } {
  const refuse = (message: string, fields: Record<string, string>) => ({
    ok: false as const,
    problem: { message, fields },
  });
  if (!Array.isArray(rows)) return refuse(TEST_DATA_MESSAGES.invalidRows, { rows: 'invalid' });
  if (rows.length > TEST_DATA_LIMITS.rows)
    return refuse(TEST_DATA_MESSAGES.tooManyRows, { rows: 'too_many' });
  const known = new Set(variables);
  const unknown: string[] = [];
  const checked: DataRow[] = [];
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      return refuse(TEST_DATA_MESSAGES.invalidRows, { rows: 'invalid' });
    const values: DataRow = {};
    for (const [name, value] of Object.entries(row as Record<string, unknown>)) {
      if (typeof value !== 'string') return refuse(TEST_DATA_MESSAGES.invalidRows, { rows: 'invalid' });
      if (value.length > TEST_DATA_LIMITS.value)
        return refuse(TEST_DATA_MESSAGES.valueTooLong, { rows: 'too_long' });
      if (!known.has(name)) {
        if (!unknown.includes(name)) unknown.push(name);
        continue;
      }
      values[name] = value;
    }
    checked.push(values);
  }
  if (unknown.length > 0) {
    const allowed = variables.length > 0 ? variables.join(', ') : 'none: the test has no variables';
    return refuse(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}: the columns must be the test's variables (${allowed})`,
      { columns: 'unknown' },
    );
  }
  return { ok: true, rows: checked };
}

/**
 * RFC 4180 CSV (commas, "quoted" fields with "" for a quote, CRLF or LF) as rows by the first line's
 * column names. Blank lines are skipped; an empty value or a short line's missing ones keep the variable's own.
 */
export function parseCsvRows(
  text: string,
): { ok: true; rows: DataRow[] } | { ok: false; problem: DataTableProblem } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  const source = text.replace(/^\uFEFF/, '');
  const endField = () => {
    record.push(wasQuoted ? field : field.trim());
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      wasQuoted = true;
      field = '';
    } else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord();
    } else field += char;
  }
  if (quoted)
    return {
      ok: false,
      problem: {
        message: `${TEST_DATA_MESSAGES.invalidCsv}: a quoted value is not closed`,
        fields: { csv: 'invalid' },
      },
    };
  if (field !== '' || wasQuoted || record.length > 0) endRecord();
  const [header, ...lines] = records;
  if (!header || header.every((name) => name === ''))
    return {
      ok: false,
      problem: { message: TEST_DATA_MESSAGES.emptyCsvHeader, fields: { csv: 'no_header' } },
    };
  const rows = lines.map((line) => {
    const row: DataRow = {};
    header.forEach((name, column) => {
      // An empty value keeps the variable's own, as an empty cell of the grid does.
      if (name !== '' && column < line.length && line[column] !== '') row[name] = line[column]!;
    });
    // A value under no column name is refused as an unknown column ('').
    for (let column = header.length; column < line.length; column++)
      if (line[column] !== '') row[`column ${column + 1}`] = line[column]!;
    return row;
  });
  return { ok: true, rows };
}

/** A row's values in plain words for a run's line and its failure ('item=Milk, quantity=2'). */
export function describeDataRow(values: DataRow): string {
  const words = Object.entries(values).map(([name, value]) => `${name}=${value}`);
  return words.length > 0 ? words.join(', ') : "the test's own values";
}
