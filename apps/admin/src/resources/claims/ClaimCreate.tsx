import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Create, DateInput, required, SelectInput, SimpleForm, TextInput, useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { PolicyPicker } from './PolicyPicker';

const R = 'resources.claims';

/** The families and their claim types come from the API (the same lists it checks against). */
function useClaimTypes() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({ queryKey: ['claims', 'types'], queryFn: () => dataProvider.claimTypes(), staleTime: 300_000 });
}

function ClaimTypeInput() {
  const t = useTranslate();
  const family = useWatch({ name: 'product_family' }) as string | undefined;
  const { data } = useClaimTypes();
  const types = data?.find((f) => f.family === family)?.claim_types ?? [];
  return (
    <SelectInput
      source="claim_type"
      choices={types.map((c) => ({ id: c, name: t(`${R}.types.${c}`, { _: c.replace(/_/g, ' ') }) }))}
      validate={required()}
      disabled={!types.length}
    />
  );
}

/**
 * A claim opened by staff for a customer who called in; documents are uploaded by the partner. A policy page's
 * "File a claim" opens it with `?source={"product_family":...,"policy_id":...}`, which react-admin puts in the form.
 */
export function ClaimCreate() {
  const t = useTranslate();
  const { data } = useClaimTypes();
  const families = (data ?? []).map((f) => ({ id: f.family, name: t(`${R}.families.${f.family}`, { _: f.family }) }));
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={{ product_family: 'property' }}>
        <SelectInput source="product_family" choices={families} validate={required()} />
        <PolicyPicker />
        <ClaimTypeInput />
        <DateInput source="incident_date" validate={required()} />
        <TextInput source="description" multiline fullWidth validate={required()} />
        <TextInput source="requested_amount" validate={required()} slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} />
        <TextInput source="note" multiline fullWidth />
      </SimpleForm>
    </Create>
  );
}
