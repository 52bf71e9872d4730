import Cancel from '@mui/icons-material/CancelOutlined';
import { usePermissions, useRecordContext } from 'react-admin';
import { can } from '@shared/permissions';
import { API } from '../providers/httpClient';
import { ReasonActionButton } from './ReasonActionButton';

type CancellableResource = 'property-policies' | 'tpl-policies' | 'life-policies' | 'horse-policies' | 'travel-policies';

/** Active (1) policies may be cancelled; property also cancels an unpaid one (its payment link stops working). */
const activeOnly = (status: number) => status === 1;

/**
 * Cancels a policy with a required reason through `POST /admin/api/<resource>/<id>/cancel` (the API refunds
 * and audits); hidden from roles that may not, and for policies `cancellable` refuses.
 */
export function CancelWithReasonButton({ resource, cancellable = activeOnly }: { resource: CancellableResource; cancellable?: (status: number) => boolean }) {
  const record = useRecordContext();
  const { permissions: role } = usePermissions<string>();
  if (!record || !cancellable(Number(record.status)) || !can(role, 'cancel', resource)) return null;
  const R = `resources.${resource}.actions`;
  return (
    <ReasonActionButton
      url={`${API}/${resource}/${record.id}/cancel`}
      words={{
        action: `${R}.cancel`,
        title: `${R}.cancel_title`,
        help: `${R}.cancel_help`,
        reason: `${R}.reason`,
        back: `${R}.back`,
        confirm: `${R}.confirm`,
        done: `${R}.cancelled`,
      }}
      id={record.id}
      icon={<Cancel />}
      color="error"
      testIds={{ button: 'cancel-policy', reason: 'cancel-reason', confirm: 'cancel-confirm' }}
    />
  );
}
