import type { Components, Theme } from '@mui/material/styles';

export const dataDisplayCustomizations: Components<Theme> = {
  MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
  MuiTooltip: { defaultProps: { arrow: true } },
};
