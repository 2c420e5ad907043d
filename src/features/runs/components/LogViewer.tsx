import { syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useRef } from 'react';
import { countLevels, type LineLevel, type LogMode } from '../logLevels';
import { logHighlighter, logLanguages } from '../logModes';

export interface LogDownload {
  label: string;
  href: string;
  /** The file name the browser saves it as. */
  filename?: string;
}

export interface LogViewerProps {
  text: string;
  mode: LogMode;
  /** Names the log for screen readers, e.g. 'Log of the run'. */
  label: string;
  /** Links shown above the log, e.g. the raw file. */
  downloads?: readonly LogDownload[];
  /** Height of the scrolling area. */
  maxHeight?: string;
}

// Colours that read on both the light and the dark surface (WCAG AA against either).
const palettes: Record<'light' | 'dark', Record<LineLevel | 'time', string>> = {
  light: { error: '#b91c1c', warning: '#a16207', info: '#1d4ed8', success: '#15803d', time: '#6b7280' },
  dark: { error: '#fca5a5', warning: '#fcd34d', info: '#93c5fd', success: '#86efac', time: '#9ca3af' },
};

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

const LEVEL_LABELS: Record<LineLevel, [one: string, many: string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['info', 'info'],
  success: ['success', 'successes'],
};

const LEVEL_CHIP_COLORS = { error: 'error', warning: 'warning', info: 'info', success: 'success' } as const;

/** A log, read-only, in CodeMirror 6 with the `fclog` or `log` mode colouring each line by its level. */
export function LogViewer({ text, mode, label, downloads = [], maxHeight = '22rem' }: LogViewerProps) {
  const parent = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const counts = useMemo(() => countLevels(text, mode), [text, mode]);

  useEffect(() => {
    if (!parent.current) return;
    const colour = palettes[dark ? 'dark' : 'light'];
    const view = new EditorView({
      parent: parent.current,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          EditorState.readOnly.of(true),
          EditorState.tabSize.of(2),
          logLanguages[mode],
          syntaxHighlighting(logHighlighter),
          EditorView.lineWrapping,
          // Focusable, so keyboard users can select and scroll it; read-only all the same.
          EditorView.contentAttributes.of({
            'aria-label': label,
            'aria-readonly': 'true',
            'data-mode': mode,
          }),
          EditorView.theme(
            {
              '&': { fontSize: '12.5px', backgroundColor: 'transparent', color: 'inherit' },
              '.cm-scroller': { fontFamily: MONO, maxHeight, overflow: 'auto' },
              '.cm-gutters': {
                backgroundColor: 'transparent',
                border: 'none',
                color: 'inherit',
                opacity: 0.6,
              },
              '&.cm-focused': { outline: 'none' },
              '.cm-log-error': { color: colour.error },
              '.cm-log-warning': { color: colour.warning },
              '.cm-log-info': { color: colour.info },
              '.cm-log-success': { color: colour.success },
              '.cm-log-time': { color: colour.time },
              '.cm-log-level-word': { fontWeight: 700 },
            },
            { dark },
          ),
        ],
      }),
    });
    return () => view.destroy();
  }, [text, mode, label, dark, maxHeight]);

  const levels = (Object.keys(counts) as LineLevel[]).filter((level) => counts[level] > 0);

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {levels.map((level) => (
          <Chip
            key={level}
            size="small"
            variant="outlined"
            color={LEVEL_CHIP_COLORS[level]}
            label={`${counts[level]} ${LEVEL_LABELS[level][counts[level] === 1 ? 0 : 1]}`}
          />
        ))}
        <Box sx={{ flex: '1 1 auto' }} />
        {downloads.map((link) => (
          <Button
            key={link.href}
            size="small"
            component="a"
            href={link.href}
            download={link.filename ?? true}
            startIcon={<DownloadOutlinedIcon />}
          >
            {link.label}
          </Button>
        ))}
      </Stack>
      <Box
        ref={parent}
        data-testid="log-viewer"
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
          '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      />
    </Stack>
  );
}
