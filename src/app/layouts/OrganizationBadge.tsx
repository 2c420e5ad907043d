import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Menu from '@mui/material/Menu';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { organizationInitials, organizationMenuItems, useOrganizations } from './OrganizationSwitcher';

const NAME_WIDTH = { sm: 160, md: 220 };
// Below MUI's sm breakpoint (600 px).
const PHONE_QUERY = '(max-width: 599px)';

function Face({ name, switchable }: { name: string; switchable: boolean }) {
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  return (
    <>
      <Avatar
        variant="rounded"
        aria-hidden
        sx={{ width: 28, height: 28, fontSize: 12, fontWeight: 700, bgcolor: 'secondary.main' }}
      >
        {organizationInitials(name)}
      </Avatar>
      {/* On a phone only the initials show; the tooltip and the accessible name carry the full name. */}
      {!phone && (
        <Typography
          variant="body2"
          noWrap
          data-testid="top-bar-organization-name"
          sx={{ maxWidth: NAME_WIDTH, fontWeight: 600 }}
        >
          {name}
        </Typography>
      )}
      {switchable && <UnfoldMoreIcon fontSize="small" sx={{ color: 'text.secondary' }} />}
    </>
  );
}

const faceSx = { display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, borderRadius: 1, px: 0.5 };

/**
 * The organization the person works in, first in the top bar. With several, it opens the same
 * switcher as the user menu (SPEC §2: choosing one makes it current and goes to the dashboard).
 */
export function OrganizationBadge() {
  const { organizations, current, currentId, isLoading, switchTo } = useOrganizations();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!current)
    return isLoading ? (
      <Skeleton variant="rounded" width={120} height={28} aria-label="Loading organization" />
    ) : null;

  const label = `Organization: ${current.name}`;
  if (organizations.length < 2)
    return (
      <Tooltip title={current.name}>
        <Box role="group" aria-label={label} sx={faceSx}>
          <Face name={current.name} switchable={false} />
        </Box>
      </Tooltip>
    );

  return (
    <>
      <Tooltip title={`${current.name} · switch organization`}>
        <ButtonBase
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ ...faceSx, py: 0.25, '&:hover': { bgcolor: 'action.hover' } }}
        >
          <Face name={current.name} switchable />
        </ButtonBase>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 320 } } }}
      >
        {organizationMenuItems(organizations, currentId, (organizationId) => {
          setAnchor(null);
          switchTo(organizationId);
        })}
      </Menu>
    </>
  );
}
