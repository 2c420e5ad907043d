import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink, useLocation } from 'react-router';
import { isNavItemActive, navigation, type NavItem } from './navigation';

export const SIDEBAR_WIDTH = '13rem';
export const SIDEBAR_COLLAPSED_WIDTH = '3rem';
export const MOBILE_SIDEBAR_WIDTH = '18rem';
/** The header's height: the drawers start below it. */
export const HEADER_HEIGHT = 56;

interface SidebarProps {
  expanded: boolean;
  mobile: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

function NavLinkItem({
  item,
  expanded,
  onNavigate,
}: {
  item: NavItem;
  expanded: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isNavItemActive(item, pathname);
  const Icon = item.icon;
  const linkProps = item.external
    ? {
        component: 'a' as const,
        href: item.href,
        target: item.href.startsWith('mailto:') ? undefined : '_blank',
        rel: 'noopener noreferrer',
      }
    : { component: RouterLink, to: item.href };
  const button = (
    <ListItemButton
      {...linkProps}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={expanded ? undefined : item.label}
      onClick={onNavigate}
      sx={{ minHeight: 40, px: expanded ? 1.5 : 1.25, justifyContent: expanded ? 'initial' : 'center' }}
    >
      <ListItemIcon sx={{ minWidth: expanded ? 36 : 0, justifyContent: 'center' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {expanded && (
        <ListItemText primary={item.label} slotProps={{ primary: { variant: 'body2', noWrap: true } }} />
      )}
    </ListItemButton>
  );
  return expanded ? (
    button
  ) : (
    <Tooltip title={item.label} placement="right">
      {button}
    </Tooltip>
  );
}

function SidebarNav({ expanded, onNavigate }: { expanded: boolean; onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Main" sx={{ overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
      {navigation.map((group) => (
        <List
          key={group.label}
          dense
          aria-label={group.label}
          sx={{ px: expanded ? 1 : 0.5 }}
          subheader={
            expanded ? (
              <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '32px', px: 1.5 }}>
                {group.label}
              </ListSubheader>
            ) : undefined
          }
        >
          {group.items.map((item) => (
            <NavLinkItem key={item.label} item={item} expanded={expanded} onNavigate={onNavigate} />
          ))}
        </List>
      ))}
    </Box>
  );
}

/** Expanded 13rem or collapsed 3rem on wide screens; an 18rem overlay drawer at 768px and below. */
export function Sidebar({ expanded, mobile, mobileOpen, onMobileClose }: SidebarProps) {
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        slotProps={{ paper: { sx: { width: MOBILE_SIDEBAR_WIDTH } } }}
        data-testid="sidebar"
      >
        {/* The header stays above the drawer (its toggle closes it): the links start below it (issue 28). */}
        <Toolbar
          variant="dense"
          aria-hidden
          data-testid="sidebar-header-offset"
          sx={{ minHeight: HEADER_HEIGHT, flexShrink: 0 }}
        />
        <SidebarNav expanded onNavigate={onMobileClose} />
      </Drawer>
    );
  }
  const width = expanded ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  return (
    <Drawer
      variant="permanent"
      data-testid="sidebar"
      data-state={expanded ? 'expanded' : 'collapsed'}
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          top: HEADER_HEIGHT,
          height: `calc(100% - ${HEADER_HEIGHT}px)`,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
    >
      <SidebarNav expanded={expanded} />
    </Drawer>
  );
}
