import { FunctionField, Show, SimpleShowLayout, TextField, TopToolbar, useTranslate } from 'react-admin';
import { ClientName, DateText, DateTimeText, EnumText, LtrText, MoneyText } from '../../common/fields';
import { CancelWithReasonButton } from '../../common/CancelWithReasonButton';
import { PolicyActivity } from '../../common/PolicyActivity';
import { FileClaimButton } from '../claims/FileClaimButton';

const R = 'resources.horse-policies';

export function HorsePolicyShow() {
  const t = useTranslate();
  return (
    <Show
      actions={
        <TopToolbar sx={{ gap: 1 }}>
          <FileClaimButton family="horse" />
          <CancelWithReasonButton resource="horse-policies" />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" />
        <FunctionField source="status" render={(r: { status: number }) => <span data-testid="policy-status">{t(`${R}.status.${r.status}`)}</span>} />
        <ClientName source="client_id" />
        <LtrText source="provider_policy_id" />
        <TextField source="horse.name" />
        <TextField source="horse.breed" />
        <DateText source="horse.date_of_birth" />
        <EnumText source="horse.sex" group="horse_sex" />
        <EnumText source="horse.use" group="horse_use" />
        <LtrText source="horse.microchip_number" />
        <LtrText source="horse.passport_number" />
        <MoneyText source="horse.value" />
        <TextField source="owner.name" />
        <LtrText source="owner.id" />
        <LtrText source="owner.email" />
        <LtrText source="owner.phone" />
        <MoneyText source="net_premium" />
        <MoneyText source="vat" />
        <MoneyText source="price" />
        <DateText source="start_date" />
        <DateText source="end_date" />
        <DateTimeText source="cancelled_at" />
        <MoneyText source="refund_amount" />
        <DateTimeText source="created_at" />
      </SimpleShowLayout>
      <PolicyActivity />
    </Show>
  );
}
