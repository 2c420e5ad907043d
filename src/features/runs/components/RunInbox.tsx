import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type InboxMail, useGetRunInboxQuery } from '../inboxApi';

/** How often the list is read again while the run goes on (mail may arrive at any step). */
const RUNNING_POLL_MS = 3000;

function receivedAt(mail: InboxMail): string {
  const date = new Date(mail.received_at);
  return Number.isNaN(date.getTime()) ? mail.received_at : date.toLocaleTimeString();
}

/**
 * The e-mail the application under test sent to the run's {{inbox}} address (issue 32), newest first:
 * subject, sender and time, and a message's words when it is picked. Never its HTML: the sender's markup
 * is not ours to render. The run's secrets arrive hidden.
 */
export function RunInbox({ runId, running }: { runId: string; running: boolean }) {
  const { data, error, isLoading, refetch } = useGetRunInboxQuery(runId, {
    pollingInterval: running ? RUNNING_POLL_MS : 0,
  });
  const [open, setOpen] = useState<string | null>(null);

  if (isLoading)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={16} />
        <Typography variant="body2" color="text.secondary">
          Reading the run's inbox…
        </Typography>
      </Box>
    );
  if (error || !data)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        The run's e-mail could not be read.
      </Alert>
    );
  if (data.mails.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No e-mail came to <code>{data.address}</code>
        {running ? ' yet.' : '.'}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        Sent to <code>{data.address}</code>, newest first.
      </Typography>
      <List dense disablePadding aria-label="E-mail of the run">
        {data.mails.map((mail) => {
          const shown = open === mail.id;
          return (
            <li key={mail.id}>
              <ListItemButton
                selected={shown}
                aria-expanded={shown}
                onClick={() => setOpen(shown ? null : mail.id)}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <EmailOutlinedIcon />
                </ListItemIcon>
                <ListItemText
                  primary={mail.subject || '(no subject)'}
                  secondary={`${mail.from || 'unknown sender'} · ${receivedAt(mail)}`}
                />
              </ListItemButton>
              {shown && (
                <Box
                  component="pre"
                  aria-label={`The e-mail "${mail.subject}"`}
                  sx={{
                    m: 0,
                    ml: 6,
                    p: 1,
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                    fontFamily: 'inherit',
                    fontSize: 'body2.fontSize',
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                  }}
                >
                  {mail.text || '(no text)'}
                </Box>
              )}
            </li>
          );
        })}
      </List>
    </Box>
  );
}
