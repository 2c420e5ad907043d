import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Link as RouterLink } from 'react-router';
import { displayedStatus } from '../../../../contract/states';
import { paths } from '../../../config/paths';
import { FIRST_ROWS_MARK } from '../perfMarks';
import type { TreeRow } from '../tree';
import type { TreeTest } from '../types';
import { statusColors, statusLabel } from './StatusChip';

export const ROW_HEIGHT = 44;
const INDENT = 20;
/** Rows rendered above and below the visible ones, so a fast scroll never shows blanks. */
const OVERSCAN = 6;

let firstRowsMarked = false;

export interface TestTreeProps {
  rows: TreeRow[];
  label: string;
  onToggleFolder: (path: string, expand: boolean) => void;
  onOpenTest: (test: TreeTest) => void;
  onFolderMenu: (anchor: HTMLElement, row: Extract<TreeRow, { kind: 'folder' }>) => void;
  onTestMenu: (anchor: HTMLElement, test: TreeTest) => void;
  /** A row key to scroll into view and make current (e.g. 'folder:a/b'). */
  revealKey?: string | null;
  height?: number | string;
}

const countFormat = new Intl.NumberFormat();
const runTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatRunTime(value: string | null): string {
  return value ? runTimeFormat.format(new Date(value)) : 'Never run';
}

/**
 * The suite's folders and tests as a virtualized ARIA tree: only the rows in view (plus a few) are
 * in the document, so 10,000 tests scroll like 10. Arrow keys move, Right/Left open and close
 * folders, Enter opens a test or toggles a folder.
 */
export function TestTree({
  rows,
  label,
  onToggleFolder,
  onOpenTest,
  onFolderMenu,
  onTestMenu,
  revealKey = null,
  height = 'min(70vh, calc(100dvh - 260px))',
}: TestTreeProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const focusPending = useRef(false);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read fresh on every render on purpose.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index].key,
  });

  const found = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey);
  const activeIndex = found >= 0 ? found : rows.length > 0 ? 0 : -1;

  useEffect(() => {
    if (rows.length === 0 || firstRowsMarked) return;
    firstRowsMarked = true;
    // The frame after the commit is when the rows are on screen.
    requestAnimationFrame(() => {
      if (typeof performance.mark === 'function') performance.mark(FIRST_ROWS_MARK);
    });
  }, [rows.length]);

  useEffect(() => {
    if (!revealKey) return;
    const index = rows.findIndex((row) => row.key === revealKey);
    if (index < 0) return;
    setActiveKey(revealKey);
    virtualizer.scrollToIndex(index, { align: 'center' });
    // Only when the key changes: later edits of the tree must not pull the view back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealKey, rows.length > 0]);

  // Focus follows the active row once it is rendered (it may have been scrolled out of the DOM).
  useEffect(() => {
    if (!focusPending.current || activeIndex < 0) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (element) {
      focusPending.current = false;
      element.focus({ preventScroll: true });
    }
  });

  const moveTo = useCallback(
    (index: number) => {
      if (index < 0 || index >= rows.length) return;
      focusPending.current = true;
      setActiveKey(rows[index].key);
      virtualizer.scrollToIndex(index);
    },
    [rows, virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (activeIndex < 0 || event.target !== event.currentTarget.ownerDocument.activeElement) return;
    if (!(event.target as HTMLElement).matches('[role="treeitem"]')) return;
    const row = rows[activeIndex];
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'ArrowDown':
        handled();
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        handled();
        moveTo(activeIndex - 1);
        break;
      case 'Home':
        handled();
        moveTo(0);
        break;
      case 'End':
        handled();
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        handled();
        if (row.kind === 'folder' && !row.expanded) onToggleFolder(row.path, true);
        else if (row.kind === 'folder') moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft': {
        handled();
        if (row.kind === 'folder' && row.expanded) onToggleFolder(row.path, false);
        else {
          const parentPath = row.kind === 'folder' ? row.parentPath : row.test.parentPath;
          if (parentPath) moveTo(rows.findIndex((other) => other.key === `folder:${parentPath}`));
        }
        break;
      }
      case 'Enter':
      case ' ':
        handled();
        if (row.kind === 'folder') onToggleFolder(row.path, !row.expanded);
        else onOpenTest(row.test);
        break;
      default:
    }
  };

  return (
    <Box ref={scrollRef} role="tree" aria-label={label} onKeyDown={onKeyDown} sx={treeSx} style={{ height }}>
      <div className="pw-rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} className="pw-slot" style={{ transform: `translateY(${item.start}px)` }}>
            <TreeRowView
              row={rows[item.index]}
              index={item.index}
              active={item.index === activeIndex}
              onActivate={setActiveKey}
              onOpenTest={onOpenTest}
              onToggleFolder={onToggleFolder}
              onFolderMenu={onFolderMenu}
              onTestMenu={onTestMenu}
            />
          </div>
        ))}
      </div>
    </Box>
  );
}

