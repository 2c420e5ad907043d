import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchIcon from '@mui/icons-material/Search';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { describeError, isApiError } from '../../../api/apiError';
import { useAppDispatch, useAppSelector, type Permissions } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { paths } from '../../../config/paths';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import {
  useCreateFolderMutation,
  useDeleteFolderMutation,
  useDeleteTestCaseMutation,
  useDuplicateTestCaseMutation,
  useGetTestTreeQuery,
  useRenameFolderMutation,
} from '../api';
import { selectExpandedFolders, selectTreeSearch } from '../selectors';
import {
  allFoldersCollapsed,
  folderCollapsed,
  folderExpanded,
  foldersRevealed,
  searchChanged,
  treeOpened,
} from '../slice';
import { buildTreeIndex, folderPaths, normalizeSearch, visibleRows, type TreeRow } from '../tree';
import { joinPath, type TreeTest } from '../types';
import { CreateTestDialog } from './CreateTestDialog';
import { FolderNameDialog } from './FolderNameDialog';
import { MoveTestDialog, type MovableTest } from './MoveTestDialog';
import { TestTree } from './TestTree';

type FolderRow = Extract<TreeRow, { kind: 'folder' }>;

interface TestListProps {
  suiteId: string;
  /** A folder to open and scroll to, e.g. from a breadcrumb of the details page. */
  revealFolder?: string | null;
  /** The signed-in person's rights (app/hooks.ts usePermissions): a viewer creates, moves and deletes nothing. */
  permissions: Permissions;
}

const numberFormat = new Intl.NumberFormat();
const plural = (count: number, one: string, many: string) =>
  `${numberFormat.format(count)} ${count === 1 ? one : many}`;

/** '10,000 tests, 200 folders', or while searching '12 of 10,000 tests'. */
function summary(tests: number, folders: number, matches: number | null): string {
  if (matches !== null) return `${numberFormat.format(matches)} of ${plural(tests, 'test', 'tests')}`;
  return `${plural(tests, 'test', 'tests')}, ${plural(folders, 'folder', 'folders')}`;
}

/** A 4xx the server explained belongs next to the field; anything else is a toast. */
function inlineOrToast(error: unknown, toast: string): string {
  const explained =
    isApiError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
  if (!explained || !error.serverMessage) notify.error(describeError(error, toast));
  return describeError(error, toast);
}

