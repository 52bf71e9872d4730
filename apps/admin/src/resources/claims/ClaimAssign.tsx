import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import { useDataProvider, useGetIdentity, useListContext, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import type { ConsoleDataProvider } from '../../providers/dataProvider';

const R = 'resources.claims';

/** Active colleagues who may handle claims (the API's list, the same it checks an assignment against). */
function useHandlers(enabled: boolean) {
  const dp = useDataProvider<ConsoleDataProvider>();
  return useQuery({ queryKey: ['claims', 'handlers'], queryFn: () => dp.claimHandlers(), enabled, staleTime: 60_000 });
}

/** Gives claims to yourself or to a chosen colleague, through the bulk endpoint (all or nothing, each audited). */
function useAssign(ids: Array<string | number>, done: () => void) {
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (staffId: string, reason?: string) => {
    setBusy(true);
    try {
      await dp.assignClaims(ids, staffId, reason);
      notify(`${R}.actions.assigned`, { type: 'success', messageArgs: { smart_count: ids.length } });
      done();
      refresh();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

function AssignToColleagueDialog({ open, onClose, ids, done }: { open: boolean; onClose: () => void; ids: Array<string | number>; done: () => void }) {
  const t = useTranslate();
  const { identity } = useGetIdentity();
  // "Take" is for oneself: the dialog offers the others
  const handlers = (useHandlers(open).data ?? []).filter((h) => h.id !== identity?.id);
  const [staffId, setStaffId] = useState('');
  const [reason, setReason] = useState('');
  const { run, busy } = useAssign(ids, () => {
    setStaffId('');
    setReason('');
    onClose();
    done();
  });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t(`${R}.actions.assign_title`, { smart_count: ids.length })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <MuiTextField
          select
          label={t(`${R}.actions.colleague`)}
          value={staffId}
          onChange={(e) => setStaffId(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'claim-colleague' } }}
        >
          {handlers.map((h) => (
            <MenuItem key={h.id} value={h.id}>
              {h.name} <bdi style={{ opacity: 0.6, marginInlineStart: 8 }}>{h.email}</bdi>
            </MenuItem>
          ))}
        </MuiTextField>
        <MuiTextField
          label={t(`${R}.actions.reason`)}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${R}.actions.back`)}</Button>
        <Button variant="contained" disabled={busy || !staffId} onClick={() => run(staffId, reason.trim() || undefined)} data-testid="claim-assign-confirm">
          {t(`${R}.actions.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** On a claim's page: give it to a colleague. */
export function AssignToColleagueButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const [open, setOpen] = useState(false);
  if (!record || !can(role, 'update', 'claims') || !(record.next_statuses as string[] | undefined)?.length) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="claim-assign-colleague">
        {t(`${R}.actions.assign_to_colleague`)}
      </Button>
      <AssignToColleagueDialog open={open} onClose={() => setOpen(false)} ids={[record.id]} done={() => undefined} />
    </>
  );
}

/** The list's bulk actions: take the selected claims, or give them to a colleague (only for roles that may assign). */
export function ClaimBulkActions() {
  const t = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const { identity } = useGetIdentity();
  const [open, setOpen] = useState(false);
  const { run, busy } = useAssign(selectedIds, () => onUnselectItems());
  return (
    <>
      <Button size="small" disabled={busy || !identity} onClick={() => identity && run(String(identity.id))} data-testid="claims-bulk-take">
        {t(`${R}.actions.take_selected`)}
      </Button>
      <Button size="small" onClick={() => setOpen(true)} data-testid="claims-bulk-assign">
        {t(`${R}.actions.assign_to_colleague`)}
      </Button>
      <AssignToColleagueDialog open={open} onClose={() => setOpen(false)} ids={selectedIds} done={() => onUnselectItems()} />
    </>
  );
}
