import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import type { MouseEvent } from 'react';
import { useGetTraceQuery } from '../api';
import { messages } from '../messages';

interface TraceLinkProps {
  testCaseId: string;
  stepIndex: number;
  /** A step's trace exists once its generation has ended. */
  available: boolean;
}

/** 'Open trace': Playwright's trace viewer, served by us, on the step's trace in a new tab. */
export function TraceLink({ testCaseId, stepIndex, available }: TraceLinkProps) {
  const { data, isFetching, isError, refetch } = useGetTraceQuery(
    { testCaseId, stepIndex },
    { skip: !available, refetchOnMountOrArgChange: true },
  );
  if (!available) return null;
  if (isError)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="error">
          {messages.traceFailed}
        </Typography>
        <Button size="small" onClick={() => void refetch()}>
          Retry
        </Button>
      </Stack>
    );

  // The link is signed and short-lived: one that expired is signed again before the tab opens.
  const openFresh = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!data || Date.parse(data.expires_at) > Date.now()) return;
    event.preventDefault();
    const tab = window.open('about:blank', '_blank');
    const fresh = await refetch();
    if (tab && fresh.data) {
      tab.opener = null;
      tab.location.href = fresh.data.viewer_url;
    } else tab?.close();
  };

  return (
    <Button
      size="small"
      component="a"
      href={data?.viewer_url}
      target="_blank"
      rel="noopener noreferrer"
      disabled={!data || isFetching}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => void openFresh(event)}
      startIcon={<OpenInNewIcon />}
    >
      {data ? 'Open trace' : 'Preparing trace…'}
    </Button>
  );
}
