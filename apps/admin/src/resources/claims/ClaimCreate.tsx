import { Create, DateInput, NumberInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { CLAIM_FAMILIES } from './claim-families';

/** The property claim types the API accepts (it checks them again). */
const PROPERTY_CLAIM_TYPES = ['fire', 'water_damage', 'theft', 'natural_disaster', 'accidental_damage', 'liability', 'other'];

/** A claim opened by staff for a customer who called in; documents are uploaded by the partner. */
export function ClaimCreate() {
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={{ product_family: 'property' }}>
        <SelectInput source="product_family" choices={CLAIM_FAMILIES} validate={required()} />
        <NumberInput source="policy_id" validate={required()} />
        <SelectInput source="claim_type" choices={PROPERTY_CLAIM_TYPES.map((c) => ({ id: c, name: c }))} validate={required()} />
        <DateInput source="incident_date" validate={required()} />
        <TextInput source="description" multiline fullWidth validate={required()} />
        <TextInput source="requested_amount" validate={required()} slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} />
        <TextInput source="note" multiline fullWidth />
      </SimpleForm>
    </Create>
  );
}
