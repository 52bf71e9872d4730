import { Menu as RaMenu, usePermissions, useTranslate } from 'react-admin';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { can } from '@shared/permissions';
import { RESOURCES } from '../resources';

/** Only what the signed-in role may read; the same can() the API enforces. */
export function Menu() {
  const { permissions: role } = usePermissions<string>();
  const t = useTranslate();
  return (
    <RaMenu>
      {can(role, 'read', 'dashboard') && <RaMenu.DashboardItem leftIcon={<DashboardIcon />} />}
      {can(role, 'read', 'search') && <RaMenu.Item to="/search" primaryText={t('search.title')} leftIcon={<SearchIcon />} />}
      {RESOURCES.filter((r) => can(role, 'read', r.name)).map((r) => (
        <RaMenu.ResourceItem key={r.name} name={r.name} />
      ))}
    </RaMenu>
  );
}
