import type { MouseEvent, ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DataTable, Labeled, Link, List, Show, SimpleShowLayout, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ListTable } from '../../../admin/src/common/ListTable';
import type { PortalPayment, PortalRefund } from '../providers/api';
import { Mono, StatusChip, useBusinessFilters, useFamily, useFormat } from './business-parts';

const PAYMENT_STATUSES = ['pending', 'failed', 'paid', 'expired', 'cancelled', 'refunded'] as const;
const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** The policy a payment or refund is for, as a link to it in the portal. */
function PolicyLink({ family, id }: { family: string; id: number }) {
  const ref = `${family}-${id}`;
  return (
    <Link to={`/policies/${ref}/show`} onClick={(e: MouseEvent) => e.stopPropagation()}>
      <Mono>{ref}</Mono>
    </Link>
  );
}

function Value<T>({ render }: { render: (r: T) => ReactNode }) {
  const record = useRecordContext();
  return record ? <span>{render(record as T)}</span> : null;
}

/** The partner's payment records, newest first. */
export function PaymentList() {
  const f = useFormat();
  const family = useFamily();
  return (
    <List filters={useBusinessFilters('payment_statuses', PAYMENT_STATUSES)} actions={<TopToolbar />} perPage={25} title="portal.business.payments">
      <ListTable rowClick={(id) => `/payments/${id}/show`} card={{ title: ['amount'], end: ['status'] }}>
        <DataTable.Col source="amount" label="portal.business.amount" disableSort render={(r: PortalPayment) => <bdi>{f.money(r.amount)}</bdi>} />
        <DataTable.Col source="policy_type" label="portal.business.family" disableSort render={(r: PortalPayment) => family(r.policy_type)} />
        <DataTable.Col
          source="policy_id"
          label="portal.business.policy"
          disableSort
          render={(r: PortalPayment) => <PolicyLink family={r.policy_type} id={r.policy_id} />}
        />
        <DataTable.Col source="created_at" label="portal.business.created_at" disableSort render={(r: PortalPayment) => f.day(r.created_at)} />
        <DataTable.Col source="paid_at" label="portal.business.paid_at" disableSort render={(r: PortalPayment) => f.day(r.paid_at)} />
        <DataTable.Col source="status" label="portal.business.status" disableSort>
          <StatusChip kind="payment_statuses" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}

export function PaymentShow() {
  const f = useFormat();
  const t = useTranslate();
  const family = useFamily();
  return (
    <Show title="portal.business.payment">
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <Labeled label="portal.business.id">
          <Value<PortalPayment> render={(p) => <Mono>{p.id}</Mono>} />
        </Labeled>
        <Labeled label="portal.business.status">
          <StatusChip kind="payment_statuses" />
        </Labeled>
        <Labeled label="portal.business.status_reason">
          <Value<PortalPayment> render={(p) => p.status_message ?? '—'} />
        </Labeled>
        <Labeled label="portal.business.amount">
          <Value<PortalPayment> render={(p) => <bdi>{f.money(p.amount)}</bdi>} />
        </Labeled>
        <Labeled label="portal.business.policy">
          <Value<PortalPayment>
            render={(p) => (
              <>
                {family(p.policy_type)} · <PolicyLink family={p.policy_type} id={p.policy_id} />
              </>
            )}
          />
        </Labeled>
        <Labeled label="portal.business.created_at">
          <Value<PortalPayment> render={(p) => f.day(p.created_at)} />
        </Labeled>
        <Labeled label="portal.business.paid_at">
          <Value<PortalPayment> render={(p) => f.day(p.paid_at)} />
        </Labeled>
        <Labeled label="portal.business.vendor_reference">
          <Value<PortalPayment> render={(p) => <Mono>{p.vendor_reference}</Mono>} />
        </Labeled>
        <Labeled label="portal.business.refunds" fullWidth>
          <Value<PortalPayment>
            render={(p) =>
              p.refunds.length ? (
                <Table size="small" data-testid="payment-refunds">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('portal.business.amount')}</TableCell>
                      <TableCell>{t('portal.business.status')}</TableCell>
                      <TableCell>{t('portal.business.created_at')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {p.refunds.map((r) => (
                      <TableRow key={r.id}>
                        <TableCell>
                          <Link to={`/refunds/${r.id}/show`}>
                            <bdi>{f.money(r.amount)}</bdi>
                          </Link>
                        </TableCell>
                        <TableCell>{t(`portal.business.refund_statuses.${r.status}`)}</TableCell>
                        <TableCell>{f.day(r.created_at)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('portal.business.no_refunds')}
                </Typography>
              )
            }
          />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}

/** Money given back on the partner's payments, newest first. */
export function RefundList() {
  const f = useFormat();
  const family = useFamily();
  return (
    <List filters={useBusinessFilters('refund_statuses', REFUND_STATUSES)} actions={<TopToolbar />} perPage={25} title="portal.business.refunds">
      <ListTable rowClick={(id) => `/refunds/${id}/show`} card={{ title: ['amount'], end: ['status'] }}>
        <DataTable.Col source="amount" label="portal.business.amount" disableSort render={(r: PortalRefund) => <bdi>{f.money(r.amount)}</bdi>} />
        <DataTable.Col source="policy_type" label="portal.business.family" disableSort render={(r: PortalRefund) => family(r.policy_type)} />
        <DataTable.Col
          source="policy_id"
          label="portal.business.policy"
          disableSort
          render={(r: PortalRefund) => <PolicyLink family={r.policy_type} id={r.policy_id} />}
        />
        <DataTable.Col source="reason" label="portal.business.reason" disableSort />
        <DataTable.Col source="created_at" label="portal.business.created_at" disableSort render={(r: PortalRefund) => f.day(r.created_at)} />
        <DataTable.Col source="status" label="portal.business.status" disableSort>
          <StatusChip kind="refund_statuses" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}

export function RefundShow() {
  const f = useFormat();
  const family = useFamily();
  return (
    <Show title="portal.business.refunds">
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <Labeled label="portal.business.id">
          <Value<PortalRefund> render={(r) => <Mono>{r.id}</Mono>} />
        </Labeled>
        <Labeled label="portal.business.status">
          <StatusChip kind="refund_statuses" />
        </Labeled>
        <Labeled label="portal.business.amount">
          <Value<PortalRefund> render={(r) => <bdi>{f.money(r.amount)}</bdi>} />
        </Labeled>
        <Labeled label="portal.business.reason">
          <Value<PortalRefund> render={(r) => <Mono>{r.reason}</Mono>} />
        </Labeled>
        <Labeled label="portal.business.policy">
          <Value<PortalRefund>
            render={(r) => (
              <>
                {family(r.policy_type)} · <PolicyLink family={r.policy_type} id={r.policy_id} />
              </>
            )}
          />
        </Labeled>
        <Labeled label="portal.business.payment">
          <Value<PortalRefund>
            render={(r) => (
              <Link to={`/payments/${r.payment_id}/show`}>
                <Mono>{r.payment_id}</Mono>
              </Link>
            )}
          />
        </Labeled>
        <Labeled label="portal.business.created_at">
          <Value<PortalRefund> render={(r) => f.day(r.created_at)} />
        </Labeled>
        <Labeled label="portal.business.refunded_at">
          <Value<PortalRefund> render={(r) => f.day(r.refunded_at)} />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
