import { FunctionField, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useTranslate } from 'react-admin';
import { DateTimeText, LtrText } from '../../common/fields';
import { CancelWithReasonButton } from '../../common/CancelWithReasonButton';
import { PolicyActivity } from '../../common/PolicyActivity';
import { FileClaimButton } from '../claims/FileClaimButton';

const R = 'resources.horse-policies';

export function HorsePolicyShow() {
  const t = useTranslate();
  return (
    <Show actions={<TopToolbar sx={{ gap: 1 }}><FileClaimButton family="horse" /><CancelWithReasonButton resource="horse-policies" /></TopToolbar>}>
      <SimpleShowLayout>
        <TextField source="id" />
        <FunctionField source="status" render={(r: { status: number }) => <span data-testid="policy-status">{t(`${R}.status.${r.status}`)}</span>} />
        <LtrText source="client_id" />
        <LtrText source="provider_policy_id" />
        <TextField source="horse.name" />
        <TextField source="horse.breed" />
        <TextField source="horse.date_of_birth" />
        <TextField source="horse.sex" />
        <TextField source="horse.use" />
        <LtrText source="horse.microchip_number" />
        <LtrText source="horse.passport_number" />
        <NumberField source="horse.value" options={{ minimumFractionDigits: 2 }} />
        <TextField source="owner.name" />
        <LtrText source="owner.id" />
        <LtrText source="owner.email" />
        <LtrText source="owner.phone" />
        <NumberField source="net_premium" options={{ minimumFractionDigits: 2 }} />
        <NumberField source="vat" options={{ minimumFractionDigits: 2 }} />
        <NumberField source="price" options={{ minimumFractionDigits: 2 }} />
        <TextField source="start_date" />
        <TextField source="end_date" />
        <DateTimeText source="cancelled_at" />
        <NumberField source="refund_amount" options={{ minimumFractionDigits: 2 }} />
        <DateTimeText source="created_at" />
      </SimpleShowLayout>
      <PolicyActivity />
    </Show>
  );
}
