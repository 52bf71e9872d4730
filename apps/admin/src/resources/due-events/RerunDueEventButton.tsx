import Replay from '@mui/icons-material/Replay';
import { usePermissions, useRecordContext } from 'react-admin';
import { can } from '@shared/permissions';
import { ReasonActionButton } from '../../common/ReasonActionButton';
import { API } from '../../providers/httpClient';

const A = 'resources.due-events.actions';

/**
 * Runs a failed due event again with a required reason (`POST /admin/api/due-events/<id>/rerun`); only for roles
 * that may. In a list row, its clicks (the dialog's too: React carries them through the portal) do not open the row.
 */
export function RerunDueEventButton() {
  const record = useRecordContext();
  const { permissions: role } = usePermissions<string>();
  if (!record || record.state !== 'failed' || !can(role, 'retry', 'due-events')) return null;
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <ReasonActionButton
        url={`${API}/due-events/${record.id}/rerun`}
        words={{
          action: `${A}.rerun`,
          title: `${A}.rerun_title`,
          help: `${A}.rerun_help`,
          reason: `${A}.reason`,
          back: `${A}.back`,
          confirm: `${A}.confirm`,
          done: `${A}.rerun_done`,
        }}
        id={record.id}
        icon={<Replay />}
        testIds={{ button: 'rerun-due-event', reason: 'rerun-reason', confirm: 'rerun-confirm' }}
      />
    </span>
  );
}
