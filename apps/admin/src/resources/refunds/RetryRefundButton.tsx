import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import Replay from '@mui/icons-material/Replay';
import { useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { API, httpClient } from '../../providers/httpClient';

/** Tries a failed refund again with a required reason (`POST /admin/api/refunds/<id>/retry`); only for roles that may. */
export function RetryRefundButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions: role } = usePermissions<string>();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'failed' || !can(role, 'retry', 'refunds')) return null;
  const run = async () => {
    setBusy(true);
    try {
      await httpClient(`${API}/refunds/${record.id}/retry`, { method: 'POST', body: JSON.stringify({ reason }) });
      notify('resources.refunds.actions.retried', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button startIcon={<Replay />} onClick={() => setOpen(true)} data-testid="retry-refund">{t('resources.refunds.actions.retry')}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('resources.refunds.actions.retry_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('resources.refunds.actions.retry_help')}</DialogContentText>
          <MuiTextField autoFocus fullWidth multiline minRows={2} label={t('resources.refunds.actions.reason')} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'retry-reason' } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('resources.refunds.actions.back')}</Button>
          <Button variant="contained" disabled={busy || !reason.trim()} onClick={run} data-testid="retry-confirm">{t('resources.refunds.actions.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