/** The test list: the suite's folders and tests as a tree, search, and every folder and test action. */
export function TestList({ suiteId, revealFolder = null, permissions }: TestListProps) {
  const dispatch = useAppDispatch();
  // Issue 27: a viewer browses and opens tests; what would change them is off, saying why.
  const locked = permissions.reason('writeTests');
  const navigate = useNavigate();
  const { data: items, isLoading, isError, isFetching, refetch } = useGetTestTreeQuery(suiteId);
  const expandedPaths = useAppSelector((state) => selectExpandedFolders(state, suiteId));
  const search = useAppSelector(selectTreeSearch);
  // Typing stays responsive on 10,000 tests: the filter catches up a frame later.
  const deferredSearch = useDeferredValue(search);

  const [createFolder] = useCreateFolderMutation();
  const [renameFolder] = useRenameFolderMutation();
  const [deleteFolder, { isLoading: deletingFolder }] = useDeleteFolderMutation();
  const [deleteTestCase, { isLoading: deletingTest }] = useDeleteTestCaseMutation();
  const [duplicateTestCase] = useDuplicateTestCaseMutation();

  const [folderMenu, setFolderMenu] = useState<{ anchor: HTMLElement; row: FolderRow } | null>(null);
  const [testMenu, setTestMenu] = useState<{ anchor: HTMLElement; test: TreeTest } | null>(null);
  const [newFolderIn, setNewFolderIn] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<FolderRow | null>(null);
  const [pendingFolderDelete, setPendingFolderDelete] = useState<FolderRow | null>(null);
  const [newTestIn, setNewTestIn] = useState<string | null>(null);
  const [moving, setMoving] = useState<MovableTest | null>(null);
  const [pendingTestDelete, setPendingTestDelete] = useState<TreeTest | null>(null);

  useEffect(() => {
    dispatch(treeOpened({ suiteId }));
  }, [dispatch, suiteId]);

  useEffect(() => {
    if (revealFolder) dispatch(foldersRevealed({ suiteId, path: revealFolder }));
  }, [dispatch, suiteId, revealFolder]);

  useEffect(() => {
    if (isError) notify.error(t.tests.fetchFailed);
  }, [isError]);

  const index = useMemo(() => buildTreeIndex(items ?? []), [items]);
  const expanded = useMemo(() => new Set(expandedPaths), [expandedPaths]);
  const rows = useMemo(() => visibleRows(index, expanded, deferredSearch), [index, expanded, deferredSearch]);
  const folders = useMemo(() => folderPaths(index), [index]);
  const searching = normalizeSearch(deferredSearch).length > 0;
  const matchCount = searching ? rows.filter((row) => row.kind === 'test').length : 0;

  const onToggleFolder = useCallback(
    (path: string, expand: boolean) =>
      dispatch(expand ? folderExpanded({ suiteId, path }) : folderCollapsed({ suiteId, path })),
    [dispatch, suiteId],
  );
  const onOpenTest = useCallback(
    (test: TreeTest) => void navigate(paths.testCaseDetails.getHref(test.id)),
    [navigate],
  );
  const onFolderMenu = useCallback(
    (anchor: HTMLElement, row: FolderRow) => setFolderMenu({ anchor, row }),
    [],
  );
  const onTestMenu = useCallback((anchor: HTMLElement, test: TreeTest) => setTestMenu({ anchor, test }), []);

  const submitNewFolder = async (name: string) => {
    const path = joinPath(newFolderIn ?? '', name);
    const result = await createFolder({ suiteId, path });
    if ('error' in result) return inlineOrToast(result.error, t.tests.folderCreateFailed);
    notify.success(t.tests.folderCreated);
    return null;
  };

  const submitRename = async (name: string) => {
    if (!renaming || name === renaming.name) return null;
    const newPath = joinPath(renaming.parentPath, name);
    const result = await renameFolder({ suiteId, oldPath: renaming.path, newPath });
    if ('error' in result) return inlineOrToast(result.error, t.tests.folderRenameFailed);
    notify.success(t.tests.folderRenamed);
    return null;
  };

  const confirmFolderDelete = async () => {
    if (!pendingFolderDelete) return;
    const result = await deleteFolder({ suiteId, path: pendingFolderDelete.path });
    if ('error' in result) notify.error(describeError(result.error, t.tests.folderDeleteFailed));
    else notify.success(t.tests.folderDeleted);
    setPendingFolderDelete(null);
  };

  const confirmTestDelete = async () => {
    if (!pendingTestDelete) return;
    const result = await deleteTestCase({ id: pendingTestDelete.id, suiteId });
    if ('error' in result) notify.error(describeError(result.error, t.tests.deleteFailed));
    else notify.success(t.tests.deleted);
    setPendingTestDelete(null);
  };

  const duplicate = async (test: TreeTest) => {
    const result = await duplicateTestCase({ id: test.id, suiteId });
    if ('error' in result) notify.error(describeError(result.error, t.tests.duplicateFailed));
    else notify.success(t.tests.duplicated);
  };

  // Every menu action but Open writes: off for those who may not.
  const menuItem = (label: string, icon: ReactNode, action: () => void, writes = true) => (
    <MenuItem
      key={label}
      disabled={writes && locked !== null}
      onClick={() => {
        setFolderMenu(null);
        setTestMenu(null);
        action();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  const isEmpty = items !== undefined && items.length === 0;
  const newTestButton = (
    <Tooltip title={locked ?? ''}>
      <span>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={locked !== null}
          onClick={() => setNewTestIn('')}
        >
          New test
        </Button>
      </span>
    </Tooltip>
  );

  let body: ReactNode;
  if (isLoading) body = <ListSkeleton rows={6} label="Loading tests" />;
  else if (isError && !items)
    body = <ErrorState message={t.tests.fetchFailed} onRetry={() => void refetch()} retrying={isFetching} />;
  else if (isEmpty)
    body = (
      <EmptyState
        icon={<FactCheckOutlinedIcon fontSize="inherit" />}
        title="No tests yet"
        description="Describe what to check in plain words; the agents turn it into a browser test."
        action={newTestButton}
      />
    );
  else if (searching && matchCount === 0)
    body = (
      <EmptyState
        icon={<SearchIcon fontSize="inherit" />}
        title={`No tests match “${deferredSearch.trim()}”`}
        description="Search looks at test names. Try fewer letters, or clear the search."
        action={<Button onClick={() => dispatch(searchChanged({ text: '' }))}>Clear search</Button>}
      />
    );
  else
    body = (
      <TestTree
        rows={rows}
        label="Tests"
        onToggleFolder={onToggleFolder}
        onOpenTest={onOpenTest}
        onFolderMenu={onFolderMenu}
        onTestMenu={onTestMenu}
        revealKey={revealFolder ? `folder:${revealFolder}` : null}
      />
    );

  return (
    <Card variant="outlined">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
        }}
      >
        <TextField
          size="small"
          placeholder="Search tests by name"
          value={search}
          onChange={(event) => dispatch(searchChanged({ text: event.target.value }))}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search) dispatch(searchChanged({ text: '' }));
          }}
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search tests', type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: search ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label="Clear search"
                    onClick={() => dispatch(searchChanged({ text: '' }))}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} aria-live="polite">
          {items === undefined ? '' : summary(index.testCount, folders.length, searching ? matchCount : null)}
        </Typography>
        <Tooltip title="Collapse all folders">
          <span>
            <IconButton
              aria-label="Collapse all folders"
              disabled={expandedPaths.length === 0 || searching}
              onClick={() => dispatch(allFoldersCollapsed({ suiteId }))}
            >
              <UnfoldLessIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={locked ?? ''}>
          <span>
            <Button
              variant="outlined"
              startIcon={<CreateNewFolderOutlinedIcon />}
              disabled={locked !== null}
              onClick={() => setNewFolderIn('')}
            >
              New folder
            </Button>
          </span>
        </Tooltip>
        {newTestButton}
      </Box>
      <Divider />
      {body}

      <Menu
        anchorEl={folderMenu?.anchor}
        open={folderMenu !== null}
        onClose={() => setFolderMenu(null)}
        slotProps={{ list: { 'aria-label': `Folder ${folderMenu?.row.name ?? ''}` } }}
      >
        {folderMenu && [
          menuItem('New test here', <AddIcon fontSize="small" />, () => setNewTestIn(folderMenu.row.path)),
          menuItem('New folder inside', <CreateNewFolderOutlinedIcon fontSize="small" />, () =>
            setNewFolderIn(folderMenu.row.path),
          ),
          menuItem('Rename', <DriveFileRenameOutlineIcon fontSize="small" />, () =>
            setRenaming(folderMenu.row),
          ),
          menuItem('Delete', <DeleteOutlinedIcon fontSize="small" />, () =>
            setPendingFolderDelete(folderMenu.row),
          ),
        ]}
      </Menu>
      <Menu
        anchorEl={testMenu?.anchor}
        open={testMenu !== null}
        onClose={() => setTestMenu(null)}
        slotProps={{ list: { 'aria-label': `Test ${testMenu?.test.name ?? ''}` } }}
      >
        {testMenu && [
          menuItem('Open', <OpenInNewIcon fontSize="small" />, () => onOpenTest(testMenu.test), false),
          menuItem('Move to folder…', <DriveFileMoveOutlinedIcon fontSize="small" />, () =>
            setMoving({ id: testMenu.test.id, name: testMenu.test.name, path: testMenu.test.parentPath }),
          ),
          menuItem(
            'Duplicate',
            <ContentCopyOutlinedIcon fontSize="small" />,
            () => void duplicate(testMenu.test),
          ),
          menuItem('Delete', <DeleteOutlinedIcon fontSize="small" />, () =>
            setPendingTestDelete(testMenu.test),
          ),
        ]}
      </Menu>

      <FolderNameDialog
        open={newFolderIn !== null}
        title="New folder"
        submitLabel="Create"
        pendingLabel="Creating…"
        parentPath={newFolderIn ?? ''}
        onSubmit={submitNewFolder}
        onClose={() => setNewFolderIn(null)}
      />
      <FolderNameDialog
        open={renaming !== null}
        title="Rename folder"
        submitLabel="Rename"
        pendingLabel="Renaming…"
        initialName={renaming?.name ?? ''}
        parentPath={renaming?.parentPath ?? ''}
        onSubmit={submitRename}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={pendingFolderDelete !== null}
        title="Delete folder?"
        description={
          <>
            <strong>{pendingFolderDelete?.name}</strong>, its folders and the{' '}
            {pendingFolderDelete?.testCount ?? 0} {pendingFolderDelete?.testCount === 1 ? 'test' : 'tests'} in
            it will be deleted. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        pending={deletingFolder}
        onConfirm={() => void confirmFolderDelete()}
        onClose={() => setPendingFolderDelete(null)}
      />
      <CreateTestDialog
        open={newTestIn !== null}
        suiteId={suiteId}
        folders={folders}
        initialFolder={newTestIn ?? ''}
        onClose={() => setNewTestIn(null)}
        // A test created to generate opens at once, to watch it; one created without stays in view here.
        onCreated={(test, { generating }) => {
          if (generating) void navigate(paths.testCaseDetails.getHref(test.id));
        }}
      />
      <MoveTestDialog test={moving} suiteId={suiteId} folders={folders} onClose={() => setMoving(null)} />
      <ConfirmDialog
        open={pendingTestDelete !== null}
        title="Delete test?"
        description={
          <>
            <strong>{pendingTestDelete?.name}</strong> and its runs will be deleted. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        pending={deletingTest}
        onConfirm={() => void confirmTestDelete()}
        onClose={() => setPendingTestDelete(null)}
      />
    </Card>
  );
}
