import { useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Replay from '@mui/icons-material/ReplayOutlined';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  Labeled,
  Link,
  Show,
  SimpleShowLayout,
  TopToolbar,
  useLocale,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { partnerCan } from '@shared/permissions';
import { intlLocale } from '../i18n/i18nProvider';
import { portalApi, type WebhookAttempt, type WebhookDelivery } from '../providers/api';
import { DeliveryStatusChip, EventName, isUnderWay, REFRESH_MS, useWhen } from './webhook-parts';

function ReplayButton() {
  const record = useRecordContext<WebhookDelivery>();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions: role } = usePermissions<string>();
  const [busy, setBusy] = useState(false);
  if (!record || !partnerCan(role, 'manage_webhooks')) return null;
  return (
    <Button
      startIcon={<Replay />}
      disabled={busy || record.in_flight}
      data-testid="delivery-replay"
      onClick={async () => {
        setBusy(true);
        try {
          await portalApi.replayDelivery(record.id);
          notify('portal.webhooks.delivery.replayed', { type: 'success' });
          refresh();
        } catch (e) {
          notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('portal.webhooks.delivery.replay')}
    </Button>
  );
}

/** Every attempt: when, outcome, HTTP status, time taken and the start of the answer (or why it failed). */
function Attempts() {
  const record = useRecordContext<WebhookDelivery>();
  const t = useTranslate();
  const locale = useLocale();
  const when = useWhen();
  const attempts = record?.attempts ?? [];
  const k = (key: string) => t(`portal.webhooks.delivery.${key}`);
  const n = (v: number) => new Intl.NumberFormat(intlLocale(locale)).format(v);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!attempts.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {k('no_attempts')}
      </Typography>
    );
  const answer = (a: WebhookAttempt) => a.error ?? a.response_snippet ?? '—';
  // On a phone each attempt is a small card: the answer, which matters most, gets the whole width.
  if (phone)
    return (
      <Box sx={{ display: 'grid', gap: 1 }} data-testid="delivery-attempts">
        {attempts.map((a) => (
          <Box key={a.number} data-testid="delivery-attempt" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {n(a.number)} · {t(`portal.webhooks.delivery.outcomes.${a.outcome}`, { _: a.outcome })} ·{' '}
              <span data-testid="attempt-status-code">{a.status_code ?? '—'}</span>
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {when(a.started_at)} · {k('duration_ms')}: {a.duration_ms === null ? '—' : n(a.duration_ms)}
            </Typography>
            <Typography dir="ltr" component="div" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12, overflowWrap: 'anywhere', mt: 0.5 }}>
              {answer(a)}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  return (
    // the table scrolls inside its own box, so a phone's page never does
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" data-testid="delivery-attempts">
        <TableHead>
          <TableRow>
            {['number', 'started_at', 'outcome', 'status_code', 'duration_ms', 'response'].map((c) => (
              <TableCell key={c}>{k(c)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {attempts.map((a) => (
            <TableRow key={a.number} data-testid="delivery-attempt">
              <TableCell>{n(a.number)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(a.started_at)}</TableCell>
              <TableCell>{t(`portal.webhooks.delivery.outcomes.${a.outcome}`, { _: a.outcome })}</TableCell>
              <TableCell data-testid="attempt-status-code">{a.status_code ?? '—'}</TableCell>
              <TableCell>{a.duration_ms === null ? '—' : n(a.duration_ms)}</TableCell>
              <TableCell dir="ltr" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12, minWidth: 160, maxWidth: 420, overflowWrap: 'anywhere' }}>
                {answer(a)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Payload() {
  const record = useRecordContext<WebhookDelivery>();
  return (
    <Typography
      component="pre"
      dir="ltr"
      sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12, bgcolor: '#f8fafc', p: 1.5, borderRadius: 1, overflow: 'auto', maxHeight: 360, m: 0 }}
    >
      {JSON.stringify(record?.payload, null, 2)}
    </Typography>
  );
}

function Text({ render }: { render: (r: WebhookDelivery) => string | number }) {
  const record = useRecordContext<WebhookDelivery>();
  return record ? <span>{render(record)}</span> : null;
}

function EndpointLink() {
  const record = useRecordContext<WebhookDelivery>();
  if (!record) return null;
  return (
    <Link
      to={`/webhook-endpoints/${record.endpoint_id}/show`}
      dir="ltr"
      sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13, overflowWrap: 'anywhere' }}
    >
      {record.endpoint_id}
    </Link>
  );
}

/** One delivery: its state, every attempt and the body sent; owners and developers replay it (same webhook-id). */
export function WebhookDeliveryShow() {
  const when = useWhen();
  return (
    <Show
      title="portal.webhooks.delivery.title"
      // while the delivery waits or is under way, its page follows it
      queryOptions={{ refetchInterval: (query) => (isUnderWay(query.state.data as WebhookDelivery | undefined) ? REFRESH_MS : false) }}
      actions={
        <TopToolbar>
          <ReplayButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <Labeled label="portal.webhooks.delivery.id">
          <Text render={(r) => r.id} />
        </Labeled>
        <Labeled label="portal.webhooks.delivery.status">
          <DeliveryStatusChip />
        </Labeled>
        <Labeled label="portal.webhooks.delivery.event">
          <EventName />
        </Labeled>
        <Labeled label="portal.webhooks.delivery.endpoint">
          <EndpointLink />
        </Labeled>
        <Labeled label="portal.webhooks.delivery.policy_id">
          <Text render={(r) => r.policy_id ?? '—'} />
        </Labeled>
        <Labeled label="portal.webhooks.delivery.created_at">
          <Text render={(r) => when(r.created_at)} />
        </Labeled>
        <Labeled label="portal.webhooks.delivery.next_attempt_at">
          <Text render={(r) => when(r.next_attempt_at)} />
        </Labeled>
        <Labeled label="portal.webhooks.delivery.delivered_at">
          <Text render={(r) => when(r.delivered_at)} />
        </Labeled>
        <Labeled label="portal.webhooks.delivery.attempts" fullWidth>
          <Attempts />
        </Labeled>
        <Labeled label="portal.webhooks.delivery.payload" fullWidth>
          <Payload />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
