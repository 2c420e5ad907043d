import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { matchingNames, openPlaceholder, type ParameterName } from './parameterMatching';

interface Completion {
  /** Document positions of `{{query` (replaced on insert). */
  from: number;
  to: number;
  query: string;
  /** The highlighted option. */
  active: number;
}

/** What the editor's keydown asks first: true when the completion took the key. */
export type CompletionKeyHandler = (event: KeyboardEvent) => boolean;

function completionAt(editor: Editor): Omit<Completion, 'active'> | null {
  const { selection } = editor.state;
  if (!selection.empty) return null;
  const { $from } = selection;
  // Up to 200 characters back: far more than a name, little to scan on every keystroke.
  const start = Math.max(0, $from.parentOffset - 200);
  const before = $from.parent.textBetween(start, $from.parentOffset, undefined, '\ufffc');
  const open = openPlaceholder(before);
  if (!open) return null;
  return { from: $from.pos - (before.length - open.start), to: $from.pos, query: open.query };
}

/** Where the caret is on screen, for the list to open under it (the editor's box when unknown). */
function caretAnchor(editor: Editor, pos: number) {
  return {
    getBoundingClientRect: () => {
      try {
        const { left, right, top, bottom } = editor.view.coordsAtPos(pos);
        return DOMRect.fromRect({ x: left, y: top, width: Math.max(right - left, 1), height: bottom - top });
      } catch {
        // NOTE: a document without layout (jsdom) cannot measure text; the editor's box is close enough.
        return editor.view.dom.getBoundingClientRect();
      }
    },
  };
}

/**
 * Typing `{{` in the editor offers the names it may refer to (variables and secrets): arrows move,
 * Enter or Tab inserts `{{NAME}}`, Escape closes. The editor's keydown calls `keyHandlerRef` first.
 */
export function ParameterCompletion({
  editor,
  names,
  keyHandlerRef,
}: {
  editor: Editor;
  names: readonly ParameterName[];
  keyHandlerRef: MutableRefObject<CompletionKeyHandler | null>;
}) {
  const listId = useId();
  const [completion, setCompletion] = useState<Completion | null>(null);
  const active = completion?.active ?? 0;
  // The `{{` the person closed with Escape stays closed until they start another one.
  const dismissed = useRef<number | null>(null);

  useEffect(() => {
    const update = () => {
      const next = editor.isEditable ? completionAt(editor) : null;
      if (dismissed.current !== null && next?.from !== dismissed.current) dismissed.current = null;
      const shown = next && next.from !== dismissed.current ? next : null;
      setCompletion((current) => {
        if (!shown) return null;
        const same = current?.from === shown.from && current.query === shown.query;
        return { ...shown, active: same ? current.active : 0 };
      });
    };
    const close = () => setCompletion(null);
    editor.on('transaction', update);
    editor.on('blur', close);
    return () => {
      editor.off('transaction', update);
      editor.off('blur', close);
    };
  }, [editor]);

  const query = completion?.query ?? null;
  const options = useMemo(() => (query === null ? [] : matchingNames(names, query)), [query, names]);
  const open = completion !== null && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const insert = useCallback(
    (option: ParameterName) => {
      if (!completion) return;
      editor
        .chain()
        .focus()
        .insertContentAt({ from: completion.from, to: completion.to }, `{{${option.name}}}`)
        .run();
    },
    [editor, completion],
  );

  useEffect(() => {
    keyHandlerRef.current = (event) => {
      if (!open || !completion) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setCompletion(
          (current) =>
            current && { ...current, active: (current.active + step + options.length) % options.length },
        );
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        insert(options[Math.min(active, options.length - 1)]);
        return true;
      }
      if (event.key === 'Escape') {
        dismissed.current = completion.from;
        setCompletion(null);
        return true;
      }
      return false;
    };
    return () => {
      keyHandlerRef.current = null;
    };
  }, [keyHandlerRef, open, completion, options, active, insert]);

  // The editing area (a textbox) names the list it completes from and the option that Enter takes.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const dom = editor.view.dom;
    dom.setAttribute('aria-autocomplete', 'list');
    if (open) {
      dom.setAttribute('aria-controls', listId);
      dom.setAttribute('aria-activedescendant', optionId(Math.min(active, options.length - 1)));
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  });

  if (!open || !completion) return null;
  return (
    <Popper
      open
      anchorEl={caretAnchor(editor, completion.to)}
      placement="bottom-start"
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
    >
      <Paper elevation={8} sx={{ maxHeight: 280, overflow: 'auto', minWidth: 240 }}>
        <MenuList id={listId} role="listbox" aria-label="Variables and secrets" dense>
          {options.map((option, index) => (
            <MenuItem
              key={option.name}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              selected={index === active}
              tabIndex={-1}
              // Keep the focus (and the caret) in the editor while choosing with the mouse.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(option)}
            >
              <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', width: '100%' }}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {option.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {option.kind === 'secret' ? 'Secret' : 'Variable'}
                </Typography>
              </Box>
            </MenuItem>
          ))}
        </MenuList>
      </Paper>
    </Popper>
  );
}
