import { createTheme } from '@mui/material/styles';
import { defaultTheme } from 'react-admin';

/** A calm, dense back-office theme; `direction` follows the chosen language. */
export function consoleTheme(direction: 'ltr' | 'rtl') {
  return createTheme({
    ...defaultTheme,
    direction,
    palette: {
      mode: 'light',
      primary: { main: '#0b5cab' },
      secondary: { main: '#12355b' },
      background: { default: '#f4f6f9', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: direction === 'rtl' ? '"Noto Sans Arabic", "Segoe UI", Tahoma, Arial, sans-serif' : '"Inter", "Segoe UI", Roboto, Arial, sans-serif',
      fontSize: 14,
    },
    sidebar: { width: 250, closedWidth: 56 },
    components: {
      ...defaultTheme.components,
      MuiAppBar: { styleOverrides: { root: { backgroundColor: '#12355b' } } },
      MuiButton: { defaultProps: { size: 'small' }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      // every table of records (lists, and those on show pages) scrolls sideways inside its own box on a narrow screen
      RaDataTable: { styleOverrides: { root: { maxWidth: '100%', '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
      // a page's actions (file a claim, check status, cancel) wrap onto a second line on a phone instead of widening the page
      RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap', rowGap: 4, maxWidth: '100%' } } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 700, color: '#334155', backgroundColor: '#f8fafc' } } },
      MuiPaper: { styleOverrides: { elevation1: { boxShadow: '0 1px 2px rgba(15,23,42,.08), 0 1px 3px rgba(15,23,42,.06)' } } },
    },
  } as Parameters<typeof createTheme>[0]);
}
