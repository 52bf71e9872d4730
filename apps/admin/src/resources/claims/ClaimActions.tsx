import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import { useGetIdentity, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { reasonNeededFor, type ClaimStatus } from '@shared/claim-status';
import { API, httpClient } from '../../providers/httpClient';

const R = 'resources.claims';

/** `a < b` for amounts typed as decimals ("3900.5"), compared in halalas as whole numbers, never as floats; null when `a` is no amount. */
export function lessThanAmount(a: string, b: string | number): boolean | null {
  const halalas = (v: string) => {
    const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim());
    return m ? BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null;
  };
  const [x, y] = [halalas(a), halalas(String(b))];
  return x === null || y === null ? null : x < y;
}

/**
 * One button per status the API says the claim may move to next. Starting a review is one click; the moves the API
 * asks a reason for (reject, approve less than asked, pay, move back) open a dialog that will not save without it.
 */
export function TransitionButtons() {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions: role } = usePermissions<string>();
  const [target, setTarget] = useState<ClaimStatus | null>(null);
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || !can(role, 'transition', 'claims')) return null;
  const from = record.status as ClaimStatus;
  const next = (record.next_statuses ?? []) as ClaimStatus[];
  const less = target === 'approved' && amount.trim() !== '' && lessThanAmount(amount, record.requested_amount) === true;
  const needsReason = target !== null && reasonNeededFor(from, target, less) !== null;
  const post = async (status: ClaimStatus) => {
    setBusy(true);
    try {
      const body = {
        status,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(status === 'approved' && amount.trim() ? { approved_amount: amount.trim() } : {}),
      };
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
  // starting a review is the handler's own next step: nothing to explain, so nothing to type
  const oneClick = (s: ClaimStatus) => reasonNeededFor(from, s, false) === null && s !== 'approved';
  const label = (s: string) => t(`${R}.status.${s}`);
  const buttonLabel = (s: ClaimStatus) =>
    s === 'under_review' ? t(from === 'submitted' ? `${R}.actions.start_review` : `${R}.actions.reopen`) : t(`${R}.actions.move_to`, { status: label(s) });
  return (
    <>
      {next.map((s) => (
        <Button
          key={s}
          color={s === 'rejected' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => (oneClick(s) ? void post(s) : setTarget(s))}
          data-testid={`claim-to-${s}`}
        >
          {buttonLabel(s)}
        </Button>
      ))}
      <Dialog open={target !== null} onClose={() => setTarget(null)} fullWidth maxWidth="sm">
        <DialogTitle>{target ? buttonLabel(target) : ''}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          {target === 'approved' && (
            <MuiTextField
              label={t(`${R}.actions.approved_amount`)}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'claim-approved-amount' } }}
            />
          )}
          <MuiTextField
            label={t(`${R}.actions.note`)}
            required={needsReason}
            helperText={t(needsReason ? `${R}.actions.note_help` : `${R}.actions.note_optional`)}
            multiline
            minRows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            sx={{ mt: target === 'approved' ? 0 : 1 }}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'claim-note' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTarget(null)}>{t(`${R}.actions.back`)}</Button>
          <Button variant="contained" disabled={busy || (needsReason && !note.trim())} onClick={() => target && void post(target)} data-testid="claim-confirm">
            {t(`${R}.actions.confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Takes the claim for the signed-in handler, starting its review if nobody has (one action), or gives it back. */
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
      if (mine) await httpClient(`${API}/claims/${record.id}/assign`, { method: 'POST', body: JSON.stringify({ staff_id: null }) });
      else await httpClient(`${API}/claims/${record.id}/take`, { method: 'POST' });
      notify(`${R}.actions.moved`, { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  const label = mine ? `${R}.actions.unassign` : record.status === 'submitted' ? `${R}.actions.take_and_review` : `${R}.actions.assign_to_me`;
  return (
    <Button variant={mine ? 'text' : 'contained'} onClick={run} data-testid="claim-assign">
      {t(label)}
    </Button>
  );
}
