import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { DataTable, Labeled, List, Show, SimpleShowLayout, TextInput, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ListTable } from '../../../admin/src/common/ListTable';
import type { PortalPolicy } from '../providers/api';
import { Mono, StatusChip, useBusinessFilters, useFamily, useFormat } from './business-parts';

const STATUSES = ['pending', 'active', 'cancelled', 'on_hold', 'expired'] as const;

/** The partner's policies of every family, newest first; a row opens the policy. */
export function PolicyList() {
  const f = useFormat();
  const family = useFamily();
  const filters = useBusinessFilters('policy_statuses', STATUSES);
  const search = (
    <TextInput key="q" source="q" label="portal.business.search" helperText="portal.business.search_help" alwaysOn resettable data-testid="policies-search" />
  );
  return (
    <List filters={[search, ...filters]} actions={<TopToolbar />} perPage={25} title="portal.business.policies">
      <ListTable rowClick={(id) => `/policies/${id}/show`} rowTestId={(r) => `policy-${r.id}`} card={{ title: ['id'], end: ['status'], hide: ['created_at'] }}>
        <DataTable.Col source="id" label="portal.business.id" disableSort render={(r: PortalPolicy) => <Mono>{r.id}</Mono>} />
        <DataTable.Col source="family" label="portal.business.family" disableSort render={(r: PortalPolicy) => family(r.family)} />
        <DataTable.Col source="insured" label="portal.business.insured" disableSort render={(r: PortalPolicy) => <Mono>{r.insured}</Mono>} />
        <DataTable.Col source="premium" label="portal.business.premium" disableSort render={(r: PortalPolicy) => <bdi>{f.money(r.premium)}</bdi>} />
        <DataTable.Col source="insurer" label="portal.business.insurer" disableSort />
        <DataTable.Col
          source="start_date"
          label="portal.business.cover"
          disableSort
          render={(r: PortalPolicy) => (r.start_date ? `${f.day(r.start_date)} – ${f.day(r.end_date)}` : '—')}
        />
        <DataTable.Col source="created_at" label="portal.business.created_at" disableSort render={(r: PortalPolicy) => f.day(r.created_at)} />
        <DataTable.Col source="status" label="portal.business.status" disableSort>
          <StatusChip kind="policy_statuses" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}

function Value({ render }: { render: (p: PortalPolicy) => ReactNode }) {
  const record = useRecordContext<PortalPolicy>();
  return record ? <span>{render(record)}</span> : null;
}

/** One policy: what the partner's systems know it by, its cover, premium and status. */
export function PolicyShow() {
  const f = useFormat();
  const t = useTranslate();
  const family = useFamily();
  return (
    <Show title="portal.business.policy">
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <Labeled label="portal.business.id">
          <Value render={(p) => <Mono>{p.id}</Mono>} />
        </Labeled>
        <Labeled label="portal.business.family">
          <Value render={(p) => family(p.family)} />
        </Labeled>
        <Labeled label="portal.business.policy_id">
          <Value render={(p) => <Mono>{p.policy_id}</Mono>} />
        </Labeled>
        <Labeled label="portal.business.status">
          <StatusChip kind="policy_statuses" />
        </Labeled>
        <Labeled label="portal.business.policy_number">
          <Value render={(p) => <Mono>{p.policy_number}</Mono>} />
        </Labeled>
        <Labeled label="portal.business.insured">
          <Value
            render={(p) => (
              <>
                <Mono>{p.insured}</Mono>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('portal.business.insured_help')}
                </Typography>
              </>
            )}
          />
        </Labeled>
        <Labeled label="portal.business.premium">
          <Value render={(p) => <bdi data-testid="policy-premium">{f.money(p.premium)}</bdi>} />
        </Labeled>
        <Labeled label="portal.business.insurer">
          <Value render={(p) => p.insurer} />
        </Labeled>
        <Labeled label="portal.business.start_date">
          <Value render={(p) => f.day(p.start_date)} />
        </Labeled>
        <Labeled label="portal.business.end_date">
          <Value render={(p) => f.day(p.end_date)} />
        </Labeled>
        <Labeled label="portal.business.issued_at">
          <Value render={(p) => f.day(p.issued_at)} />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
