import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import { t } from '../../../config/locale';
import { useGetTestSuitesQuery } from '../api';
import { CreateSuiteDialog } from './CreateSuiteDialog';

interface SuiteSelectorProps {
  organizationId: string | null;
  selectedSuiteId: string | null;
  onSelect: (suiteId: string) => void;
}

/** The top bar's project dropdown: 'Create project' on top, then the organization's suites. */
export function SuiteSelector({ organizationId, selectedSuiteId, onSelect }: SuiteSelectorProps) {
  const {
    data: suites = [],
    isLoading,
    isError,
    refetch,
  } = useGetTestSuitesQuery(organizationId ?? skipToken);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const menuId = useId();
  const selected = suites.find(({ id }) => id === selectedSuiteId);

  if (isLoading) return <Skeleton variant="rounded" width={160} height={32} aria-label="Loading projects" />;

  const label = selected?.name ?? (suites.length === 0 ? 'No projects' : 'Select project');
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<FolderOutlinedIcon fontSize="small" />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`Project: ${label}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ maxWidth: { xs: 150, sm: 240 }, justifyContent: 'space-between', borderColor: 'divider' }}
      >
        <span title={label} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {label}
        </span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ paper: { sx: { maxWidth: 360 } } }}
      >
        <MenuItem
          onClick={() => {
            close();
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Create project</ListItemText>
        </MenuItem>
        <Divider />
        {isError && (
          <MenuItem onClick={() => void refetch()}>
            <ListItemText primary={t.suites.fetchFailed} secondary="Select to retry" />
          </MenuItem>
        )}
        {!isError && suites.length === 0 && (
          <MenuItem disabled>
            <ListItemText>No projects yet</ListItemText>
          </MenuItem>
        )}
        {suites.map((suite) => (
          <MenuItem
            key={suite.id}
            selected={suite.id === selectedSuiteId}
            onClick={() => {
              close();
              if (suite.id !== selectedSuiteId) onSelect(suite.id);
            }}
          >
            <ListItemIcon>{suite.id === selectedSuiteId && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText slotProps={{ primary: { noWrap: true, title: suite.name } }}>
              {suite.name}
            </ListItemText>
          </MenuItem>
        ))}
      </Menu>
      <CreateSuiteDialog
        open={creating}
        organizationId={organizationId}
        onClose={() => setCreating(false)}
        onCreated={onSelect}
      />
    </>
  );
}
