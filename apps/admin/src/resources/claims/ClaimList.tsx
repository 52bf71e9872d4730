import { CreateButton, DataTable, List, NumberInput, SelectInput, useGetIdentity, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { ListActions } from '../../common/ListActions';
import { can } from '@shared/permissions';
import { DateTimeText } from '../../common/fields';
import { Money } from '../property-policies/PropertyPolicyFields';
import { ClaimAge, ClaimAssignee, ClaimLabel, ClaimPolicyLink, ClaimStatusChip } from './ClaimFields';
import { CLAIM_FAMILIES } from './claim-families';
import { ListTable } from '../../common/ListTable';

const STATUSES = ['submitted', 'under_review', 'approved', 'rejected', 'paid'];

function Requested(_: { source?: string }) {
  const record = useRecordContext();
  return <Money value={record?.requested_amount} />;
}

function Actions() {
  const { permissions: role } = usePermissions<string>();
  return (
    <ListActions>{can(role, 'create', 'claims') && <CreateButton />}</ListActions>
  );
}

export function ClaimList() {
  const t = useTranslate();
  const { identity } = useGetIdentity();
  const filters = [
    <SelectInput key="assignee_staff_id" source="assignee_staff_id" alwaysOn choices={identity ? [{ id: String(identity.id), name: t('resources.claims.mine') }] : []} />,
    <SelectInput key="status" source="status" alwaysOn choices={STATUSES.map((s) => ({ id: s, name: t(`resources.claims.status.${s}`) }))} />,
    <SelectInput key="product_family" source="product_family" choices={CLAIM_FAMILIES.map((f) => ({ id: f.id, name: t(`resources.claims.families.${f.id}`, { _: f.id }) }))} />,
    <NumberInput key="policy_id" source="policy_id" />,
    <NumberInput key="older_than_days" source="older_than_days" min={0} />,
  ];
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      <ListTable>
        <DataTable.Col source="id" />
        <DataTable.Col source="status"><ClaimStatusChip /></DataTable.Col>
        <DataTable.Col source="product_family" disableSort><ClaimLabel source="product_family" group="families" /></DataTable.Col>
        <DataTable.Col source="policy_id" disableSort><ClaimPolicyLink /></DataTable.Col>
        <DataTable.Col source="claim_type" disableSort><ClaimLabel source="claim_type" group="types" /></DataTable.Col>
        <DataTable.Col source="requested_amount"><Requested /></DataTable.Col>
        <DataTable.Col source="created_at"><DateTimeText source="created_at" /></DataTable.Col>
        <DataTable.Col source="age" disableSort><ClaimAge /></DataTable.Col>
        <DataTable.Col source="assignee_staff_id" disableSort><ClaimAssignee /></DataTable.Col>
      </ListTable>
    </List>
  );
}
