import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import PolicyIcon from '@mui/icons-material/DescriptionOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import UndoIcon from '@mui/icons-material/CurrencyExchangeOutlined';
import ClaimIcon from '@mui/icons-material/AssignmentLateOutlined';
import { AppBar, Layout as RaLayout, Logout, Menu as RaMenu, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';

/** Who is signed in and for which partner, at the top of the user menu. */
function MenuIdentity() {
  const { identity } = useGetIdentity();
  const t = useTranslate();
  if (!identity) return null;
  const { role, clientName } = identity as { role?: string; clientName?: string };
  return (
    <Box sx={{ px: 2, pt: 1, pb: 1.5, mb: 0.5, borderBottom: 1, borderColor: 'divider' }} data-testid="menu-identity">
      <Typography variant="body2" sx={{ fontWeight: 600 }} dir="ltr">
        {identity.fullName}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {clientName}
      </Typography>
      <Typography variant="caption" color="text.secondary" data-testid="identity-role">
        {t(`portal.role.${role}`)}
      </Typography>
    </Box>
  );
}

const COMPACT_ON_PHONES = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: { '& button[aria-controls="simple-menu"]': { fontSize: 0, minWidth: 0 } } });

function PortalAppBar() {
  const t = useTranslate();
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <MenuIdentity />
          <Logout />
        </UserMenu>
      }
      sx={COMPACT_ON_PHONES}
    >
      <Typography variant="h6" sx={{ display: { xs: 'none', md: 'block' }, fontWeight: 700, fontSize: 16, mx: 1, whiteSpace: 'nowrap' }}>
        {t('portal.title')}
      </Typography>
      <TitlePortal variant="body1" sx={{ minWidth: 0, mx: 1 }} />
    </AppBar>
  );
}

function PortalMenu() {
  const t = useTranslate();
  return (
    <RaMenu>
      <RaMenu.Item to="/overview" primaryText={t('portal.business.overview')} leftIcon={<InsightsIcon />} data-testid="menu-overview" />
      <RaMenu.Item to="/policies" primaryText={t('portal.business.policies')} leftIcon={<PolicyIcon />} data-testid="menu-policies" />
      <RaMenu.Item to="/payments" primaryText={t('portal.business.payments')} leftIcon={<PaymentsIcon />} data-testid="menu-payments" />
      <RaMenu.Item to="/refunds" primaryText={t('portal.business.refunds')} leftIcon={<UndoIcon />} data-testid="menu-refunds" />
      <RaMenu.Item to="/claims" primaryText={t('portal.business.claims')} leftIcon={<ClaimIcon />} data-testid="menu-claims" />
      <RaMenu.Item to="/" primaryText={t('portal.api.title')} leftIcon={<KeyIcon />} data-testid="menu-api" />
      <RaMenu.Item to="/webhook-endpoints" primaryText={t('portal.webhooks.endpoints')} leftIcon={<WebhookIcon />} data-testid="menu-webhook-endpoints" />
      <RaMenu.Item to="/webhook-deliveries" primaryText={t('portal.webhooks.deliveries')} leftIcon={<OutboxIcon />} data-testid="menu-webhook-deliveries" />
      <RaMenu.Item to="/requests" primaryText={t('portal.requests.title')} leftIcon={<ReceiptIcon />} data-testid="menu-requests" />
      <RaMenu.Item to="/users" primaryText={t('portal.users.title')} leftIcon={<PeopleIcon />} data-testid="menu-users" />
    </RaMenu>
  );
}

const FIT_THE_SCREEN = { minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': { minWidth: 0 } };

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={PortalAppBar} menu={PortalMenu} sx={FIT_THE_SCREEN}>
      {children}
    </RaLayout>
  );
}
