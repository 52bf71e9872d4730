import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import Cancel from '@mui/icons-material/CancelOutlined';
import { useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { API, httpClient } from '../providers/httpClient';

type CancellableResource = 'property-policies' | 'tpl-policies' | 'life-policies' | 'horse-policies' | 'travel-policies';

/** Active (1) policies may be cancelled; property also cancels an unpaid one (its payment link stops working). */
const activeOnly = (status: number) => status === 1;

/**
 * Cancels a policy with a required reason through `POST /admin/api/<resource>/<id>/cancel` (the API refunds
 * and audits); hidden from roles that may not, and for policies `cancellable` refuses.
 */
export function CancelWithReasonButton({ resource, cancellable = activeOnly }: { resource: CancellableResource; cancellable?: (status: number) => boolean }) {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions: role } = usePermissions<string>();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const R = `resources.${resource}`;
  if (!record || !cancellable(Number(record.status)) || !can(role, 'cancel', resource)) return null;
  const run = async () => {
    setBusy(true);
    try {
      await httpClient(`${API}/${resource}/${record.id}/cancel`, { method: 'POST', body: JSON.stringify({ reason }) });
      notify(`${R}.actions.cancelled`, { type: 'success' });
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
      <Button color="error" startIcon={<Cancel />} onClick={() => setOpen(true)} data-testid="cancel-policy">{t(`${R}.actions.cancel`)}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t(`${R}.actions.cancel_title`, { id: record.id })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t(`${R}.actions.cancel_help`)}</DialogContentText>
          <MuiTextField autoFocus fullWidth multiline minRows={2} label={t(`${R}.actions.reason`)} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'cancel-reason' } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t(`${R}.actions.back`)}</Button>
          <Button color="error" variant="contained" disabled={busy || !reason.trim()} onClick={run} data-testid="cancel-confirm">{t(`${R}.actions.confirm`)}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
