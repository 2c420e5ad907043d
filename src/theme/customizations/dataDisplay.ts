import type { ThemeOptions } from '@mui/material/styles';

export const dataDisplayCustomizations: ThemeOptions['components'] = {
  MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
  MuiTooltip: { defaultProps: { arrow: true } },
};
