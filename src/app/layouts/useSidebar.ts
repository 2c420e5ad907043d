import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { writeCookie } from '../../lib/cookies';
import { useAppDispatch, useAppSelector } from '../hooks';
import {
  mobileSidebarClosed,
  mobileSidebarToggled,
  selectMobileSidebarOpen,
  selectSidebarExpanded,
  sidebarToggled,
  SIDEBAR_COOKIE,
  SIDEBAR_COOKIE_MAX_AGE,
} from './sidebarSlice';

export const MOBILE_QUERY = '(max-width:768px)';

/** Sidebar state, its 7-day cookie and the Ctrl/Cmd+B shortcut. */
export function useSidebar() {
  const dispatch = useAppDispatch();
  const expanded = useAppSelector(selectSidebarExpanded);
  const mobileOpen = useAppSelector(selectMobileSidebarOpen);
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const toggle = () => dispatch(mobile ? mobileSidebarToggled() : sidebarToggled());

  useEffect(() => {
    writeCookie(SIDEBAR_COOKIE, String(expanded), SIDEBAR_COOKIE_MAX_AGE);
  }, [expanded]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'b' ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey ||
        // Ctrl+B in an editor or a field is the editor's (bold), never the sidebar's.
        isEditable(event.target)
      )
        return;
      event.preventDefault();
      dispatch(mobile ? mobileSidebarToggled() : sidebarToggled());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch, mobile]);

  return {
    expanded,
    mobile,
    mobileOpen,
    open: mobile ? mobileOpen : expanded,
    toggle,
    closeMobile: () => dispatch(mobileSidebarClosed()),
  };
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
