import { ArrayField, DataTable, FunctionField, Show, SimpleShowLayout, TextField, TopToolbar, UrlField, useTranslate } from 'react-admin';
import { ClientName, DateText, DateTimeText, LtrText, MoneyText } from '../../common/fields';
import { CancelWithReasonButton } from '../../common/CancelWithReasonButton';
import { PolicyActivity } from '../../common/PolicyActivity';
import { FileClaimButton } from '../claims/FileClaimButton';

const R = 'resources.travel-policies';

/** Before the trip, an unpaid or a paid policy may be cancelled; the API refuses once the start date is reached. */
const beforeTrip = (status: number) => status === 0 || status === 1;

export function TravelPolicyShow() {
  const t = useTranslate();
  return (
    <Show
      actions={
        <TopToolbar sx={{ gap: 1 }}>
          <FileClaimButton family="travel" />
          <CancelWithReasonButton resource="travel-policies" cancellable={beforeTrip} />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" />
        <FunctionField source="status" render={(r: { status: number }) => <span data-testid="policy-status">{t(`${R}.status.${r.status}`)}</span>} />
        <ClientName source="client_id" />
        <LtrText source="quote_id" />
        <LtrText source="provider_policy_id" />
        <FunctionField
          source="multi_entry"
          render={(r: { meta_data: { multi_entry: boolean } }) => t(`${R}.kind.${r.meta_data.multi_entry ? 'multi' : 'single'}`)}
        />
        <DateText source="start_date" />
        <DateText source="end_date" />
        <LtrText source="meta_data.nationality_id" />
        <LtrText source="meta_data.email" />
        <LtrText source="meta_data.phone_number" />
        <ArrayField source="meta_data.travellers">
          <DataTable bulkActionButtons={false}>
            <DataTable.Col source="full_name" />
            <DataTable.Col source="passport_number">
              <LtrText source="passport_number" />
            </DataTable.Col>
            <DataTable.Col source="nationality" />
            <DataTable.Col source="date_of_birth">
              <DateText source="date_of_birth" />
            </DataTable.Col>
            <DataTable.Col source="relation" />
          </DataTable>
        </ArrayField>
        <MoneyText source="price" />
        <UrlField source="policy_url" target="_blank" emptyText="—" />
        <UrlField source="invoice_url" target="_blank" emptyText="—" />
        <DateTimeText source="purchased_at" />
        <DateTimeText source="canceled_at" />
        <MoneyText source="refund_amount" />
        <DateTimeText source="created_at" />
      </SimpleShowLayout>
      <PolicyActivity />
    </Show>
  );
}
