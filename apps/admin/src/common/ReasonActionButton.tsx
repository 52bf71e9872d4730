import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { httpClient } from '../providers/httpClient';

export interface ReasonActionProps {
  /** Where the reason is posted as `{reason}`. */
  url: string;
  /** Translation keys: the button, the dialog's title (with `id`), help, reason label, back, confirm, and the success notice. */
  words: { action: string; title: string; help: string; reason: string; back: string; confirm: string; done: string };
  id: string | number;
  icon: ReactNode;
  color?: 'error' | 'primary';
  /** data-testid of the button, the reason field and the confirm button. */
  testIds: { button: string; reason: string; confirm: string };
  /** More of the request body than the reason (a bulk action's `ids`). */
  body?: Record<string, unknown>;
  /** After success, before the refresh (a bulk action clears its selection). */
  onDone?: () => void;
}

/** A staff action that needs a reason (audited by the API): a button, a dialog asking why, then a refresh. */
export function ReasonActionButton({ url, words, id, icon, color = 'primary', testIds, body, onDone }: ReasonActionProps) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await httpClient(url, { method: 'POST', body: JSON.stringify({ ...body, reason }) });
      notify(words.done, { type: 'success' });
      setOpen(false);
      setReason('');
      onDone?.();
      refresh();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color={color} startIcon={icon} onClick={() => setOpen(true)} data-testid={testIds.button}>
        {t(words.action)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t(words.title, { id })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t(words.help)}</DialogContentText>
          <MuiTextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={t(words.reason)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': testIds.reason } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t(words.back)}</Button>
          <Button color={color} variant="contained" disabled={busy || !reason.trim()} onClick={run} data-testid={testIds.confirm}>
            {t(words.confirm)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
