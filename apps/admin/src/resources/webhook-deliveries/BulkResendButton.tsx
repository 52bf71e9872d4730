import Replay from '@mui/icons-material/Replay';
import { useListContext } from 'react-admin';
import { ReasonActionButton } from '../../common/ReasonActionButton';
import { API } from '../../providers/httpClient';

const W = 'resources.webhook-deliveries';

/** Resends every selected delivery at once, with one reason (audited for each). */
export function BulkResendButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  return (
    <ReasonActionButton
      url={`${API}/webhook-deliveries/resend`}
      body={{ ids: selectedIds }}
      onDone={() => onUnselectItems()}
      id={selectedIds.length}
      icon={<Replay />}
      words={{
        action: `${W}.actions.resend_selected`,
        title: `${W}.actions.resend_title`,
        help: `${W}.actions.resend_help`,
        reason: `${W}.actions.reason`,
        back: `${W}.actions.back`,
        confirm: `${W}.actions.resend`,
        done: `${W}.notifications.resent_many`,
      }}
      testIds={{ button: 'bulk-resend', reason: 'bulk-resend-reason', confirm: 'bulk-resend-confirm' }}
    />
  );
}
