import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DataTable, List, TextInput, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ListTable } from '../../../admin/src/common/ListTable';
import type { RequestLogEntry } from '../providers/api';
import { useWhen } from '../webhooks/webhook-parts';

const MONO = { fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;

/** The answer's status, coloured by class: green for 2xx, amber for 4xx, red for 5xx. */
export function StatusChip(_: { label?: string }) {
  const record = useRecordContext<RequestLogEntry>();
  if (!record) return null;
  const color = record.status >= 500 ? 'error' : record.status >= 400 ? 'warning' : 'success';
  return <Chip size="small" color={color} label={record.status} data-testid="request-status" />;
}

function Mono({ render }: { render: (r: RequestLogEntry) => string }) {
  const record = useRecordContext<RequestLogEntry>();
  return record ? (
    <Typography component="span" dir="ltr" sx={MONO}>
      {render(record)}
    </Typography>
  ) : null;
}

function Intro() {
  const t = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {t('portal.requests.kept')}
    </Typography>
  );
}

/** The client's API calls, newest first, searchable by request id, status and route; a row opens the call. */
export function RequestList() {
  const when = useWhen();
  const filters = [
    <TextInput key="request_id" source="request_id" label="portal.requests.search" alwaysOn resettable data-testid="requests-search" />,
    <TextInput key="status" source="status" label="portal.requests.status" helperText="portal.requests.status_help" alwaysOn />,
    <TextInput key="route" source="route" label="portal.requests.route" helperText="portal.requests.route_help" />,
  ];
  return (
    <>
      <Intro />
      <List filters={filters} actions={<TopToolbar />} perPage={25} title="portal.requests.title" debounce={300}>
        <ListTable rowClick={(id) => `/requests/${id}/show`}>
          <DataTable.Col source="created_at" label="portal.requests.created_at" render={(r: RequestLogEntry) => when(r.created_at)} disableSort />
          <DataTable.Col source="method" label="portal.requests.method" disableSort />
          <DataTable.Col source="route" label="portal.requests.route" disableSort>
            <Mono render={(r) => r.route} />
          </DataTable.Col>
          <DataTable.Col source="status" label="portal.requests.status" disableSort>
            <StatusChip />
          </DataTable.Col>
          <DataTable.Col source="latency_ms" label="portal.requests.latency_ms" disableSort />
          <DataTable.Col source="request_id" label="portal.requests.request_id" disableSort>
            <Mono render={(r) => r.request_id} />
          </DataTable.Col>
        </ListTable>
      </List>
    </>
  );
}
