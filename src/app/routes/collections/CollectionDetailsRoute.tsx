import { useCallback, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { pages } from '../../../config/pages';
import { paths } from '../../../config/paths';
import { AlertsCard } from '../../../features/alerts/components/AlertsCard';
import {
  CollectionDetails,
  type CollectionDetailsSlots,
} from '../../../features/collections/components/CollectionDetails';
import type { CollectionRun } from '../../../features/collections/api';
import { runSelected } from '../../../features/runs/slice';
import { CollectionSchedule } from '../../../features/schedules/components/CollectionSchedule';
import { selectSelectedSuiteId } from '../../../features/suites/selectors';
import { suiteSelected } from '../../../features/suites/slice';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector, usePermissions } from '../../hooks';
import { useBreadcrumbLabel } from '../../layouts/BreadcrumbLabels';

// The schedules and alerts features' sections of the page, composed here (features never import each other).
const slots: CollectionDetailsSlots = {
  schedule: CollectionSchedule,
  alerts: CollectionAlerts,
};

/** The alerts section, with the signed-in person's rights (issue 27: alerts are the admins'). */
function CollectionAlerts({ collection }: { collection: { _id: string } }) {
  const permissions = usePermissions();
  return <AlertsCard collectionId={collection._id} permissions={permissions} />;
}

/**
 * /test-cases/collection/{id}[?created_at=]: a test suite's tests and recent runs. The legacy
 * /collections/{suiteId}/{collectionId} link lands here with the group to open.
 */
export function CollectionDetailsRoute() {
  const { title, description } = pages.collection;
  const { id = '' } = useParams();
  // Its name is the page's title and last crumb once it has loaded.
  const [name, setName] = useState<string | null>(null);
  useDocumentTitle(name ?? title);
  useBreadcrumbLabel(paths.collectionDetails.getHref(id), name);
  const [searchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const selectedSuiteId = useAppSelector(selectSelectedSuiteId);
  const permissions = usePermissions();

  // A run opens on its test's runs page with that run selected.
  const openRun = useCallback(
    (run: CollectionRun) => {
      dispatch(runSelected({ testId: run.test_case_id, runId: run._id }));
      void navigate(paths.testCaseRuns.getHref(run.test_case_id));
    },
    [dispatch, navigate],
  );
  // A link from elsewhere may name a collection of another project: that project becomes the current one.
  const followSuite = useCallback(
    (suiteId: string) => {
      if (suiteId !== selectedSuiteId) dispatch(suiteSelected({ suiteId }));
    },
    [dispatch, selectedSuiteId],
  );

  return (
    <>
      <PageHeader title={name ?? title} description={description} />
      <CollectionDetails
        key={id}
        collectionId={id}
        createdAt={searchParams.get('created_at')}
        onOpenRun={openRun}
        onSuiteFound={followSuite}
        onNamed={setName}
        slots={slots}
        runLock={permissions.reason('runTests')}
        writeLock={permissions.reason('writeCollections')}
      />
    </>
  );
}
