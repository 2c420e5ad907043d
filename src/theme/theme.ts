import { createTheme } from '@mui/material/styles';
import { dataDisplayCustomizations } from './customizations/dataDisplay';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';
import { darkScheme, lightScheme } from './palette';

/** Where the colour-scheme choice (light, dark, system) is kept in localStorage. */
export const COLOR_SCHEME_STORAGE_KEY = 'color_scheme';

// NOTE: the scheme selector is an attribute, so any subtree can force a scheme (the styles page shows both).
export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
  colorSchemes: { light: lightScheme, dark: darkScheme },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 600, fontSize: '1.75rem' },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600, fontSize: '1.05rem' },
  },
  components: {
    ...inputsCustomizations,
    ...surfacesCustomizations,
    ...navigationCustomizations,
    ...dataDisplayCustomizations,
  },
});
