import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatSize, type RunArtifact } from '../types';
import { useArtifactDownload } from '../useArtifactDownload';

const KIND_ICONS = {
  trace: <TimelineOutlinedIcon />,
  log: <DescriptionOutlinedIcon />,
  screenshot: <ImageOutlinedIcon />,
} as const;

const KIND_LABELS = { trace: 'Playwright trace', log: 'Log', screenshot: 'Screenshot' } as const;

/** The run's files (trace, log, screenshots), each to download through a fresh signed link. */
export function ArtifactList({ runId, artifacts }: { runId: string; artifacts: readonly RunArtifact[] }) {
  const { download, pending } = useArtifactDownload(runId);
  if (artifacts.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No files yet: they are stored when the run ends.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Files of the run">
      {artifacts.map((artifact) => (
        <ListItem
          key={artifact.name}
          disableGutters
          secondaryAction={
            <Button
              size="small"
              startIcon={<DownloadOutlinedIcon />}
              onClick={() => void download(artifact.name)}
              disabled={pending === artifact.name}
              aria-label={`Download ${artifact.name}`}
            >
              {pending === artifact.name ? 'Preparing…' : 'Download'}
            </Button>
          }
        >
          <ListItemIcon sx={{ minWidth: 36 }}>{KIND_ICONS[artifact.kind]}</ListItemIcon>
          <ListItemText
            primary={artifact.name}
            secondary={`${KIND_LABELS[artifact.kind]} · ${formatSize(artifact.size)}`}
            slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
