import GridViewOutlinedIcon from '@mui/icons-material/GridViewOutlined';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { messages } from '../messages';
import {
  failingStepIndex,
  formatDuration,
  runOtherSite,
  runProgress,
  type RunsViewType,
  type TestRun,
} from '../types';
import { RunScreenshot } from './RunScreenshot';
import { RunStatusChip } from './RunStatusChip';

const ROW_HEIGHT = 60;
const CARD_HEIGHT = 212;
const CARD_MIN_WIDTH = 200;
const GAP = 12;
const OVERSCAN = 4;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface RunListProps {
  runs: readonly TestRun[];
  selectedId: string | null;
  onSelect: (runId: string) => void;
  viewType: RunsViewType;
  onViewTypeChange: (viewType: RunsViewType) => void;
  /** How many runs the test has in all (null when the server did not say). */
  total: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
  viewport: { width: number; height: number };
  /** Height of the scrolling area. */
  maxHeight?: number;
  /** The project's environments' names by id (issue 33): a run on one says its name. */
  environmentNames?: ReadonlyMap<string, string>;
}

/**
 * What a run came to, in a few words: '5 of 5 steps', 'Failed at step 3 of 5', and the environment or
 * other website it ran on, when it had one ('… · on Staging', '… · on https://preview.example/').
 */
export function runSummary(run: TestRun, environmentNames?: ReadonlyMap<string, string>): string {
  const failing = failingStepIndex(run);
  const { done, total } = runProgress(run);
  const summary =
    run.status === 'failed' && failing !== null
      ? `Failed at step ${failing + 1} of ${total}`
      : `${done} of ${total} steps`;
  const environment = run.environment_id ? environmentNames?.get(run.environment_id) : undefined;
  const site = environment ?? runOtherSite(run);
  return site ? `${summary} · on ${site}` : summary;
}

/** The screenshot that tells most about a run: the failing step's, else the last one taken. */
function keyScreenshot(run: TestRun): string | null {
  const failing = failingStepIndex(run);
  if (failing !== null && run.steps[failing]?.screenshot_id) return run.steps[failing].screenshot_id;
  return [...run.steps].reverse().find((step) => step.screenshot_id)?.screenshot_id ?? null;
}

/** Tracks an element's width (for the grid's column count). */
function useWidth(ref: { current: HTMLElement | null }) {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A test's runs, newest first, as a list or a grid (virtualized: a screenful is in the page at a time).
 * One listbox: the arrow keys, Home and End move the selection; Tab leaves.
 */
export function RunList({
  runs,
  selectedId,
  onSelect,
  viewType,
  onViewTypeChange,
  total,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
  viewport,
  maxHeight = 560,
  environmentNames,
}: RunListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(scrollRef);
  const grid = viewType === 'grid';
  const columns = grid ? Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP))) : 1;
  const rowCount = Math.ceil(runs.length / columns);
  const itemHeight = grid ? CARD_HEIGHT + GAP : ROW_HEIGHT;
  const focusPending = useRef(false);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read fresh on every render on purpose.
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => itemHeight,
    overscan: OVERSCAN,
  });

  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, itemHeight, columns]);

  const selectedIndex = runs.findIndex((run) => run._id === selectedId);

  // Focus follows the selection once its option is rendered (it may have been scrolled out of the DOM).
  useEffect(() => {
    if (!focusPending.current || selectedIndex < 0) return;
    const option = scrollRef.current?.querySelector<HTMLElement>(`[data-run-index="${selectedIndex}"]`);
    if (option) {
      focusPending.current = false;
      option.focus({ preventScroll: true });
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (runs.length === 0) return;
    const at = Math.max(selectedIndex, 0);
    const moves: Record<string, number> = {
      ArrowDown: at + columns,
      ArrowUp: at - columns,
      Home: 0,
      End: runs.length - 1,
      ...(grid && { ArrowRight: at + 1, ArrowLeft: at - 1 }),
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = Math.min(Math.max(next, 0), runs.length - 1);
    focusPending.current = true;
    onSelect(runs[index]._id);
    virtualizer.scrollToIndex(Math.floor(index / columns));
  };

  const shown = runs.length;
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} role="status">
          {total !== null && total > shown
            ? `Showing ${shown} of ${total} runs`
            : `${shown} ${shown === 1 ? 'run' : 'runs'}`}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={viewType}
          onChange={(_event, next: RunsViewType | null) => next && onViewTypeChange(next)}
          aria-label="View runs as"
        >
          <ToggleButton value="list" aria-label="List">
            <Tooltip title="List">
              <ViewListOutlinedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
          <ToggleButton value="grid" aria-label="Grid">
            <Tooltip title="Grid">
              <GridViewOutlinedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>

      <Box
        ref={scrollRef}
        role="listbox"
        aria-label="Runs, newest first"
        data-view={viewType}
        onKeyDown={onKeyDown}
        sx={{ overflowY: 'auto', position: 'relative', maxHeight, borderRadius: 1 }}
      >
        <Box sx={{ position: 'relative', width: '100%' }} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const slice = runs.slice(item.index * columns, item.index * columns + columns);
            return (
              <Box
                key={item.key}
                role="presentation"
                sx={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  display: 'grid',
                  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                  gap: `${GAP}px`,
                }}
                style={{ transform: `translateY(${item.start}px)`, height: itemHeight }}
              >
                {slice.map((run, offset) => {
                  const index = item.index * columns + offset;
                  const props = {
                    run,
                    index,
                    selected: run._id === selectedId,
                    // Roving tab stop: the selected run, else the first.
                    tabbable: selectedIndex < 0 ? index === 0 : index === selectedIndex,
                    onSelect,
                    environmentNames,
                  };
                  return grid ? (
                    <RunCard key={run._id} {...props} viewport={viewport} />
                  ) : (
                    <RunRow key={run._id} {...props} />
                  );
                })}
              </Box>
            );
          })}
        </Box>
      </Box>

      {loadMoreFailed && <Alert severity="error">{messages.listFailed}</Alert>}
      {hasMore && (
        <Button onClick={onLoadMore} disabled={loadingMore} variant="outlined" sx={{ alignSelf: 'center' }}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </Stack>
  );
}

