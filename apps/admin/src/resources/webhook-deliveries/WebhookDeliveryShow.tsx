import Button from '@mui/material/Button';
import Replay from '@mui/icons-material/ReplayOutlined';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  Labeled,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { can } from '@shared/permissions';
import { DateTimeText, MonoText } from '../../common/fields';
import { useFormat } from '../../common/format';
import { webhookAction } from '../webhook-endpoints/webhook-api';
import { DeliveryStatusChip } from './DeliveryStatusChip';
import { EventName } from './EventName';

interface Attempt {
  number: number;
  outcome: string;
  status_code: number | null;
  duration_ms: number | null;
  response_snippet: string | null;
  error: string | null;
  started_at: string;
}

function ResendButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions: role } = usePermissions<string>();
  if (!record || !can(role, 'resend', 'webhook-deliveries')) return null;
  return (
    <Button
      startIcon={<Replay />}
      data-testid="delivery-resend"
      onClick={async () => {
        try {
          await webhookAction(`webhook-deliveries/${record.id}/resend`);
          notify('resources.webhook-deliveries.notifications.resent', { type: 'success' });
          refresh();
        } catch (e) {
          notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
        }
      }}
    >
      {t('resources.webhook-deliveries.actions.resend')}
    </Button>
  );
}

function AttemptsTable() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  const attempts = (record?.attempts as Attempt[] | undefined) ?? [];
  if (!attempts.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('resources.webhook-deliveries.attempts.none')}
      </Typography>
    );
  const k = (key: string) => t(`resources.webhook-deliveries.attempts.${key}`);
  return (
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
          <TableRow key={a.number}>
            <TableCell>{f.number(a.number)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.dateTime(a.started_at)}</TableCell>
            <TableCell>{t(`resources.webhook-deliveries.outcome.${a.outcome}`, { _: a.outcome })}</TableCell>
            <TableCell>{a.status_code ?? '—'}</TableCell>
            <TableCell>{a.duration_ms === null ? '—' : f.number(a.duration_ms)}</TableCell>
            <TableCell dir="ltr" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12, maxWidth: 420, overflowWrap: 'anywhere' }}>
              {a.error ?? a.response_snippet ?? '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Payload() {
  const record = useRecordContext();
  return (
    <Typography
      component="pre"
      dir="ltr"
      sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12, bgcolor: '#f8fafc', p: 1.5, borderRadius: 1, overflow: 'auto', maxHeight: 360 }}
    >
      {JSON.stringify(record?.payload, null, 2)}
    </Typography>
  );
}

export function WebhookDeliveryShow() {
  const t = useTranslate();
  return (
    <Show
      actions={
        <TopToolbar>
          <ResendButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <Labeled source="id">
          <MonoText source="id" />
        </Labeled>
        <Labeled source="status">
          <DeliveryStatusChip />
        </Labeled>
        <Labeled source="event_type">
          <EventName />
        </Labeled>
        <ReferenceField source="endpoint_id" reference="webhook-endpoints" />
        <ReferenceField source="client_id" reference="clients" />
        <TextField source="policy_id" emptyText="—" />
        <TextField source="attempt_count" />
        <Labeled source="next_attempt_at">
          <DateTimeText source="next_attempt_at" />
        </Labeled>
        <Labeled source="delivered_at">
          <DateTimeText source="delivered_at" />
        </Labeled>
        <Labeled label={t('resources.webhook-deliveries.attempts.title')} fullWidth>
          <AttemptsTable />
        </Labeled>
        <Labeled source="payload" fullWidth>
          <Payload />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
