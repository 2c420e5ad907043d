import CodeOutlinedIcon from '@mui/icons-material/CodeOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineOutlinedIcon from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import type { Module } from '../types';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const SHOWN_USERS = 5;

export interface ModuleListItemProps {
  module: Module;
  /** The e-mail of the person who approved the script (the module names them by id). */
  approverName?: string | null;
  /** The person may approve scripts (an org admin or an expert). */
  canApprove: boolean;
  /** An approval call for this module is under way. */
  approving?: boolean;
  onRename: (module: Module) => void;
  onEditScript: (module: Module) => void;
  onDelete: (module: Module) => void;
  onApprove: (module: Module, approved: boolean) => void;
  /** Why the module cannot be edited, renamed or deleted (issue 27: a viewer), or null. */
  locked?: string | null;
}

function UsedBy({ module }: { module: Module }) {
  const links = module.linked_test_cases;
  if (links.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Not used by any test yet
      </Typography>
    );
  const shown = links.slice(0, SHOWN_USERS);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      Used by {links.length === 1 ? '1 test' : `${links.length} tests`}:{' '}
      {shown.map((link, index) => (
        <Fragment key={link._id}>
          {index > 0 ? ', ' : ''}
          <Link component={RouterLink} to={paths.testCaseDetails.getHref(link._id)} underline="hover">
            {link.name}
          </Link>
          {link.usage === 'instructions' ? ' (from its instructions)' : ''}
        </Fragment>
      ))}
      {links.length > SHOWN_USERS ? ` and ${links.length - SHOWN_USERS} more` : ''}
    </Typography>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Approval({ module, approverName }: { module: Module; approverName?: string | null }) {
  if (!module.is_defining_py_script_approved)
    return <Chip size="small" color="warning" variant="outlined" label="Waiting for approval" />;
  // An id nobody on the team has (someone who left) is not worth showing.
  const by =
    approverName ?? (module.approved_by && !UUID.test(module.approved_by) ? module.approved_by : 'an expert');
  const on = module.approved_at ? ` on ${dateFormat.format(new Date(module.approved_at))}` : '';
  return <Chip size="small" color="success" variant="outlined" label={`Approved by ${by}${on}`} />;
}

/** One module: its kind, where it comes from, who uses it, its approval, and what may be done to it. */
export function ModuleListItem({
  module,
  approverName,
  canApprove,
  approving = false,
  onRename,
  onEditScript,
  onDelete,
  onApprove,
  locked = null,
}: ModuleListItemProps) {
  const isScript = module.module_type === 'python_script';
  const source = module.test_case_for_module;
  return (
    <ListItem divider aria-label={module.name} sx={{ alignItems: 'flex-start', gap: 2, py: 1.5 }}>
      <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {module.name}
          </Typography>
          <Chip size="small" label={isScript ? 'Python script' : 'From a test'} />
          {isScript ? <Approval module={module} approverName={approverName} /> : null}
        </Stack>
        {isScript ? null : (
          <Typography variant="body2" color="text.secondary">
            Made from{' '}
            {module.test_case_id ? (
              <Link
                component={RouterLink}
                to={paths.testCaseDetails.getHref(module.test_case_id)}
                underline="hover"
              >
                {source?.name ?? 'its test'}
              </Link>
            ) : (
              'a test that was deleted'
            )}
            {source && source.steps.length > 0
              ? ` · ${source.steps.length === 1 ? '1 step' : `${source.steps.length} steps`}`
              : ''}
          </Typography>
        )}
        <UsedBy module={module} />
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
        {isScript && canApprove ? (
          <Button
            size="small"
            variant={module.is_defining_py_script_approved ? 'text' : 'outlined'}
            disabled={approving}
            onClick={() => onApprove(module, !module.is_defining_py_script_approved)}
          >
            {module.is_defining_py_script_approved ? 'Withdraw approval' : 'Approve'}
          </Button>
        ) : null}
        {isScript ? (
          <Tooltip title={locked ?? 'Edit script'}>
            <span>
              <IconButton
                aria-label={`Edit script of ${module.name}`}
                disabled={locked !== null}
                onClick={() => onEditScript(module)}
              >
                <CodeOutlinedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
        <Tooltip title={locked ?? 'Rename'}>
          <span>
            <IconButton
              aria-label={`Rename ${module.name}`}
              disabled={locked !== null}
              onClick={() => onRename(module)}
            >
              <DriveFileRenameOutlineOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={locked ?? 'Delete'}>
          <span>
            <IconButton
              aria-label={`Delete ${module.name}`}
              disabled={locked !== null}
              onClick={() => onDelete(module)}
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </ListItem>
  );
}
