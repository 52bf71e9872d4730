import Replay from '@mui/icons-material/Replay';
import { usePermissions, useRecordContext } from 'react-admin';
import { can } from '@shared/permissions';
import { ReasonActionButton } from '../../common/ReasonActionButton';
import { API } from '../../providers/httpClient';

const A = 'resources.refunds.actions';

/** Tries a failed refund again with a required reason (`POST /admin/api/refunds/<id>/retry`); only for roles that may. */
export function RetryRefundButton() {
  const record = useRecordContext();
  const { permissions: role } = usePermissions<string>();
  if (!record || record.status !== 'failed' || !can(role, 'retry', 'refunds')) return null;
  return (
    <ReasonActionButton
      url={`${API}/refunds/${record.id}/retry`}
      words={{
        action: `${A}.retry`,
        title: `${A}.retry_title`,
        help: `${A}.retry_help`,
        reason: `${A}.reason`,
        back: `${A}.back`,
        confirm: `${A}.confirm`,
        done: `${A}.retried`,
      }}
      id={record.id}
      icon={<Replay />}
      testIds={{ button: 'retry-refund', reason: 'retry-reason', confirm: 'retry-confirm' }}
    />
  );
}
