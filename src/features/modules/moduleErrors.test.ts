import type { ApiError } from '../../api/apiError';
import { inUseTestsOf, unsafeDetailsOf } from './moduleErrors';

const error = (status: ApiError['status'], details: unknown): ApiError => ({
  status,
  message: 'HTTP error!',
  serverMessage: 'Looks like you provided an unsafe code.',
  details,
});
const refused = { line: 3, column: 5, code: 'page.evaluate("x")', reason: 'page.evaluate is not supported' };

describe('unsafeDetailsOf', () => {
  it.each([
    ['a list', [refused]],
    ['a list under "unsafe"', { unsafe: [refused] }],
    ['a list under "errors"', { errors: [refused] }],
  ])('reads the refused lines given as %s', (_shape, details) => {
    expect(unsafeDetailsOf(error(400, details))).toEqual([refused]);
  });

  it('fills in a missing column and code, and skips entries that are not refusals', () => {
    expect(
      unsafeDetailsOf(error(400, [{ line: 2, reason: 'os is not allowed' }, { field: 'name' }])),
    ).toEqual([{ line: 2, column: 0, code: '', reason: 'os is not allowed' }]);
  });

  it('reads nothing from another status or from field errors', () => {
    expect(unsafeDetailsOf(error(409, [refused]))).toEqual([]);
    expect(unsafeDetailsOf(error(400, { fields: [{ field: 'name', message: 'is required' }] }))).toEqual([]);
    expect(unsafeDetailsOf(new Error('boom'))).toEqual([]);
  });
});

describe('inUseTestsOf', () => {
  it('reads the tests a refused delete names, under any of the usual keys', () => {
    const tests = [{ _id: 'test-1', name: 'Checkout', usage: 'setup' }];
    expect(inUseTestsOf(error(409, { linked_test_cases: tests }))).toEqual([
      { _id: 'test-1', name: 'Checkout' },
    ]);
    expect(inUseTestsOf(error(409, { tests: [{ id: 'test-2', name: 'Refund' }] }))).toEqual([
      { _id: 'test-2', name: 'Refund' },
    ]);
    expect(inUseTestsOf(error(409, undefined))).toEqual([]);
    expect(inUseTestsOf(error(500, { tests }))).toEqual([]);
  });
});
