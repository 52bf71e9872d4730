import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Key from '@mui/icons-material/KeyOutlined';
import Block from '@mui/icons-material/BlockOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutline';
import Inventory from '@mui/icons-material/Inventory2Outlined';
import { Confirm, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { PRODUCTS } from '@shared/products';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { SecretDialog } from './SecretDialog';

function useClientAction() {
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return { dp, notify, refresh, fail: (e: unknown) => notify((e as Error).message || 'ra.notification.http_error', { type: 'error' }) };
}

export function RotateSecretButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const { dp, notify, refresh, fail } = useClientAction();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  if (!record || !can(role, 'rotate_secret', 'clients')) return null;
  return (
    <>
      <Button startIcon={<Key />} onClick={() => setConfirming(true)} data-testid="rotate-secret">
        {t('resources.clients.actions.rotate')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('resources.clients.actions.rotate_confirm_title', { name: record.name })}
        content={t('resources.clients.actions.rotate_confirm')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          try {
            const { data } = await dp.clientAction(String(record.id), 'rotate-secret');
            setSecret(String(data.secret));
            notify('resources.clients.notifications.rotated', { type: 'success' });
          } catch (e) {
            fail(e);
          }
        }}
      />
      {secret && (
        <SecretDialog
          clientId={String(record.id)}
          secret={secret}
          onClose={() => {
            setSecret(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

export function ActivationButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const { dp, notify, refresh, fail } = useClientAction();
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  const active = Boolean(record.active);
  if (!can(role, active ? 'deactivate' : 'activate', 'clients')) return null;
  const run = async () => {
    try {
      await dp.clientAction(String(record.id), active ? 'deactivate' : 'activate');
      notify(active ? 'resources.clients.notifications.deactivated' : 'resources.clients.notifications.activated', { type: 'success' });
      refresh();
    } catch (e) {
      fail(e);
    }
  };
  if (!active)
    return (
      <Button startIcon={<CheckCircle />} color="success" onClick={run} data-testid="activate">
        {t('resources.clients.actions.activate')}
      </Button>
    );
  return (
    <>
      <Button startIcon={<Block />} color="error" onClick={() => setConfirming(true)} data-testid="deactivate">
        {t('resources.clients.actions.deactivate')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('resources.clients.actions.deactivate_confirm_title', { name: record.name })}
        content={t('resources.clients.actions.deactivate_confirm')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          await run();
        }}
      />
    </>
  );
}

export function ProductsButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const { dp, notify, refresh, fail } = useClientAction();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  if (!record || !can(role, 'enrol', 'clients')) return null;
  const current = (record.products as string[]) ?? [];
  return (
    <>
      <Button
        startIcon={<Inventory />}
        onClick={() => {
          setSelected(current);
          setOpen(true);
        }}
        data-testid="manage-products"
      >
        {t('resources.clients.actions.products')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{t('resources.clients.actions.products_title', { name: record.name })}</DialogTitle>
        <DialogContent>
          <FormGroup>
            {PRODUCTS.map((p) => (
              <FormControlLabel
                key={p.code}
                label={p.name}
                control={
                  <Checkbox
                    size="small"
                    checked={selected.includes(p.code)}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, p.code] : s.filter((c) => c !== p.code)))}
                  />
                }
              />
            ))}
          </FormGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            onClick={async () => {
              try {
                await dp.setProducts(
                  String(record.id),
                  selected.filter((p) => !current.includes(p)),
                  current.filter((p) => !selected.includes(p)),
                );
                notify('resources.clients.notifications.products_saved', { type: 'success' });
                setOpen(false);
                refresh();
              } catch (e) {
                fail(e);
              }
            }}
          >
            {t('resources.clients.actions.save_products')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
