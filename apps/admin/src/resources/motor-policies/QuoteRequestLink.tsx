import { ReferenceField, usePermissions } from 'react-admin';
import { can } from '@shared/permissions';
import { MonoText } from '../../common/fields';

/** A link to the policy's quote request for roles that may read quote requests; the bare id for the others. */
export function QuoteRequestLink({ source }: { source: string; label?: string; sortable?: boolean }) {
  const { permissions: role } = usePermissions<string>();
  if (!can(role, 'read', 'motor-quote-requests')) return <MonoText source={source} />;
  return <ReferenceField source={source} reference="motor-quote-requests" link="show" />;
}