// NOTE: rows are plain elements styled once here, not MUI components styled one by one: with a
// screenful of rows re-rendering on every scroll frame, per-row styling was most of the frame.
const treeSx = {
  overflowY: 'auto',
  position: 'relative',
  contain: 'strict',
  '& .pw-rows': { position: 'relative', width: '100%' },
  '& .pw-slot': { position: 'absolute', top: 0, left: 0, width: '100%', height: ROW_HEIGHT },
  '& .pw-row': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    height: ROW_HEIGHT,
    pr: 0.5,
    borderBottom: 1,
    borderColor: 'divider',
    cursor: 'pointer',
    outline: 'none',
    typography: 'body1',
  },
  '& .pw-row:hover': { bgcolor: 'action.hover' },
  '& .pw-row:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
  '& .pw-icon': { fontSize: 20, flexShrink: 0, color: 'action.active' },
  '& .pw-icon-folder': { color: 'primary.main' },
  '& .pw-indent': { width: 20, flexShrink: 0 },
  '& .pw-name': {
    flex: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: 'text.primary',
    textDecoration: 'none',
  },
  '& a.pw-name:hover': { textDecoration: 'underline' },
  '& .pw-folder-name': { fontWeight: 500 },
  '& .pw-meta': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    flexShrink: 0,
    typography: 'body2',
    color: 'text.secondary',
  },
  '& .pw-run-time': {
    width: 150,
    textAlign: 'right',
    whiteSpace: 'nowrap',
    display: { xs: 'none', sm: 'block' },
  },
  '& .pw-collections': { display: { xs: 'none', md: 'flex' }, gap: 0.5 },
  '& .pw-tag, & .pw-status': {
    borderRadius: '12px',
    px: 1,
    lineHeight: '24px',
    fontSize: '0.8125rem',
    fontWeight: 500,
    whiteSpace: 'nowrap',
  },
  '& .pw-tag': {
    maxWidth: 120,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    color: 'text.primary',
    boxShadow: (theme: Theme) => `inset 0 0 0 1px ${theme.vars?.palette.divider ?? theme.palette.divider}`,
  },
  '& .pw-status': { minWidth: 84, textAlign: 'center' },
  ...statusColors,
  '& .pw-action': {
    display: 'inline-flex',
    border: 0,
    p: 0.75,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'action.active',
    cursor: 'pointer',
  },
  '& .pw-action:hover': { bgcolor: 'action.hover' },
  '& .pw-action:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
} as const;

interface TreeRowViewProps {
  row: TreeRow;
  index: number;
  active: boolean;
  onActivate: (key: string) => void;
  onOpenTest: TestTreeProps['onOpenTest'];
  onToggleFolder: TestTreeProps['onToggleFolder'];
  onFolderMenu: TestTreeProps['onFolderMenu'];
  onTestMenu: TestTreeProps['onTestMenu'];
}