interface OptionProps {
  run: TestRun;
  index: number;
  selected: boolean;
  tabbable: boolean;
  onSelect: (runId: string) => void;
  environmentNames?: ReadonlyMap<string, string>;
}

const optionSx = {
  cursor: 'pointer',
  outline: 'none',
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  '&:hover': { bgcolor: 'action.hover' },
  '&[aria-selected="true"]': { borderColor: 'primary.main', bgcolor: 'action.selected' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
} as const;

function optionLabel(run: TestRun, environmentNames?: ReadonlyMap<string, string>) {
  return `${timeFormat.format(new Date(run.created_at))}, ${run.status.replace(/_/g, ' ')}, ${runSummary(run, environmentNames)}`;
}

function RunRow({ run, index, selected, tabbable, onSelect, environmentNames }: OptionProps) {
  return (
    <Box
      role="option"
      aria-selected={selected}
      aria-label={optionLabel(run, environmentNames)}
      data-run-index={index}
      data-run-id={run._id}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onSelect(run._id)}
      sx={{
        ...optionSx,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        height: ROW_HEIGHT - 6,
      }}
    >
      <RunStatusChip status={run.status} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap>
          {timeFormat.format(new Date(run.created_at))}
        </Typography>
        <Typography
          variant="caption"
          color={run.status === 'failed' ? 'error' : 'text.secondary'}
          noWrap
          component="p"
        >
          {runSummary(run, environmentNames)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {formatDuration(run.execution_time_in_secs)}
      </Typography>
    </Box>
  );
}

function RunCard({
  run,
  index,
  selected,
  tabbable,
  onSelect,
  viewport,
  environmentNames,
}: OptionProps & { viewport: { width: number; height: number } }) {
  const shot = keyScreenshot(run);
  return (
    <Box
      role="option"
      aria-selected={selected}
      aria-label={optionLabel(run, environmentNames)}
      data-run-index={index}
      data-run-id={run._id}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onSelect(run._id)}
      sx={{
        ...optionSx,
        p: 1,
        height: CARD_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'hidden', borderRadius: 0.5 }}>
        {shot ? (
          <RunScreenshot
            imageId={shot}
            alt={`Last screenshot of the run`}
            aspectRatio={viewport.width / viewport.height}
          />
        ) : (
          <Box sx={{ height: '100%', bgcolor: 'action.hover', borderRadius: 0.5 }} />
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <RunStatusChip status={run.status} />
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
          {formatDuration(run.execution_time_in_secs)}
        </Typography>
      </Box>
      <Typography variant="caption" noWrap component="p">
        {timeFormat.format(new Date(run.created_at))} · {runSummary(run, environmentNames)}
      </Typography>
    </Box>
  );
}
