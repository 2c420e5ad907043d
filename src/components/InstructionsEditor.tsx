import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RedoIcon from '@mui/icons-material/Redo';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { t } from '../config/locale';
import { isAllowedLinkHref, isValidCustomScheme } from '../lib/editorLinks';
import { ParameterCompletion, type CompletionKeyHandler } from './ParameterCompletion';
import type { ParameterName } from './parameterMatching';

// SPEC §9's editor constants.
export const EDITOR_HISTORY = { depth: 100, newGroupDelay: 500 } as const;
export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
type HeadingLevel = (typeof HEADING_LEVELS)[number];

export interface InstructionsEditorProps {
  /** HTML; '' when empty. */
  value: string;
  onChange?: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  disabled?: boolean;
  placeholder?: string;
  /** Extra link schemes beyond SPEC §5's list; names that break the custom-scheme rule are ignored. */
  customSchemes?: readonly string[];
  error?: boolean;
  helperText?: string;
  minHeight?: number;
  /** Names offered when `{{` is typed (a test's variables and its suite's secrets); none: no completion. */
  parameterNames?: readonly ParameterName[];
}

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** The rich-text editor for a test's plain-words instructions (Tiptap: headings 1–6, lists, safe links). */
export function InstructionsEditor({
  value,
  onChange,
  label,
  disabled = false,
  placeholder,
  customSchemes = [],
  error = false,
  helperText,
  minHeight = 160,
  parameterNames,
}: InstructionsEditorProps) {
  const completionKeys = useRef<CompletionKeyHandler | null>(null);
  const helperId = useId();
  const schemesKey = customSchemes.join(',');
  const schemes = useMemo(
    () => (schemesKey ? schemesKey.split(',') : []).filter(isValidCustomScheme),
    [schemesKey],
  );
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor(
    {
      extensions: [
        StarterKit.configure({
          heading: { levels: [...HEADING_LEVELS] },
          undoRedo: { ...EDITOR_HISTORY },
          link: false,
          // No empty paragraph forced after a closing heading or list: the stored HTML stays what was written.
          trailingNode: false,
        }),
        Link.configure({
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: schemes,
          isAllowedUri: (url) => isAllowedLinkHref(url, schemes),
          shouldAutoLink: (url) => isAllowedLinkHref(url, schemes),
        }),
      ],
      content: value,
      editable: !disabled,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          ...(helperText ? { 'aria-describedby': helperId } : {}),
          ...(placeholder ? { 'data-placeholder': placeholder } : {}),
        },
        // The `{{` completion, when open, takes the arrows, Enter, Tab and Escape before the editor does.
        handleKeyDown: (_view, event) => completionKeys.current?.(event) ?? false,
      },
      onUpdate: ({ editor: current }) => onChangeRef.current?.(htmlOf(current)),
    },
    [schemesKey],
  );

  // A value changed from outside (a reset, a reload) replaces the content without echoing back.
  useEffect(() => {
    if (editor.isDestroyed || value === htmlOf(editor)) return;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled, /* emitUpdate */ false);
  }, [editor, disabled]);

  return (
    <Box>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
        }}
      >
        <Toolbar editor={editor} disabled={disabled} schemes={schemes} />
        <Divider />
        <Box
          sx={{
            px: 1.5,
            '& .ProseMirror': { minHeight, outline: 'none', py: 1, wordBreak: 'break-word' },
            '& .ProseMirror > :first-of-type': { mt: 0 },
            '& .ProseMirror p': { my: 0.75 },
            '& .ProseMirror a': { color: 'primary.main' },
            '& .ProseMirror[data-placeholder]:has(> p:only-child > br:only-child)::before': {
              content: 'attr(data-placeholder)',
              color: 'text.disabled',
              position: 'absolute',
              pointerEvents: 'none',
              mt: 0.75,
            },
          }}
        >
          <EditorContent editor={editor} />
          {parameterNames && (
            <ParameterCompletion editor={editor} names={parameterNames} keyHandlerRef={completionKeys} />
          )}
        </Box>
      </Box>
      {helperText && (
        <FormHelperText id={helperId} error={error} sx={{ mx: 1.75 }}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}

function ToolButton({
  label,
  icon,
  active = false,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactElement;
  active?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active}
          color={active ? 'primary' : 'default'}
          disabled={disabled}
          onClick={onClick}
          // Keep the selection in the editor while pressing a tool.
          onMouseDown={(event) => event.preventDefault()}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Toolbar({ editor, disabled, schemes }: { editor: Editor; disabled: boolean; schemes: string[] }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      level: (HEADING_LEVELS.find((level) => current.isActive('heading', { level })) ?? 0) as
        HeadingLevel | 0,
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      strike: current.isActive('strike'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [linkAnchor, setLinkAnchor] = useState<HTMLElement | null>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const chain = () => editor.chain().focus();

  return (
    <Stack
      ref={toolbarRef}
      direction="row"
      role="toolbar"
      aria-label="Formatting"
      sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.25, px: 0.5, py: 0.5 }}
    >
      <Select
        size="small"
        variant="standard"
        disableUnderline
        value={state.level}
        disabled={disabled}
        inputProps={{ 'aria-label': 'Text style' }}
        onChange={(event) => {
          const level = Number(event.target.value) as HeadingLevel | 0;
          if (level === 0) chain().setParagraph().run();
          else chain().setHeading({ level }).run();
        }}
        sx={{ minWidth: 110, px: 1, fontSize: '0.875rem' }}
      >
        <MenuItem value={0}>Paragraph</MenuItem>
        {HEADING_LEVELS.map((level) => (
          <MenuItem key={level} value={level}>
            Heading {level}
          </MenuItem>
        ))}
      </Select>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton
        label="Bold"
        icon={<FormatBoldIcon fontSize="small" />}
        active={state.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label="Italic"
        icon={<FormatItalicIcon fontSize="small" />}
        active={state.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        label="Strikethrough"
        icon={<StrikethroughSIcon fontSize="small" />}
        active={state.strike}
        disabled={disabled}
        onClick={() => chain().toggleStrike().run()}
      />
      <ToolButton
        label="Bulleted list"
        icon={<FormatListBulletedIcon fontSize="small" />}
        active={state.bulletList}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label="Numbered list"
        icon={<FormatListNumberedIcon fontSize="small" />}
        active={state.orderedList}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label="Link"
        icon={<LinkIcon fontSize="small" />}
        active={state.link}
        disabled={disabled}
        onClick={() => setLinkAnchor(toolbarRef.current)}
      />
      {state.link && (
        <ToolButton
          label="Remove link"
          icon={<LinkOffIcon fontSize="small" />}
          disabled={disabled}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        />
      )}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton
        label="Undo"
        icon={<UndoIcon fontSize="small" />}
        disabled={disabled || !state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label="Redo"
        icon={<RedoIcon fontSize="small" />}
        disabled={disabled || !state.canRedo}
        onClick={() => chain().redo().run()}
      />
      {linkAnchor && (
        <LinkPopover
          anchor={linkAnchor}
          initialHref={(editor.getAttributes('link').href as string | undefined) ?? ''}
          schemes={schemes}
          onClose={() => setLinkAnchor(null)}
          onApply={(href) => {
            const { empty } = editor.state.selection;
            if (empty && !editor.isActive('link'))
              chain()
                .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                .run();
            else chain().extendMarkRange('link').setLink({ href }).run();
            setLinkAnchor(null);
          }}
        />
      )}
    </Stack>
  );
}

function LinkPopover({
  anchor,
  initialHref,
  schemes,
  onApply,
  onClose,
}: {
  anchor: HTMLElement;
  initialHref: string;
  schemes: string[];
  onApply: (href: string) => void;
  onClose: () => void;
}) {
  // Mounted each time it opens, so it starts from the link under the cursor.
  const [href, setHref] = useState(initialHref);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const trimmed = href.trim();
    if (!trimmed) setProblem(t.editor.linkRequired);
    else if (!isAllowedLinkHref(trimmed, schemes)) setProblem(t.editor.linkNotAllowed);
    else onApply(trimmed);
  };

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 2, width: 360, maxWidth: '100%' } } }}
    >
      <Box component="form" onSubmit={submit} noValidate aria-label="Link">
        <TextField
          autoFocus
          fullWidth
          size="small"
          label="Link address"
          placeholder="https://example.com"
          value={href}
          onChange={(event) => {
            setHref(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ?? ' '}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </Stack>
      </Box>
    </Popover>
  );
}
