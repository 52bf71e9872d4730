import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import { useGetIdentity, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { API, httpClient } from '../../providers/httpClient';

const R = 'resources.claims';

/** One button per status the API says the claim may move to next; every move asks why (the API requires it for a rejection), kept in the history. */
export function TransitionButtons() {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions: role } = usePermissions<string>();
  const [target, setTarget] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || !can(role, 'transition', 'claims')) return null;
  const next = (record.next_statuses ?? []) as string[];
  const run = async () => {
    setBusy(true);
    try {
      const body = { status: target, ...(note.trim() ? { note: note.trim() } : {}), ...(target === 'approved' && amount.trim() ? { approved_amount: amount.trim() } : {}) };
      await httpClient(`${API}/claims/${record.id}/transition`, { method: 'POST', body: JSON.stringify(body) });
      notify(`${R}.actions.moved`, { type: 'success' });
      setTarget(null);
      setNote('');
      setAmount('');
      refresh();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const label = (s: string) => t(`${R}.status.${s}`);
  return (
    <>
      {next.map((s) => (
        <Button key={s} color={s === 'rejected' ? 'error' : 'primary'} onClick={() => setTarget(s)} data-testid={`claim-to-${s}`}>
          {t(`${R}.actions.move_to`, { status: label(s) })}
        </Button>
      ))}
      <Dialog open={target !== null} onClose={() => setTarget(null)} fullWidth maxWidth="sm">
        <DialogTitle>{target ? t(`${R}.actions.move_to`, { status: label(target) }) : ''}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          {target === 'approved' && <MuiTextField label={t(`${R}.actions.approved_amount`)} value={amount} onChange={(e) => setAmount(e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} />}
          <MuiTextField label={t(`${R}.actions.note`)} required helperText={t(`${R}.actions.note_help`)} multiline minRows={2} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'claim-note' } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTarget(null)}>{t(`${R}.actions.back`)}</Button>
          <Button variant="contained" disabled={busy || !note.trim()} onClick={run} data-testid="claim-confirm">{t(`${R}.actions.confirm`)}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Takes the claim (or gives it back) for the signed-in handler. */
export function AssignToMeButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions: role } = usePermissions<string>();
  const { identity } = useGetIdentity();
  if (!record || !identity || !can(role, 'update', 'claims') || !(record.next_statuses as string[] | undefined)?.length) return null;
  const mine = record.assignee_staff_id === identity.id;
  const run = async () => {
    try {
      await httpClient(`${API}/claims/${record.id}/assign`, { method: 'POST', body: JSON.stringify({ staff_id: mine ? null : identity.id }) });
      notify(`${R}.actions.moved`, { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  return <Button onClick={run} data-testid="claim-assign">{t(mine ? `${R}.actions.unassign` : `${R}.actions.assign_to_me`)}</Button>;
}
