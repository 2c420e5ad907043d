import CheckIcon from '@mui/icons-material/Check';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import SettingsBrightnessOutlinedIcon from '@mui/icons-material/SettingsBrightnessOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../config/locale';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { useGetAdminAccessQuery, useSignOutMutation } from '../../features/auth/api';
import { ProfileDialog } from '../../features/auth/components/ProfileDialog';
import { selectCurrentUser } from '../../features/auth/selectors';
import { useAppSelector } from '../hooks';
import { organizationMenuItems, useOrganizations } from './OrganizationSwitcher';

type Mode = 'light' | 'dark' | 'system';

const modes: { mode: Mode; label: string; icon: ReactElement }[] = [
  { mode: 'light', label: 'Light', icon: <LightModeOutlinedIcon fontSize="small" /> },
  { mode: 'dark', label: 'Dark', icon: <DarkModeOutlinedIcon fontSize="small" /> },
  { mode: 'system', label: 'System', icon: <SettingsBrightnessOutlinedIcon fontSize="small" /> },
];

const initialsOf = (email: string, firstName: string, lastName: string) =>
  (firstName && lastName ? `${firstName[0]}${lastName[0]}` : email.slice(0, 2)).toUpperCase();

export function UserMenu() {
  const user = useAppSelector(selectCurrentUser);
  const {
    organizations,
    current,
    currentId: currentOrganizationId,
    switchTo: switchOrganization,
  } = useOrganizations();
  const { data: isSuperAdmin = false } = useGetAdminAccessQuery();
  const [signOut] = useSignOutMutation();
  const { mode, setMode } = useColorScheme();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const menuId = useId();
  if (!user) return null;

  const close = () => setAnchor(null);

  const switchTo = (organizationId: string) => {
    close();
    switchOrganization(organizationId);
  };

  const logOut = async () => {
    close();
    const result = await signOut();
    if ('error' in result) notify.error(t.auth.signOutFailed);
    else void navigate(paths.auth.start.getHref(), { replace: true });
  };

  const organizationItems =
    organizations.length > 1
      ? organizationMenuItems(organizations, currentOrganizationId, switchTo)
      : [
          <Box key="org-name" component="li" role="presentation" sx={{ px: 2, pb: 1 }}>
            <Typography variant="caption" color="text.secondary">
              Organization
            </Typography>
            <Typography variant="body2" data-testid="organization-name">
              {current?.name ?? '—'}
            </Typography>
          </Box>,
        ];

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <Avatar
          src={user.avatar ?? undefined}
          alt=""
          sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}
        >
          {initialsOf(user.email, user.firstName, user.lastName)}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 320 } } }}
      >
        <Box key="identity" component="li" role="presentation" sx={{ px: 2, pt: 1, pb: 1 }}>
          <Typography variant="caption" color="text.secondary">
            Signed in as
          </Typography>
          <Typography variant="body2" noWrap title={user.email} sx={{ fontWeight: 600 }}>
            {user.email}
          </Typography>
          {isSuperAdmin && <Chip label="Super admin" size="small" color="secondary" sx={{ mt: 0.5 }} />}
        </Box>
        {organizationItems}
        <Divider key="divider-1" />
        <MenuItem
          key="profile"
          onClick={() => {
            close();
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <PersonOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Profile</ListItemText>
        </MenuItem>
        <MenuItem
          key="change-password"
          onClick={() => {
            close();
            void navigate(paths.auth.setNewPassword.getHref());
          }}
        >
          <ListItemIcon>
            <LockResetOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Change Password</ListItemText>
        </MenuItem>
        <ListSubheader key="theme-header">Theme</ListSubheader>
        {modes.map((option) => (
          <MenuItem
            key={option.mode}
            selected={mode === option.mode}
            onClick={() => setMode(option.mode)}
            role="menuitemradio"
            aria-checked={mode === option.mode}
          >
            <ListItemIcon>{option.icon}</ListItemIcon>
            <ListItemText>{option.label}</ListItemText>
            {mode === option.mode && <CheckIcon fontSize="small" color="primary" />}
          </MenuItem>
        ))}
        <Divider key="divider-2" />
        <MenuItem key="logout" onClick={() => void logOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
      <ProfileDialog open={profileOpen} user={user} onClose={() => setProfileOpen(false)} />
    </>
  );
}
