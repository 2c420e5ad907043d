import { useMemo } from 'react';
import { useGetEnvironmentsQuery } from '../suites/api';
import type { TestRun } from './types';

/**
 * The names of the project's environments by id (issue 33), read only when one of the runs ran on an
 * environment: a run's summary names the environment it ran on.
 */
export function useEnvironmentNames(
  suiteId: string | undefined,
  runs: readonly Pick<TestRun, 'environment_id'>[],
): ReadonlyMap<string, string> {
  const needed = Boolean(suiteId) && runs.some((run) => run.environment_id);
  const { data } = useGetEnvironmentsQuery(suiteId ?? '', { skip: !needed });
  return useMemo(
    () => new Map((data ?? []).map((environment) => [environment._id, environment.name])),
    [data],
  );
}
