import { ArrayField, DataTable, FunctionField, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateTimeText, LtrText } from '../../common/fields';
import { CancelWithReasonButton } from '../../common/CancelWithReasonButton';
import { PolicyActivity } from '../../common/PolicyActivity';
import { FileClaimButton } from '../claims/FileClaimButton';

const R = 'resources.life-policies';

export function LifePolicyShow() {
  const t = useTranslate();
  return (
    <Show actions={<TopToolbar sx={{ gap: 1 }}><FileClaimButton family="life" /><CancelWithReasonButton resource="life-policies" /></TopToolbar>}>
      <SimpleShowLayout>
        <TextField source="id" />
        <FunctionField source="status" render={(r: { status: number }) => <span data-testid="policy-status">{t(`${R}.status.${r.status}`)}</span>} />
        <LtrText source="client_id" />
        <TextField source="insurer" />
        <TextField source="product_name" />
        <LtrText source="provider_policy_id" />
        <LtrText source="applicant_id" />
        <NumberField source="sum_assured" options={{ minimumFractionDigits: 2 }} />
        <NumberField source="premium_amount" options={{ minimumFractionDigits: 2 }} />
        <TextField source="premium_frequency" />
        <TextField source="policy_term_years" />
        <TextField source="start_date" />
        <TextField source="end_date" />
        <LtrText source="iban_masked" />
        <ArrayField source="beneficiaries">
          <DataTable bulkActionButtons={false}>
            <DataTable.Col source="name" />
            <DataTable.Col source="national_id" />
            <DataTable.Col source="relationship" />
            <DataTable.Col source="share_percentage" />
          </DataTable>
        </ArrayField>
        <DateTimeText source="cancelled_at" />
        <NumberField source="refund_amount" options={{ minimumFractionDigits: 2 }} />
        <DateTimeText source="created_at" />
      </SimpleShowLayout>
      <PolicyActivity />
    </Show>
  );
}
