import type { MouseEvent, ReactNode } from 'react';
import { DataTable, Labeled, Link, List, Show, SimpleShowLayout, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ListTable } from '../../../admin/src/common/ListTable';
import type { PortalClaim } from '../providers/api';
import { Mono, StatusChip, useBusinessFilters, useFamily, useFormat } from './business-parts';

const STATUSES = ['submitted', 'under_review', 'approved', 'rejected', 'paid'] as const;

function Value({ render }: { render: (c: PortalClaim) => ReactNode }) {
  const record = useRecordContext<PortalClaim>();
  return record ? <span>{render(record)}</span> : null;
}

const PolicyLink = ({ claim }: { claim: PortalClaim }) => (
  <Link to={`/policies/${claim.policy}/show`} onClick={(e: MouseEvent) => e.stopPropagation()}>
    <Mono>{claim.policy}</Mono>
  </Link>
);

/** The claims on the partner's policies, newest first: amounts and statuses, never the customer's description. */
export function ClaimList() {
  const f = useFormat();
  const family = useFamily();
  return (
    <List filters={useBusinessFilters('claim_statuses', STATUSES)} actions={<TopToolbar />} perPage={25} title="portal.business.claims">
      <ListTable rowClick={(id) => `/claims/${id}/show`} card={{ title: ['id'], end: ['status'] }}>
        <DataTable.Col source="id" label="portal.business.id" disableSort render={(c: PortalClaim) => <Mono>{c.id}</Mono>} />
        <DataTable.Col source="family" label="portal.business.family" disableSort render={(c: PortalClaim) => family(c.family)} />
        <DataTable.Col source="policy" label="portal.business.policy" disableSort render={(c: PortalClaim) => <PolicyLink claim={c} />} />
        <DataTable.Col source="claim_type" label="portal.business.claim_type" disableSort />
        <DataTable.Col
          source="requested_amount"
          label="portal.business.requested_amount"
          disableSort
          render={(c: PortalClaim) => <bdi>{f.money(c.requested_amount)}</bdi>}
        />
        <DataTable.Col source="created_at" label="portal.business.created_at" disableSort render={(c: PortalClaim) => f.day(c.created_at)} />
        <DataTable.Col source="status" label="portal.business.status" disableSort>
          <StatusChip kind="claim_statuses" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}

export function ClaimShow() {
  const f = useFormat();
  const t = useTranslate();
  const family = useFamily();
  return (
    <Show title="portal.business.claims">
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <Labeled label="portal.business.id">
          <Value render={(c) => <Mono>{c.id}</Mono>} />
        </Labeled>
        <Labeled label="portal.business.status">
          <StatusChip kind="claim_statuses" />
        </Labeled>
        <Labeled label="portal.business.policy">
          <Value
            render={(c) => (
              <>
                {family(c.family)} · <PolicyLink claim={c} />
              </>
            )}
          />
        </Labeled>
        <Labeled label="portal.business.claim_type">
          <Value render={(c) => c.claim_type} />
        </Labeled>
        <Labeled label="portal.business.incident_date">
          <Value render={(c) => f.day(c.incident_date)} />
        </Labeled>
        <Labeled label="portal.business.requested_amount">
          <Value render={(c) => <bdi>{f.money(c.requested_amount)}</bdi>} />
        </Labeled>
        <Labeled label="portal.business.approved_amount">
          <Value render={(c) => <bdi>{f.money(c.approved_amount)}</bdi>} />
        </Labeled>
        <Labeled label="portal.business.paid_amount">
          <Value render={(c) => <bdi>{f.money(c.paid_amount)}</bdi>} />
        </Labeled>
        <Labeled label="portal.business.history" fullWidth>
          <Value
            render={(c) => (
              <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="claim-history">
                {c.status_history.map((h) => (
                  <li key={`${h.status}-${h.at}`}>
                    {t(`portal.business.claim_statuses.${h.status}`, { _: h.status })} — {f.day(h.at)}
                  </li>
                ))}
              </ol>
            )}
          />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
