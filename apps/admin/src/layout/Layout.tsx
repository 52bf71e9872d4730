import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppBar, Layout as RaLayout, TitlePortal, useGetIdentity, useTranslate } from 'react-admin';
import { Menu } from './Menu';
import { SearchBox } from '../search/SearchBox';

function RoleBadge() {
  const { identity } = useGetIdentity();
  const t = useTranslate();
  if (!identity) return null;
  return (
    <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexDirection: 'column', alignItems: 'flex-end', mx: 1, lineHeight: 1.1 }} data-testid="identity">
      <Typography variant="caption" sx={{ opacity: 0.85, border: '1px solid rgba(255,255,255,.4)', borderRadius: 1, px: 1 }} data-testid="identity-role">{t(`app.role.${(identity as { role?: string }).role}`)}</Typography>
    </Box>
  );
}

function ConsoleAppBar() {
  const t = useTranslate();
  return (
    <AppBar>
      <Typography variant="h6" sx={{ fontWeight: 700, fontSize: 16, mx: 1, whiteSpace: 'nowrap' }}>{t('app.title')}</Typography>
      <Box sx={{ mx: 1, opacity: 0.6 }}>|</Box>
      <TitlePortal variant="body1" />
      <SearchBox />
      <RoleBadge />
    </AppBar>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={ConsoleAppBar} menu={Menu}>
      {children}
    </RaLayout>
  );
}
