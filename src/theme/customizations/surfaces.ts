import type { ThemeOptions } from '@mui/material/styles';

export const surfacesCustomizations: ThemeOptions['components'] = {
  MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
  MuiCard: { defaultProps: { variant: 'outlined' } },
  MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
};
