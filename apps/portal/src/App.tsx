import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { partnerCan } from '@shared/permissions';
import { consoleTheme } from '../../admin/src/theme';
import { ApiManagementPage } from './api/ApiManagementPage';
import { SetPasswordPage } from './auth/SetPasswordPage';
import { ClaimList, ClaimShow } from './business/ClaimList';
import { PaymentList, PaymentShow, RefundList, RefundShow } from './business/MoneyList';
import { OverviewPage } from './business/OverviewPage';
import { PolicyList, PolicyShow } from './business/PolicyList';
import { RequestList } from './requests/RequestList';
import { RequestShow } from './requests/RequestShow';
import { i18nProvider, onLocaleChange, PortalLocale, storedLocale } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { UserInvite } from './users/UserInvite';
import { UsersList } from './users/UsersList';
import { WebhookDeliveryList } from './webhooks/WebhookDeliveryList';
import { WebhookDeliveryShow } from './webhooks/WebhookDeliveryShow';
import { WebhookEndpointCreate } from './webhooks/WebhookEndpointCreate';
import { WebhookEndpointEdit } from './webhooks/WebhookEndpointEdit';
import { WebhookEndpointList } from './webhooks/WebhookEndpointList';
import { WebhookEndpointShow } from './webhooks/WebhookEndpointShow';

const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer as never, rtlPlugin as never] }),
};

/** The partners' portal: the console's stack and theme; Arabic turns it right-to-left. */
export function App() {
  const [locale, setLocale] = useState<PortalLocale>(storedLocale());
  useEffect(() => onLocaleChange(setLocale), []);
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  useLayoutEffect(() => {
    document.documentElement.dir = dir;
    document.documentElement.lang = locale;
  }, [dir, locale]);
  const theme = useMemo(() => consoleTheme(dir), [dir]);

  return (
    <CacheProvider value={caches[dir]}>
      <BrowserRouter basename="/portal">
        <Admin
          title="Partner portal"
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          theme={theme}
          layout={Layout}
          dashboard={ApiManagementPage}
          disableTelemetry
        >
          {/* The invitation link's page: opened before the invitee has a password, so public and outside the layout. */}
          <CustomRoutes noLayout>
            <Route path="/set-password" element={<SetPasswordPage />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/overview" element={<OverviewPage />} />
          </CustomRoutes>
          {(role: string) => [
            <Resource key="policies" name="policies" list={PolicyList} show={PolicyShow} />,
            <Resource key="payments" name="payments" list={PaymentList} show={PaymentShow} />,
            <Resource key="refunds" name="refunds" list={RefundList} show={RefundShow} />,
            <Resource key="claims" name="claims" list={ClaimList} show={ClaimShow} />,
            <Resource key="users" name="users" list={UsersList} create={partnerCan(role, 'manage_users') ? UserInvite : undefined} />,
            <Resource
              key="webhook-endpoints"
              name="webhook-endpoints"
              list={WebhookEndpointList}
              show={WebhookEndpointShow}
              create={partnerCan(role, 'manage_webhooks') ? WebhookEndpointCreate : undefined}
              edit={partnerCan(role, 'manage_webhooks') ? WebhookEndpointEdit : undefined}
              recordRepresentation="url"
            />,
            <Resource key="webhook-deliveries" name="webhook-deliveries" list={WebhookDeliveryList} show={WebhookDeliveryShow} />,
            <Resource key="requests" name="requests" list={RequestList} show={RequestShow} recordRepresentation="request_id" />,
          ]}
        </Admin>
      </BrowserRouter>
    </CacheProvider>
  );
}
