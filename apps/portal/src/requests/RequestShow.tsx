import Typography from '@mui/material/Typography';
import { Labeled, Show, SimpleShowLayout, useRecordContext, useTranslate } from 'react-admin';
import { Copyable } from '../api/Copyable';
import type { RequestLogEntry } from '../providers/api';
import { useWhen } from '../webhooks/webhook-parts';
import { StatusChip } from './RequestList';

function Text({ render, mono }: { render: (r: RequestLogEntry) => string | number; mono?: boolean }) {
  const record = useRecordContext<RequestLogEntry>();
  if (!record) return null;
  return mono ? (
    <Typography component="span" dir="ltr" sx={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
      {render(record)}
    </Typography>
  ) : (
    <span>{render(record)}</span>
  );
}

function RequestId() {
  const record = useRecordContext<RequestLogEntry>();
  const t = useTranslate();
  return record ? <Copyable label={t('portal.requests.request_id')} value={record.request_id} testId="request-request-id" /> : null;
}

const PRE_SX = {
  fontFamily: 'ui-monospace, Menlo, monospace',
  fontSize: 12,
  bgcolor: '#f8fafc',
  p: 1.5,
  borderRadius: 1,
  overflow: 'auto',
  maxHeight: 360,
  m: 0,
};

/** A body the log kept (personal data masked), or a note that none was. */
function Body({ pick, testId }: { pick: (r: RequestLogEntry) => Record<string, unknown> | null | undefined; testId: string }) {
  const record = useRecordContext<RequestLogEntry>();
  const t = useTranslate();
  if (!record) return null;
  const body = pick(record);
  if (!body)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('portal.requests.no_body')}
      </Typography>
    );
  return (
    <Typography component="pre" dir="ltr" data-testid={testId} sx={PRE_SX}>
      {JSON.stringify(body, null, 2)}
    </Typography>
  );
}

/** The error answer as the partner's system received it (personal data masked), or a note that the call succeeded. */
function ErrorBody() {
  const record = useRecordContext<RequestLogEntry>();
  const t = useTranslate();
  if (!record) return null;
  if (!record.error_body)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('portal.requests.no_error')}
      </Typography>
    );
  return (
    <Typography component="pre" dir="ltr" data-testid="request-error-body" sx={PRE_SX}>
      {JSON.stringify(record.error_body, null, 2)}
    </Typography>
  );
}

/** One API call: when, what, how it ended, what was sent and what was answered. */
export function RequestShow() {
  const when = useWhen();
  return (
    <Show title="portal.requests.detail">
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <RequestId />
        <Labeled label="portal.requests.created_at">
          <Text render={(r) => when(r.created_at)} />
        </Labeled>
        <Labeled label="portal.requests.method">
          <Text render={(r) => r.method} />
        </Labeled>
        <Labeled label="portal.requests.route">
          <Text mono render={(r) => r.route} />
        </Labeled>
        <Labeled label="portal.requests.path">
          <Text mono render={(r) => r.path} />
        </Labeled>
        <Labeled label="portal.requests.status">
          <StatusChip />
        </Labeled>
        <Labeled label="portal.requests.latency_ms">
          <Text render={(r) => r.latency_ms} />
        </Labeled>
        <Labeled label="portal.requests.idempotency_key">
          <Text mono render={(r) => r.idempotency_key ?? '—'} />
        </Labeled>
        <Labeled label="portal.requests.request_body" fullWidth>
          <Body pick={(r) => r.request_body} testId="request-request-body" />
        </Labeled>
        <Labeled label="portal.requests.error_body" fullWidth>
          <ErrorBody />
        </Labeled>
        <Labeled label="portal.requests.response_body" fullWidth>
          <Body pick={(r) => r.response_body} testId="request-response-body" />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
