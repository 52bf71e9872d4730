import { ComponentType, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { can } from '@shared/permissions';
import { Dashboard } from './dashboard/Dashboard';
import { ConsoleLocale, i18nProvider, onLocaleChange, storedLocale } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { RESOURCES } from './resources';
import { SearchPage } from './search/SearchPage';
import { consoleTheme } from './theme';

const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer as never, rtlPlugin as never] }),
};

/** Arabic turns the whole console right-to-left: document dir, MUI theme direction and an RTL emotion cache. */
export function App() {
  const [locale, setLocale] = useState<ConsoleLocale>(storedLocale());
  useEffect(() => onLocaleChange(setLocale), []);
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  useLayoutEffect(() => {
    document.documentElement.dir = dir;
    document.documentElement.lang = locale;
  }, [dir, locale]);
  const theme = useMemo(() => consoleTheme(dir), [dir]);

  return (
    <CacheProvider value={caches[dir]}>
      {/* Real paths under /admin (the API answers index.html for them), not #/ hashes. */}
      <BrowserRouter basename="/admin">
        <Admin
          title="Insurance Console"
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          theme={theme}
          layout={Layout}
          dashboard={Dashboard}
          requireAuth
          disableTelemetry
        >
          {(role: string) => [
            <CustomRoutes key="custom-routes">{can(role, 'read', 'search') && <Route path="/search" element={<SearchPage />} />}</CustomRoutes>,
            ...RESOURCES.filter((r) => can(role, 'read', r.name)).map((r) => (
              <Resource
                key={r.name}
                name={r.name}
                list={r.list}
                show={'show' in r ? (r.show as ComponentType) : undefined}
                create={'create' in r && can(role, 'create', r.name) ? (r.create as ComponentType) : undefined}
                edit={'edit' in r && can(role, 'update', r.name) ? (r.edit as ComponentType) : undefined}
                icon={r.icon}
                recordRepresentation={r.recordRepresentation}
              />
            )),
          ]}
        </Admin>
      </BrowserRouter>
    </CacheProvider>
  );
}
