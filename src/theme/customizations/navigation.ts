import { alpha, type ThemeOptions } from '@mui/material/styles';

export const navigationCustomizations: ThemeOptions['components'] = {
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => {
        const primary = theme.vars ? theme.vars.palette.primary.main : theme.palette.primary.main;
        const selectedBackground = theme.vars
          ? `rgba(${theme.vars.palette.primary.mainChannel} / 0.12)`
          : alpha(theme.palette.primary.main, 0.12);
        return {
          borderRadius: 8,
          '&.Mui-selected': {
            backgroundColor: selectedBackground,
            color: primary,
            '& .MuiListItemIcon-root': { color: primary },
          },
        };
      },
    },
  },
  MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
  MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  MuiLink: { defaultProps: { underline: 'hover' } },
};
