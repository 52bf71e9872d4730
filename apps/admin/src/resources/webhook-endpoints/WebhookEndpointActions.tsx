import { useState } from 'react';
import Button from '@mui/material/Button';
import Key from '@mui/icons-material/KeyOutlined';
import Block from '@mui/icons-material/BlockOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutline';
import Send from '@mui/icons-material/SendOutlined';
import { Confirm, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { webhookAction } from './webhook-api';
import { WebhookSecretDialog } from './WebhookSecretDialog';

function useAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  return { notify, refresh, fail: (e: unknown) => notify((e as Error).message || 'ra.notification.http_error', { type: 'error' }) };
}

export function RotateWebhookSecretButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const { notify, refresh, fail } = useAction();
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<{ secret: string; staticKey: string } | null>(null);
  if (!record || !can(role, 'rotate_secret', 'webhook-endpoints')) return null;
  return (
    <>
      <Button startIcon={<Key />} onClick={() => setConfirming(true)} data-testid="webhook-rotate">
        {t('resources.webhook-endpoints.actions.rotate')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('resources.webhook-endpoints.actions.rotate_confirm_title')}
        content={t('resources.webhook-endpoints.actions.rotate_confirm')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          try {
            const data = await webhookAction(`webhook-endpoints/${record.id}/rotate-secret`);
            setIssued({ secret: String(data.secret), staticKey: String(data.static_key) });
            notify('resources.webhook-endpoints.notifications.rotated', { type: 'success' });
          } catch (e) {
            fail(e);
          }
        }}
      />
      {issued && (
        <WebhookSecretDialog
          secret={issued.secret}
          staticKey={issued.staticKey}
          onClose={() => {
            setIssued(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

export function WebhookActivationButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const { notify, refresh, fail } = useAction();
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  const active = Boolean(record.active);
  if (!can(role, active ? 'deactivate' : 'activate', 'webhook-endpoints')) return null;
  const run = async () => {
    try {
      await webhookAction(`webhook-endpoints/${record.id}/${active ? 'deactivate' : 'activate'}`);
      notify(`resources.webhook-endpoints.notifications.${active ? 'deactivated' : 'activated'}`, { type: 'success' });
      refresh();
    } catch (e) {
      fail(e);
    }
  };
  if (!active)
    return (
      <Button startIcon={<CheckCircle />} color="success" onClick={run} data-testid="webhook-activate">
        {t('resources.webhook-endpoints.actions.activate')}
      </Button>
    );
  return (
    <>
      <Button startIcon={<Block />} color="error" onClick={() => setConfirming(true)} data-testid="webhook-deactivate">
        {t('resources.webhook-endpoints.actions.deactivate')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('resources.webhook-endpoints.actions.deactivate_confirm_title')}
        content={t('resources.webhook-endpoints.actions.deactivate_confirm')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          await run();
        }}
      />
    </>
  );
}

export function SendTestEventButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const { notify, refresh, fail } = useAction();
  if (!record || !record.active || !can(role, 'send_test', 'webhook-endpoints')) return null;
  return (
    <Button
      startIcon={<Send />}
      data-testid="webhook-test"
      onClick={async () => {
        try {
          await webhookAction(`webhook-endpoints/${record.id}/test`, {});
          notify('resources.webhook-endpoints.notifications.test_sent', { type: 'success' });
          refresh();
        } catch (e) {
          fail(e);
        }
      }}
    >
      {t('resources.webhook-endpoints.actions.test')}
    </Button>
  );
}
