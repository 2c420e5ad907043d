import { describeError } from '../../api/apiError';
import { t } from '../../config/locale';
import { notify } from '../../lib/notify';
import { useCreateTestCaseMutation } from './api';
import { serverFieldErrors } from './fieldErrors';
import type { NewTestCase, TestCase } from './types';

type TestField = 'name' | 'website' | 'path';

export type CreateOutcome =
  | { status: 'created'; test: TestCase }
  /** The server refused a field: its sentence, keyed by the form's field name. */
  | { status: 'invalid'; fields: Partial<Record<TestField, string>> }
  /** Any other failure; the toast already said so. */
  | { status: 'failed' };

/**
 * Creates a test and, unless told otherwise, asks for its generation in the same call: the create
 * dialog's "Create and generate" and the dashboard's headline share it.
 */
export function useCreateAndGenerate() {
  const [createTestCase, { isLoading }] = useCreateTestCaseMutation();
  const createAndGenerate = async (
    test: NewTestCase,
    {
      generate = true,
      fields = ['name', 'website', 'path'],
    }: { generate?: boolean; fields?: TestField[] } = {},
  ): Promise<CreateOutcome> => {
    const result = await createTestCase({ ...test, scheduleGeneration: generate });
    if ('error' in result) {
      const refused = serverFieldErrors(result.error, fields);
      if (Object.keys(refused).length > 0) return { status: 'invalid', fields: refused };
      notify.error(describeError(result.error, t.tests.createFailed));
      return { status: 'failed' };
    }
    notify.success(t.tests.created);
    return { status: 'created', test: result.data };
  };
  return { createAndGenerate, isCreating: isLoading };
}
