import type { ColorSystemOptions } from '@mui/material/styles';

export const lightScheme: ColorSystemOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#3949ab', light: '#6f74dd', dark: '#00227b', contrastText: '#ffffff' },
    secondary: { main: '#00897b', light: '#4ebaaa', dark: '#005b4f', contrastText: '#ffffff' },
    error: { main: '#c62828' },
    warning: { main: '#b26a00' },
    info: { main: '#0277bd' },
    success: { main: '#2e7d32' },
    background: { default: '#f6f7fb', paper: '#ffffff' },
    divider: 'rgba(15, 23, 42, 0.12)',
    text: { primary: '#0f172a', secondary: '#475569' },
  },
};

export const darkScheme: ColorSystemOptions = {
  palette: {
    mode: 'dark',
    primary: { main: '#8c9eff', light: '#c0cfff', dark: '#5870cb', contrastText: '#0b1020' },
    secondary: { main: '#4db6ac', light: '#82e9de', dark: '#00867d', contrastText: '#0b1020' },
    error: { main: '#ef5350' },
    warning: { main: '#ffb74d' },
    info: { main: '#4fc3f7' },
    success: { main: '#66bb6a' },
    background: { default: '#0b1020', paper: '#131a2e' },
    divider: 'rgba(226, 232, 240, 0.12)',
    text: { primary: '#e2e8f0', secondary: '#94a3b8' },
  },
};
