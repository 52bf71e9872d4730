import { ArrayField, DataTable, FunctionField, Show, SimpleShowLayout, TextField, TopToolbar, useTranslate } from 'react-admin';
import { ClientName, DateText, DateTimeText, EnumText, LocalizedText, LtrText, MoneyText } from '../../common/fields';
import { CancelWithReasonButton } from '../../common/CancelWithReasonButton';
import { PolicyActivity } from '../../common/PolicyActivity';
import { FileClaimButton } from '../claims/FileClaimButton';

const R = 'resources.life-policies';

export function LifePolicyShow() {
  const t = useTranslate();
  return (
    <Show
      actions={
        <TopToolbar sx={{ gap: 1 }}>
          <FileClaimButton family="life" />
          <CancelWithReasonButton resource="life-policies" />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" />
        <FunctionField source="status" render={(r: { status: number }) => <span data-testid="policy-status">{t(`${R}.status.${r.status}`)}</span>} />
        <ClientName source="client_id" />
        <LocalizedText source="insurer" />
        <TextField source="product_name" />
        <LtrText source="provider_policy_id" />
        <LtrText source="applicant_id" />
        <MoneyText source="sum_assured" />
        <MoneyText source="premium_amount" />
        <EnumText source="premium_frequency" group="premium_frequency" />
        <TextField source="policy_term_years" />
        <DateText source="start_date" />
        <DateText source="end_date" />
        <LtrText source="iban_masked" />
        <ArrayField source="beneficiaries">
          <DataTable bulkActionButtons={false}>
            <DataTable.Col source="name" />
            <DataTable.Col source="national_id">
              <LtrText source="national_id" />
            </DataTable.Col>
            <DataTable.Col source="relationship">
              <EnumText source="relationship" group="relationship" />
            </DataTable.Col>
            <DataTable.Col source="share_percentage" />
          </DataTable>
        </ArrayField>
        <DateTimeText source="cancelled_at" />
        <MoneyText source="refund_amount" />
        <DateTimeText source="created_at" />
      </SimpleShowLayout>
      <PolicyActivity />
    </Show>
  );
}
