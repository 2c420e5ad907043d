import { createSlice } from '@reduxjs/toolkit';
import { readCookie } from '../../lib/cookies';

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

export interface SidebarState {
  expanded: boolean;
  mobileOpen: boolean;
}

export const sidebarSlice = createSlice({
  name: 'sidebar',
  initialState: (): SidebarState => ({ expanded: readCookie(SIDEBAR_COOKIE) !== 'false', mobileOpen: false }),
  reducers: {
    toggled(state) {
      state.expanded = !state.expanded;
    },
    mobileToggled(state) {
      state.mobileOpen = !state.mobileOpen;
    },
    mobileClosed(state) {
      state.mobileOpen = false;
    },
  },
});

export const {
  toggled: sidebarToggled,
  mobileToggled: mobileSidebarToggled,
  mobileClosed: mobileSidebarClosed,
} = sidebarSlice.actions;

export const selectSidebarExpanded = (state: { sidebar: SidebarState }) => state.sidebar.expanded;
export const selectMobileSidebarOpen = (state: { sidebar: SidebarState }) => state.sidebar.mobileOpen;
