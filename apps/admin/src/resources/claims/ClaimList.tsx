import {
  BooleanInput,
  CreateButton,
  DataTable,
  List,
  NumberInput,
  SelectInput,
  useGetIdentity,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ListActions } from '../../common/ListActions';
import { can } from '@shared/permissions';
import { useFormat } from '../../common/format';
import { Money } from '../property-policies/PropertyPolicyFields';
import { ClaimAge, ClaimAssignee, ClaimCustomer, ClaimDecisionDue, ClaimLabel, ClaimPolicyLink, ClaimStatusChip } from './ClaimFields';
import { ClaimBulkActions } from './ClaimAssign';
import { CLAIM_FAMILIES } from './claim-families';
import { ListTable } from '../../common/ListTable';

const STATUSES = ['submitted', 'under_review', 'approved', 'rejected', 'paid'];

function Requested(_: { source?: string }) {
  const record = useRecordContext();
  return <Money value={record?.requested_amount} />;
}

/** When the claim was submitted, and how long it has waited (one column, so the queue fits a laptop screen). */
function Opened(_: { source?: string }) {
  const record = useRecordContext();
  const f = useFormat();
  if (!record) return null;
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div>{f.date(String(record.created_at))}</div>
      <div style={{ fontSize: '0.75rem', opacity: 0.7 }}>
        <ClaimAge />
      </div>
    </div>
  );
}

function Actions() {
  const { permissions: role } = usePermissions<string>();
  return <ListActions>{can(role, 'create', 'claims') && <CreateButton />}</ListActions>;
}

/** The claims queue: oldest first, with who the claim is for, its decision deadline and the unassigned (still to decide, nobody on it), to-decide and overdue filters. */
export function ClaimList() {
  const t = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions: role } = usePermissions<string>();
  const filters = [
    <SelectInput
      key="assignee_staff_id"
      source="assignee_staff_id"
      alwaysOn
      choices={identity ? [{ id: String(identity.id), name: t('resources.claims.mine') }] : []}
    />,
    <BooleanInput key="unassigned" source="unassigned" alwaysOn />,
    <BooleanInput key="undecided" source="undecided" />,
    <BooleanInput key="overdue" source="overdue" alwaysOn />,
    <SelectInput key="status" source="status" alwaysOn choices={STATUSES.map((s) => ({ id: s, name: t(`resources.claims.status.${s}`) }))} />,
    <SelectInput
      key="product_family"
      source="product_family"
      choices={CLAIM_FAMILIES.map((f) => ({ id: f.id, name: t(`resources.claims.families.${f.id}`, { _: f.id }) }))}
    />,
    <NumberInput key="policy_id" source="policy_id" />,
    <NumberInput key="older_than_days" source="older_than_days" min={0} />,
  ];
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'created_at', order: 'ASC' }} perPage={25}>
      <ListTable
        bulkActionButtons={can(role, 'update', 'claims') ? <ClaimBulkActions /> : false}
        card={{ plain: ['customer_name', 'policy_id', 'claim_type'] }}
      >
        <DataTable.Col source="id" />
        <DataTable.Col source="status">
          <ClaimStatusChip />
        </DataTable.Col>
        <DataTable.Col source="customer_name" disableSort>
          <ClaimCustomer />
        </DataTable.Col>
        <DataTable.Col source="policy_id" disableSort>
          <span style={{ whiteSpace: 'nowrap' }}>
            <ClaimLabel source="product_family" group="families" /> <ClaimPolicyLink />
          </span>
        </DataTable.Col>
        <DataTable.Col source="claim_type" disableSort>
          <ClaimLabel source="claim_type" group="types" />
        </DataTable.Col>
        <DataTable.Col source="requested_amount">
          <Requested />
        </DataTable.Col>
        <DataTable.Col source="created_at">
          <Opened />
        </DataTable.Col>
        <DataTable.Col source="decision_due_at" disableSort>
          <ClaimDecisionDue />
        </DataTable.Col>
        <DataTable.Col source="assignee_staff_id" disableSort>
          <ClaimAssignee />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
