import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DataTable, HttpError, ListContextProvider, useList, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { ListTable } from './ListTable';
import { API, httpClient } from '../providers/httpClient';
import { useFormat } from './format';

type Row = Record<string, string | number | null>;
interface Activity {
  payments: Row[] | null;
  refunds: Row[] | null;
  webhooks: Row[] | null;
  audit: Row[];
}

function Part({ title, testId, rows, head, row }: { title: string; testId: string; rows: Row[] | null; head: string[]; row: (r: Row) => ReactNode[] }) {
  const t = useTranslate();
  const list = useList({ data: (rows ?? []) as Array<Row & { id: string | number }>, perPage: 1000 });
  if (rows === null) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2, minWidth: 0, maxWidth: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('activity.none')}
          </Typography>
        ) : (
          // the console's one list: a table scrolling inside its card, on a phone cards (what it is, then its status)
          <ListContextProvider value={list}>
            <ListTable rowClick={false} card={{ title: head.slice(0, 1), end: head.includes('status') ? ['status'] : [] }}>
              {head.map((h, i) => (
                <DataTable.Col key={h} source={h} label={`activity.${h}`} disableSort render={(r: Row) => row(r)[i]} />
              ))}
            </ListTable>
          </ListContextProvider>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The part of every policy page that is the same for every family: its payments, refunds, the webhooks sent to
 * the partner about it and who did what to it in the console. Parts the role may not read are not shown.
 */
export function PolicyActivity() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const t = useTranslate();
  const f = useFormat();
  const { data, error } = useQuery({
    queryKey: ['policy-activity', resource, record?.id],
    enabled: Boolean(record && resource),
    // a 4xx will not change on a retry
    retry: (count, e) => !((e as HttpError).status < 500) && count < 3,
    queryFn: async () => (await httpClient(`${API}/policy-activity/${resource}/${record!.id}`)).json as Activity,
  });
  // the API answers 404 for a policy that does not exist: say so rather than show empty lists
  if ((error as HttpError | null)?.status === 404)
    return (
      <Alert severity="warning" data-testid="policy-activity-missing">
        {t('activity.not_found')}
      </Alert>
    );
  if (!data) return null;
  const link = (to: string, text: ReactNode) => (
    <Link component={RouterLink} to={to}>
      {text}
    </Link>
  );
  const money = (r: Row) => f.money(String(r.amount));
  const when = (v: string | number | null) => (v ? f.dateTime(String(v)) : '—');
  const ltr = (v: string | number | null) => <bdi dir="ltr">{v ?? '—'}</bdi>;
  return (
    <Box sx={{ px: { xs: 1, sm: 3 }, pb: 2, minWidth: 0, maxWidth: '100%' }} data-testid="policy-activity">
      <Part
        title={t('activity.payments')}
        testId="activity-payments"
        rows={data.payments}
        head={['amount', 'status', 'reference', 'created', 'paid']}
        row={(r) => [
          link(`/payments/${r.id}/show`, money(r)),
          t(`resources.payments.status.${r.status}`, { _: String(r.status) }),
          ltr(r.vendor_reference),
          when(r.created_at),
          when(r.paid_at),
        ]}
      />
      <Part
        title={t('activity.refunds')}
        testId="activity-refunds"
        rows={data.refunds}
        head={['amount', 'status', 'why', 'tries', 'created']}
        row={(r) => [
          link(`/refunds/${r.id}/show`, money(r)),
          t(`resources.payments.refund_status.${r.status}`, { _: String(r.status) }),
          t(`resources.refunds.reasons.${r.reason}`, { _: String(r.reason) }),
          f.number(Number(r.attempts)),
          when(r.created_at),
        ]}
      />
      <Part
        title={t('activity.webhooks')}
        testId="activity-webhooks"
        rows={data.webhooks}
        head={['event', 'status', 'tries', 'answer', 'created']}
        row={(r) => [
          link(`/webhook-deliveries/${r.id}/show`, t(`resources.webhook-endpoints.events.${r.event_type}`, { _: String(r.event_type) })),
          t(`resources.webhook-deliveries.status.${r.status}`, { _: String(r.status) }),
          f.number(Number(r.attempts)),
          ltr(r.last_status_code),
          when(r.created_at),
        ]}
      />
      <Part
        title={t('activity.audit')}
        testId="activity-audit"
        rows={data.audit}
        head={['action', 'who', 'why', 'created']}
        row={(r) => [
          t(`activity.actions.${String(r.action).split('.').pop()}`, { _: String(r.action) }),
          ltr(r.staff_email),
          r.reason ? <bdi>{r.reason}</bdi> : '—',
          when(r.created_at),
        ]}
      />
    </Box>
  );
}
