import type { ThemeOptions } from '@mui/material/styles';

export const inputsCustomizations: ThemeOptions['components'] = {
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { textTransform: 'none', fontWeight: 600, borderRadius: 8 } },
  },
  MuiButtonBase: {
    styleOverrides: {
      // Keyboard users always see where they are.
      root: ({ theme }) => ({
        '&.Mui-focusVisible': {
          outline: `2px solid ${theme.vars ? theme.vars.palette.primary.main : theme.palette.primary.main}`,
          outlineOffset: 2,
        },
      }),
    },
  },
  MuiTextField: { defaultProps: { variant: 'outlined' } },
  MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 8 } } },
};
