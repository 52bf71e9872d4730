import { DataTable, ReferenceManyField, usePermissions, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { can } from '@shared/permissions';
import { DateTimeText, MonoText } from '../../common/fields';
import { InsurerName, MoneyText, MotorStatusChip } from './motor-fields';
import { ListTable } from '../../common/ListTable';

/** The policies issued from this quote request, for roles that may read policies. */
export function RequestPolicies() {
  const { permissions: role } = usePermissions<string>();
  const t = useTranslate();
  if (!can(role, 'read', 'motor-policies')) return null;
  return (
    <Box data-testid="request-policies">
      <ReferenceManyField
        reference="motor-policies"
        target="quote_request_id"
        sort={{ field: 'created_at', order: 'ASC' }}
        perPage={100}
        empty={
          <Typography variant="body2" color="text.secondary">
            {t('resources.motor-quote-requests.no_policies')}
          </Typography>
        }
      >
        <ListTable>
          <DataTable.Col source="id" label="resources.motor-policies.fields.id">
            <MonoText source="id" />
          </DataTable.Col>
          <DataTable.Col source="created_at" label="resources.motor-policies.fields.created_at">
            <DateTimeText source="created_at" />
          </DataTable.Col>
          <DataTable.Col source="insurer_code" label="resources.motor-policies.fields.insurer_code">
            <InsurerName />
          </DataTable.Col>
          <DataTable.Col source="status" label="resources.motor-policies.fields.status">
            <MotorStatusChip source="status" resource="motor-policies" />
          </DataTable.Col>
          <DataTable.Col source="price" label="resources.motor-policies.fields.price">
            <MoneyText source="price" />
          </DataTable.Col>
        </ListTable>
      </ReferenceManyField>
    </Box>
  );
}
