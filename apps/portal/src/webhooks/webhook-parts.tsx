import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { Copyable } from '../api/Copyable';
import { intlLocale } from '../i18n/i18nProvider';
import type { WebhookDelivery, WebhookEndpoint } from '../providers/api';

/** How often a page showing a delivery under way asks for it again. */
export const REFRESH_MS = 2000;

/** Pending (queued, or waiting for a retry) or with an attempt in flight: its page follows it. */
export const isUnderWay = (d: WebhookDelivery | undefined) => d?.status === 'pending' || Boolean(d?.in_flight);

/** A date and time in the portal's language; a dash for none. */
export function useWhen() {
  const locale = useLocale();
  return (iso: string | null | undefined) =>
    iso ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '—';
}

/** The endpoint's events by name; the code (`policy.status_updated`) as the tooltip. */
export function EventChips(_: { label?: string }) {
  const record = useRecordContext<WebhookEndpoint>();
  const t = useTranslate();
  return (
    <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {(record?.events ?? []).map((e) => (
        <Chip key={e} size="small" variant="outlined" title={e} label={t(`portal.webhooks.event_names.${e}`, { _: e })} />
      ))}
    </span>
  );
}

export function EndpointStatusChip(_: { label?: string }) {
  const record = useRecordContext<WebhookEndpoint>();
  const t = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.active ? 'success' : 'default'}
      label={t(record.active ? 'portal.webhooks.active' : 'portal.webhooks.disabled')}
      data-testid="endpoint-status"
    />
  );
}

const DELIVERY_COLORS = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

export function DeliveryStatusChip(_: { label?: string }) {
  const record = useRecordContext<WebhookDelivery>();
  const t = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={DELIVERY_COLORS[record.status] ?? 'default'}
      label={t(`portal.webhooks.delivery.statuses.${record.status}`, { _: record.status })}
      data-testid="delivery-status"
    />
  );
}

export function EventName(_: { label?: string }) {
  const record = useRecordContext<WebhookDelivery>();
  const t = useTranslate();
  if (!record) return null;
  return <span title={record.event_type}>{t(`portal.webhooks.event_names.${record.event_type}`, { _: record.event_type })}</span>;
}

/** The one time an endpoint's signing secret and static key are shown: closed only by pressing the button. */
export function WebhookSecretDialog({ issued, onClose }: { issued: { secret: string; static_key: string }; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Dialog open onClose={(_e, reason) => reason !== 'backdropClick' && onClose()} maxWidth="sm" fullWidth data-testid="webhook-secret-dialog">
      <DialogTitle>{t('portal.webhooks.secret_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('portal.webhooks.secret_once')}
        </Alert>
        <Copyable label={t('portal.webhooks.secret')} value={issued.secret} testId="webhook-secret" />
        <Copyable label={t('portal.webhooks.static_key')} value={issued.static_key} testId="webhook-static-key" />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="webhook-secret-done">
          {t('portal.api.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
