import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { AppBar, Layout as RaLayout, Logout, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { Menu } from './Menu';
import { SearchBox } from '../search/SearchBox';

function RoleBadge() {
  const { identity } = useGetIdentity();
  const t = useTranslate();
  if (!identity) return null;
  return (
    <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexDirection: 'column', alignItems: 'flex-end', mx: 1, lineHeight: 1.1 }} data-testid="identity">
      <Typography variant="caption" sx={{ opacity: 0.85, border: '1px solid rgba(255,255,255,.4)', borderRadius: 1, px: 1 }} data-testid="identity-role">
        {t(`app.role.${(identity as { role?: string }).role}`)}
      </Typography>
    </Box>
  );
}

/** Who is signed in, at the top of the user menu: on a phone the app bar has no room for the name and role. */
function MenuIdentity() {
  const { identity } = useGetIdentity();
  const t = useTranslate();
  if (!identity) return null;
  return (
    <Box sx={{ px: 2, pt: 1, pb: 1.5, mb: 0.5, borderBottom: 1, borderColor: 'divider' }} data-testid="menu-identity">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {identity.fullName}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t(`app.role.${(identity as { role?: string }).role}`)}
      </Typography>
    </Box>
  );
}

function ConsoleUserMenu() {
  return (
    <UserMenu>
      <MenuIdentity />
      <Logout />
    </UserMenu>
  );
}

/** On a phone the language button shows its icon only (the name stays for screen readers), leaving room for the page title. */
const COMPACT_ON_PHONES = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: { '& button[aria-controls="simple-menu"]': { fontSize: 0, minWidth: 0 } } });

function ConsoleAppBar() {
  const t = useTranslate();
  return (
    <AppBar userMenu={<ConsoleUserMenu />} sx={COMPACT_ON_PHONES}>
      {/* On a phone the page's title alone, so the language and user menus stay on screen. */}
      <Typography variant="h6" sx={{ display: { xs: 'none', md: 'block' }, fontWeight: 700, fontSize: 16, mx: 1, whiteSpace: 'nowrap' }}>
        {t('app.title')}
      </Typography>
      <Box sx={{ display: { xs: 'none', md: 'block' }, mx: 1, opacity: 0.6 }}>|</Box>
      <TitlePortal variant="body1" sx={{ minWidth: 0, mx: 1 }} />
      <SearchBox />
      <RoleBadge />
    </AppBar>
  );
}

/**
 * react-admin's layout is at least as wide as its content (`fit-content`) and its flex boxes too (`min-width: auto`): held
 * to the screen, so a wide table scrolls in its own box (ListTable) and a phone's page never scrolls sideways.
 */
const FIT_THE_SCREEN = { minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main, & .RaShow-main, & .RaShow-card': { minWidth: 0 } };

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={ConsoleAppBar} menu={Menu} sx={FIT_THE_SCREEN}>
      {children}
    </RaLayout>
  );
}
