import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { UserMenu } from './UserMenu';

interface HeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

const shortcut =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘B' : 'Ctrl+B';

export function Header({ sidebarOpen, onToggleSidebar }: HeaderProps) {
  return (
    <AppBar
      position="fixed"
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar variant="dense" sx={{ minHeight: 56, gap: 1, px: { xs: 1, sm: 2 } }}>
        <Tooltip title={`Toggle sidebar (${shortcut})`}>
          <IconButton
            edge="start"
            aria-label="Toggle sidebar"
            aria-expanded={sidebarOpen}
            onClick={onToggleSidebar}
          >
            {sidebarOpen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Typography
          component={RouterLink}
          to={paths.dashboard.getHref()}
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
        >
          {env.appName}
        </Typography>
        <Chip
          label={`v${env.version}`}
          size="small"
          variant="outlined"
          aria-label={`Version ${env.version}`}
        />
        <Box sx={{ flexGrow: 1 }} />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