const TreeRowView = memo(function TreeRowView({
  row,
  index,
  active,
  onActivate,
  onOpenTest,
  onToggleFolder,
  onFolderMenu,
  onTestMenu,
}: TreeRowViewProps) {
  const nameId = useId();
  const detailsId = useId();
  const common = {
    role: 'treeitem',
    className: 'pw-row',
    'aria-level': row.depth + 1,
    'aria-labelledby': nameId,
    'aria-describedby': detailsId,
    'aria-selected': active,
    'data-index': index,
    tabIndex: active ? 0 : -1,
    style: { paddingLeft: 8 + row.depth * INDENT },
    onFocus: () => onActivate(row.key),
  } as const;
  const menuButton = (name: string, open: (anchor: HTMLElement) => void) => (
    <button
      type="button"
      className="pw-action"
      title="Actions"
      aria-label={`Actions for ${name}`}
      tabIndex={active ? 0 : -1}
      onClick={(event: MouseEvent<HTMLElement>) => {
        event.stopPropagation();
        open(event.currentTarget);
      }}
    >
      <MoreVertIcon className="pw-icon" />
    </button>
  );

  if (row.kind === 'folder') {
    const count = `${countFormat.format(row.testCount)} ${row.testCount === 1 ? 'test' : 'tests'}`;
    return (
      <div {...common} aria-expanded={row.expanded} onClick={() => onToggleFolder(row.path, !row.expanded)}>
        {row.expanded ? <ExpandMoreIcon className="pw-icon" /> : <ChevronRightIcon className="pw-icon" />}
        {row.expanded ? (
          <FolderOpenOutlinedIcon className="pw-icon pw-icon-folder" />
        ) : (
          <FolderOutlinedIcon className="pw-icon pw-icon-folder" />
        )}
        {/* NOTE: a plain title, not a Tooltip: rows are virtualized and must stay cheap. */}
        <span id={nameId} className="pw-name pw-folder-name" title={row.name}>
          {row.name}
        </span>
        <span id={detailsId} className="pw-meta">
          {row.matchCount > 0 ? `${row.matchCount} of ${count}` : count}
        </span>
        {menuButton(row.name, (anchor) => onFolderMenu(anchor, row))}
      </div>
    );
  }

  const { test } = row;
  const shownCollections = test.collectionNames.slice(0, 2);
  const moreCollections = test.collectionNames.length - shownCollections.length;
  const status = displayedStatus(test.state, test.latestRunStatus);
  return (
    <div
      {...common}
      onClick={(event: MouseEvent<HTMLElement>) => {
        // The name is a link and the actions a button: those clicks are theirs.
        if (!(event.target as HTMLElement).closest('a, button')) onOpenTest(test);
      }}
    >
      <span className="pw-indent" />
      <DescriptionOutlinedIcon className="pw-icon" />
      <RouterLink
        id={nameId}
        className="pw-name"
        to={paths.testCaseDetails.getHref(test.id)}
        tabIndex={-1}
        title={test.name}
      >
        {test.name}
      </RouterLink>
      <span id={detailsId} className="pw-meta">
        {shownCollections.length > 0 && (
          <span className="pw-collections" aria-label={`Collections: ${test.collectionNames.join(', ')}`}>
            {shownCollections.map((name) => (
              <span key={name} className="pw-tag">
                {name}
              </span>
            ))}
            {moreCollections > 0 && <span className="pw-tag">+{moreCollections}</span>}
          </span>
        )}
        <span className="pw-run-time" title="Latest run">
          {formatRunTime(test.latestRunTime)}
        </span>
        <span className="pw-status" data-status={status}>
          {statusLabel(test.state, test.latestRunStatus)}
        </span>
      </span>
      {menuButton(test.name, (anchor) => onTestMenu(anchor, test))}
    </div>
  );
});
