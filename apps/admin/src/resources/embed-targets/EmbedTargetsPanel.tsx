import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Confirm, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { useFormat } from '../../common/format';
import { API, httpClient } from '../../providers/httpClient';

interface EmbedTarget {
  id: string;
  kind: 'origin' | 'app';
  value: string;
  created_at: string;
}

/** The client's embed sites and app links: everyone reading clients sees them; roles that update clients add and remove. */
export function EmbedTargetsPanel() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  const notify = useNotify();
  const { permissions: role } = usePermissions<string>();
  const [rows, setRows] = useState<EmbedTarget[] | null>(null);
  const [kind, setKind] = useState<'origin' | 'app'>('origin');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<EmbedTarget | null>(null);
  const id = record ? String(record.id) : null;
  const base = id ? `${API}/clients/${id}/embed-targets` : null;
  const editable = can(role, 'update', 'clients');

  const load = useCallback(async () => {
    if (!base) return;
    const { json } = await httpClient(base);
    setRows(json as EmbedTarget[]);
  }, [base]);
  useEffect(() => {
    load().catch((e) => notify((e as Error).message, { type: 'error' }));
  }, [load, notify]);

  if (!base) return null;

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await httpClient(base, { method: 'POST', body: JSON.stringify({ kind, value }) });
      setValue('');
      notify('embed_targets.notifications.added', { type: 'success' });
      await load();
    } catch (err) {
      const body = (err as { body?: { details?: Record<string, string[]>; message?: string } }).body;
      setError(body?.details ? Object.values(body.details).flat().join(' ') : (err as Error).message);
    }
  };

  const remove = async (target: EmbedTarget) => {
    setRemoving(null);
    try {
      await httpClient(`${base}/${target.id}`, { method: 'DELETE' });
      notify('embed_targets.notifications.removed', { type: 'success' });
      await load();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  return (
    <Box sx={{ mb: 3 }} data-testid="embed-targets">
      <Typography variant="overline" component="h2" color="text.secondary" sx={{ fontWeight: 700 }}>
        {t('embed_targets.title')}
      </Typography>
      <Divider sx={{ mb: 1 }} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('embed_targets.intro')}
      </Typography>
      {rows && rows.length === 0 && (
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('embed_targets.empty')}
        </Typography>
      )}
      {rows && rows.length > 0 && (
        <Table size="small" aria-label={t('embed_targets.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('embed_targets.kind')}</TableCell>
              <TableCell>{t('embed_targets.value')}</TableCell>
              <TableCell>{t('embed_targets.added')}</TableCell>
              {editable && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid="embed-target">
                <TableCell>{t(`embed_targets.kinds.${row.kind}`)}</TableCell>
                <TableCell dir="ltr" sx={{ fontFamily: 'monospace', textAlign: 'start' }}>
                  {row.value}
                </TableCell>
                <TableCell>{f.dateTime(row.created_at)}</TableCell>
                {editable && (
                  <TableCell align="right">
                    <IconButton aria-label={`${t('embed_targets.remove')} ${row.value}`} onClick={() => setRemoving(row)} size="small">
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editable && (
        <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 2 }}>
          <TextField
            select
            size="small"
            label={t('embed_targets.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as 'origin' | 'app')}
            sx={{ flex: '0 0 180px' }}
            inputProps={{ 'data-testid': 'embed-target-kind' }}
          >
            <MenuItem value="origin">{t('embed_targets.kinds.origin')}</MenuItem>
            <MenuItem value="app">{t('embed_targets.kinds.app')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            required
            label={t('embed_targets.value')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? t(kind === 'origin' ? 'embed_targets.value_help_origin' : 'embed_targets.value_help_app')}
            sx={{ flex: '1 1 280px' }}
            inputProps={{ dir: 'ltr', name: 'embed_target_value', 'data-testid': 'embed-target-value' }}
          />
          <Button type="submit" variant="contained" data-testid="embed-target-add">
            {t('embed_targets.add')}
          </Button>
        </Box>
      )}
      <Confirm
        isOpen={Boolean(removing)}
        title={t('embed_targets.remove_title', { value: removing?.value ?? '' })}
        content={t('embed_targets.remove_confirm')}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove(removing)}
      />
    </Box>
  );
}
