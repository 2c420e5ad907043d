import AddIcon from '@mui/icons-material/Add';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { COLLECTION_LIMITS } from '../../../../contract/collections';
import { isApiError } from '../../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { t } from '../../../config/locale';
import { downloadBlob, fetchApiFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useWatch, type WatchStatus } from '../../monitoring/api';
import { useGetEnvironmentsQuery } from '../../suites/api';
import { useGetTestTreeQuery } from '../../tests/api';
import {
  collectionsApi,
  useCancelGroupMutation,
  useGetCollectionQuery,
  useRunAllMutation,
  useUpdateCollectionMutation,
} from '../api';
import { selectRecentRuns } from '../selectors';
import { recentRunsCleared, runsPageFailed, runsPageLoaded, runsPageRequested } from '../slice';
import type { Collection, CollectionRun, CollectionRunGroup } from '../types';
import { AddTestsDialog } from './AddTestsDialog';
import { RunAllDialog } from './RunAllDialog';
import { isGroupOpen, RunGroupList } from './RunGroupList';

/** How often the page reads the collection again while a group still has runs going (and no socket tells it). */
export const LIVE_POLL_MS = 2000;
/** How often the page of a scheduled collection looks for a group its schedule started (same). */
export const SCHEDULED_POLL_MS = 15_000;

/**
 * Issue 31: while the collection's live watch is (or is about to be) on its socket, its runs' events
 * re-read the page; the page polls only while it is not: polling, reconnecting, failed or not started.
 */
const SOCKET_COVERS: readonly WatchStatus[] = ['waiting', 'connecting', 'open'];

const PAGE = COLLECTION_LIMITS.storePageSize;

/** 'Nightly: sign-in' → 'nightly-sign-in-playwright.zip', as the server names it. */
export function projectZipName(name: string): string {
  const words =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [];
  return `${words.join('-').slice(0, 80).replace(/-+$/, '') || 'collection'}-playwright.zip`;
}

/** Newest first, one per creation time: the first copy seen (the freshest source) wins. */
function mergeGroups(...sources: CollectionRunGroup[][]): CollectionRunGroup[] {
  const byTime = new Map<number, CollectionRunGroup>();
  for (const group of sources.flat()) {
    const key = Date.parse(group.created_at);
    if (!byTime.has(key)) byTime.set(key, group);
  }
  return [...byTime.entries()].sort(([a], [b]) => b - a).map(([, group]) => group);
}

/**
 * What other features add to a collection's page; app/ composes them (features never import each
 * other's components). Each shows as a closed section under the runs, its heading saying the gist.
 */
export interface CollectionDetailsSlots {
  /** `locked`: why the person may not change the schedule (issue 27: a viewer), or null. */
  schedule?: ComponentType<{ collection: Collection; locked?: string | null }>;
  alerts?: ComponentType<{ collection: Collection }>;
}

const ALERT_ON_WORDS: Record<Collection['alert_on'], string> = {
  never: 'No alerts',
  failure: 'Alerts on failure',
  recovery: 'Alerts on recovery',
  both: 'Alerts on failure and recovery',
};

/** The alerts section's gist: "Alerts on failure · retries once". */
export const alertsSummary = (collection: Pick<Collection, 'alert_on' | 'retry_on_failure'>) =>
  `${ALERT_ON_WORDS[collection.alert_on] ?? ALERT_ON_WORDS.never} · ${
    collection.retry_on_failure ? 'retries a failed test once' : 'no retry'
  }`;

interface CollectionDetailsProps {
  collectionId: string;
  /** The redirect's group (SPEC §2): shown expanded, even when older than the loaded pages. */
  createdAt?: string | null;
  onOpenRun: (run: CollectionRun) => void;
  /** Told the collection's suite once it is known, so the app can select that project. */
  onSuiteFound?: (suiteId: string) => void;
  /** Told its name once known (and on a rename): the page's title and crumb. */
  onNamed?: (name: string) => void;
  slots?: CollectionDetailsSlots;
  /** Why the person may not run the collection (issue 27: a viewer), or null. */
  runLock?: string | null;
  /** Why the person may not change which tests it holds or its schedule (issue 27: a viewer), or null. */
  writeLock?: string | null;
}

