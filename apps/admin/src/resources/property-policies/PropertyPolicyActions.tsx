import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Sync from '@mui/icons-material/SyncOutlined';
import { usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { useFormat } from '../../common/format';
import { API, httpClient } from '../../providers/httpClient';

const R = 'resources.property-policies';

type Answer = { ok: true; status: string; at: string } | { ok: false; message: string };

/** Asks the insurer live (through the API) and shows its answer on the page, with when it was asked, until asked again. */
export function CheckStatusButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  const { permissions: role } = usePermissions<string>();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  if (!record || !can(role, 'check_status', 'property-policies')) return null;
  const run = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${API}/property-policies/${record.id}/cancellation-status`);
      setAnswer({ ok: true, status: String(json.status), at: new Date().toISOString() });
    } catch (e) {
      setAnswer({ ok: false, message: (e as Error).message || t('ra.notification.http_error') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {answer && (
        <Alert severity={answer.ok ? 'info' : 'error'} sx={{ py: 0 }} data-testid="insurer-status" role="status">
          {answer.ok
            ? `${t(`${R}.actions.status_is`, { status: t(`${R}.cancellation_status.${answer.status}`, { _: answer.status }) })} · ${t(`${R}.actions.checked_at`, { when: f.dateTime(answer.at) })}`
            : answer.message}
        </Alert>
      )}
      <Button startIcon={<Sync />} disabled={busy} onClick={() => void run()} data-testid="check-status">
        {t(`${R}.actions.check_status`)}
      </Button>
    </Box>
  );
}
