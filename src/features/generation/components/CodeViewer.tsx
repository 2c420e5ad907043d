import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';

export interface CodeViewerProps {
  code: string;
  language: 'typescript' | 'python';
  /** Names the code for screen readers, e.g. 'Code of step 2'. */
  label: string;
}

// Colours that read on both the light and the dark surface (WCAG AA against either).
const palettes = {
  light: { keyword: '#7c3aed', string: '#b45309', comment: '#6b7280', name: '#1d4ed8', number: '#047857' },
  dark: { keyword: '#c4b5fd', string: '#fcd34d', comment: '#9ca3af', name: '#93c5fd', number: '#6ee7b7' },
};

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function highlighting(mode: 'light' | 'dark') {
  const colour = palettes[mode];
  return syntaxHighlighting(
    HighlightStyle.define([
      { tag: [tags.keyword, tags.modifier, tags.operatorKeyword], color: colour.keyword },
      { tag: [tags.string, tags.special(tags.string), tags.regexp], color: colour.string },
      {
        tag: [tags.comment, tags.lineComment, tags.blockComment],
        color: colour.comment,
        fontStyle: 'italic',
      },
      { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: colour.name },
      { tag: [tags.number, tags.bool, tags.null], color: colour.number },
    ]),
  );
}

/** Generated code, read-only, in CodeMirror 6 (SPEC §9: indent 2, line numbers on). */
export function CodeViewer({ code, language, label }: CodeViewerProps) {
  const parent = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const mode = theme.palette.mode;

  useEffect(() => {
    if (!parent.current) return;
    const view = new EditorView({
      parent: parent.current,
      state: EditorState.create({
        doc: code,
        extensions: [
          lineNumbers(),
          EditorState.readOnly.of(true),
          EditorState.tabSize.of(2),
          // Long locators wrap: a step's code is read, not scrolled sideways.
          EditorView.lineWrapping,
          language === 'python' ? python() : javascript({ typescript: true }),
          highlighting(mode),
          // Focusable, so keyboard users can select and scroll it; read-only all the same.
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true' }),
          EditorView.theme(
            {
              '&': { fontSize: '13px', backgroundColor: 'transparent', color: 'inherit' },
              '.cm-scroller': { fontFamily: MONO, maxHeight: '16rem', overflow: 'auto' },
              '.cm-gutters': {
                backgroundColor: 'transparent',
                border: 'none',
                color: 'inherit',
                opacity: 0.6,
              },
              '&.cm-focused': { outline: 'none' },
            },
            { dark: mode === 'dark' },
          ),
        ],
      }),
    });
    return () => view.destroy();
  }, [code, label, language, mode]);

  return (
    <Box
      ref={parent}
      data-testid="code-viewer"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'action.hover',
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    />
  );
}