export function CollectionDetails({
  collectionId,
  createdAt,
  onOpenRun,
  onSuiteFound,
  onNamed,
  slots = {},
  runLock = null,
  writeLock = null,
}: CollectionDetailsProps) {
  const { schedule: ScheduleSlot, alerts: AlertsSlot } = slots;
  const dispatch = useAppDispatch();
  const firstPage = { id: collectionId, offset: 0, limit: PAGE };
  // Polls while any group on the first page still has pending or running runs (and the socket is not on).
  const live = useAppSelector(
    (state) =>
      collectionsApi.endpoints.getCollection.select(firstPage)(state).data?.linked_runs.some(isGroupOpen) ??
      false,
  );
  // A scheduled collection starts groups by itself: they show up within SCHEDULED_POLL_MS.
  const scheduled = useAppSelector((state) =>
    Boolean(collectionsApi.endpoints.getCollection.select(firstPage)(state).data?.schedule_details),
  );
  const watch = useWatch('collection', collectionId);
  const watched = watch !== null && SOCKET_COVERS.includes(watch.status);
  const { data, isLoading, isError, error, refetch, isFetching } = useGetCollectionQuery(firstPage, {
    pollingInterval: watched ? 0 : live ? LIVE_POLL_MS : scheduled ? SCHEDULED_POLL_MS : 0,
  });
  const { data: linkedGroup } = useGetCollectionQuery({ id: collectionId, createdAt }, { skip: !createdAt });
  const store = useAppSelector((state) => selectRecentRuns(state, collectionId));
  const suiteId = data?.test_suite_id ?? '';
  const { data: tree = [] } = useGetTestTreeQuery(suiteId, { skip: !suiteId });
  const [updateCollection, { isLoading: updating }] = useUpdateCollectionMutation();
  const [runAll, { isLoading: starting }] = useRunAllMutation();
  const [cancelGroup] = useCancelGroupMutation();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [choosingEnvironment, setChoosingEnvironment] = useState(false);
  // Until the project's environments are known, Run all waits: clicked earlier, it ran without asking.
  const { data: environments = [], isLoading: environmentsLoading } = useGetEnvironmentsQuery(suiteId, {
    skip: !suiteId,
  });

  const groups = useMemo(
    () => mergeGroups(data?.linked_runs ?? [], linkedGroup?.linked_runs ?? [], store.groups),
    [data, linkedGroup, store.groups],
  );

  useEffect(() => {
    if (suiteId) onSuiteFound?.(suiteId);
  }, [suiteId, onSuiteFound]);
  const name = data?.name;
  useEffect(() => {
    if (name) onNamed?.(name);
  }, [name, onNamed]);

  useEffect(() => () => void dispatch(recentRunsCleared({ collectionId })), [dispatch, collectionId]);

  const testNames = useMemo(
    () => new Map(tree.flatMap((item) => (item.kind === 'test' ? [[item.id, item.name] as const] : []))),
    [tree],
  );

  if (isLoading) return <ListSkeleton />;
  if (isError && isApiError(error) && error.status === 404)
    return (
      <Card>
        <EmptyState title="This test suite doesn't exist" description="It may have been deleted." />
      </Card>
    );
  if (isError || !data)
    return <ErrorState message={t.collections.fetchFailed} onRetry={refetch} retrying={isFetching} />;

  const collection = data;
  const linked = collection.linked_test_ids;

  const changeTests = async (change: { addTestIds?: string[]; removeTestIds?: string[] }) => {
    try {
      await updateCollection({ id: collectionId, suiteId, ...change }).unwrap();
      return true;
    } catch {
      notify.error(t.collections.updateFailed);
      return false;
    }
  };

  // Issue 15: the collection as a Playwright Test project, for a team's own CI.
  const exportProject = async () => {
    setExporting(true);
    try {
      const zip = await fetchApiFile(
        `/test-suites/collection/${encodeURIComponent(collectionId)}/export.zip`,
      );
      downloadBlob(projectZipName(collection.name), zip);
    } catch (failure) {
      notify.error(`${t.collections.exportFailed} ${(failure as Error).message}`);
    } finally {
      setExporting(false);
    }
  };

  const startAll = async (environmentId: string | null = null) => {
    try {
      await runAll({ id: collectionId, suiteId, testIds: linked, environmentId }).unwrap();
      setChoosingEnvironment(false);
      notify.success(t.collections.runStarted);
    } catch (failure) {
      notify.error(
        isApiError(failure) && failure.status === 400 && failure.serverMessage
          ? failure.serverMessage
          : t.collections.runFailed,
      );
    }
  };

  const cancel = async (groupCreatedAt: string) => {
    setCancelling(groupCreatedAt);
    try {
      await cancelGroup({ id: collectionId, createdAt: groupCreatedAt }).unwrap();
      notify.success(t.collections.cancelled);
    } catch {
      notify.error(t.collections.cancelFailed);
    } finally {
      setCancelling(null);
    }
  };

  const loadMore = async () => {
    const { offset } = store;
    dispatch(runsPageRequested({ collectionId }));
    try {
      const page = await dispatch(
        collectionsApi.endpoints.getCollection.initiate(
          { id: collectionId, offset, limit: PAGE },
          { subscribe: false, forceRefetch: true },
        ),
      ).unwrap();
      dispatch(runsPageLoaded({ collectionId, offset, groups: page.linked_runs }));
    } catch {
      dispatch(runsPageFailed({ collectionId }));
      notify.error(t.collections.fetchFailed);
    }
  };

  // Fewer groups than a page on the first reading: nothing older to load.
  const reachedEnd = store.reachedEnd || collection.linked_runs.length < PAGE;

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button
          startIcon={<DownloadOutlinedIcon />}
          disabled={linked.length === 0 || exporting}
          onClick={() => void exportProject()}
        >
          {exporting ? 'Exporting…' : 'Export as Playwright project'}
        </Button>
        <Tooltip title={runLock ?? ''}>
          <span>
            <Button
              variant="contained"
              startIcon={<PlayArrowIcon />}
              disabled={
                linked.length === 0 || starting || runLock !== null || !suiteId || environmentsLoading
              }
              onClick={() =>
                // Issue 33: while the project has environments, a dialog asks which (the default first).
                environments.length > 0 ? setChoosingEnvironment(true) : void startAll()
              }
            >
              Run all
            </Button>
          </span>
        </Tooltip>
      </Stack>
      <RunAllDialog
        open={choosingEnvironment}
        environments={environments}
        pending={starting}
        onRun={(environmentId) => void startAll(environmentId || null)}
        onClose={() => setChoosingEnvironment(false)}
      />

      <Card>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              Tests ({linked.length})
            </Typography>
            <Tooltip title={writeLock ?? ''}>
              <span>
                <Button startIcon={<AddIcon />} disabled={writeLock !== null} onClick={() => setAdding(true)}>
                  Add tests
                </Button>
              </span>
            </Tooltip>
          </Stack>
          {linked.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No tests in this test suite yet: add some to run them together.
            </Typography>
          ) : (
            <List dense aria-label="Linked tests" disablePadding>
              {linked.map((testId) => {
                const name = testNames.get(testId) ?? testId;
                return (
                  <ListItem
                    key={testId}
                    divider
                    secondaryAction={
                      <IconButton
                        aria-label={`Remove ${name}`}
                        disabled={updating || writeLock !== null}
                        onClick={() => void changeTests({ removeTestIds: [testId] })}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    }
                  >
                    <ListItemText primary={name} />
                  </ListItem>
                );
              })}
            </List>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Recent runs
          </Typography>
          {groups.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Not run yet.
            </Typography>
          ) : (
            <RunGroupList
              groups={groups}
              initiallyExpanded={createdAt}
              cancelling={cancelling}
              cancelLock={runLock}
              onCancel={(value) => void cancel(value)}
              onOpenRun={onOpenRun}
            />
          )}
          {groups.length > 0 && (
            <Stack direction="row" sx={{ justifyContent: 'center', mt: 2 }}>
              {reachedEnd ? (
                <Typography variant="body2" color="text.secondary">
                  No older runs
                </Typography>
              ) : (
                <Button disabled={store.status === 'loading'} onClick={() => void loadMore()}>
                  Load more
                </Button>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>

      {(ScheduleSlot || AlertsSlot) && (
        <Box>
          {ScheduleSlot && (
            <PageSection
              title="Schedule"
              summary={collection.schedule_details?.description ?? 'Not scheduled'}
            >
              <ScheduleSlot collection={collection} locked={writeLock} />
            </PageSection>
          )}
          {AlertsSlot && (
            <PageSection title="Alerts & retries" summary={alertsSummary(collection)}>
              <AlertsSlot collection={collection} />
            </PageSection>
          )}
        </Box>
      )}

      <AddTestsDialog
        open={adding}
        suiteId={suiteId}
        linkedTestIds={linked}
        pending={updating}
        onAdd={(testIds) =>
          void changeTests({ addTestIds: testIds }).then((done) => {
            if (done) setAdding(false);
          })
        }
        onClose={() => setAdding(false)}
      />
    </Stack>
  );
}

/** A section that opens on demand, so the page stays calm: its heading and the gist show when closed. */
function PageSection({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  const id = useId();
  return (
    // NOTE: MUI wraps the summary's button in a heading: an h2 here, as the page's other cards have.
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="span">
            {title}
          </Typography>
          <Typography
            variant="body2"
            component="span"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {summary}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>{children}</AccordionDetails>
    </Accordion>
  );
}
