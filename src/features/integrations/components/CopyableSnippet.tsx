import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { notify } from '../../../lib/notify';
import { messages } from '../messages';

interface CopyableSnippetProps {
  title: string;
  /** Where the snippet goes, e.g. '.github/workflows/plainwright.yml'. */
  fileName: string;
  text: string;
  copyLabel: string;
}

/** A file's text to paste into a repository, with a copy button. */
export function CopyableSnippet({ title, fileName, text, copyLabel }: CopyableSnippetProps) {
  const headingId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(messages.copied);
    } catch {
      notify.error(messages.copyFailed);
    }
  };
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="subtitle1" component="h3">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {fileName}
          </Typography>
        </Box>
        <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {copyLabel}
        </Button>
      </Stack>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={title}
        sx={{
          m: 0,
          p: 1.5,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 13,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'auto',
          maxHeight: '28rem',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}
