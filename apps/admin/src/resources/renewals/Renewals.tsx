import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DataTable, List, NullableBooleanInput, SelectInput, TextField, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { DateText, MonoText } from '../../common/fields';
import { ListActions } from '../../common/ListActions';
import { ListTable } from '../../common/ListTable';
import { AmountText } from '../payments/PaymentFields';

const FAMILIES = ['motor', 'property', 'tpl', 'life', 'horse', 'travel', 'medical'];

/** Whether the customer took the renewal: a later paid policy for the same thing, or the offered term paid. */
function TakenChip({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const taken = record[source] === true;
  return (
    <Chip
      size="small"
      color={taken ? 'success' : 'warning'}
      variant={taken ? 'filled' : 'outlined'}
      label={t(`resources.renewals.taken_${taken ? 'yes' : 'no'}`)}
      data-testid="renewal-taken"
    />
  );
}

/** What the notice offered, in words, with the renewal price where the insurer gave one. */
function Offer({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const offer = String(record[source]);
  return (
    <Typography variant="body2" component="span" data-testid="renewal-offer">
      {t(`resources.renewals.offers.${offer}`, { _: offer })}
      {record.renewal_price !== null && record.renewal_price !== undefined && (
        <>
          {': '}
          <AmountText source="renewal_price" />
        </>
      )}
    </Typography>
  );
}

function Family({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  return <>{t(`resources.payments.policy_types.${String(record[source])}`, { _: String(record[source]) })}</>;
}

function Policy({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span>
      <bdi>#{String(record[source])}</bdi>
      {record.policy_number ? (
        <>
          {' · '}
          <MonoText source="policy_number" />
        </>
      ) : null}
    </span>
  );
}

function FamilyFilter(props: { source: string; alwaysOn?: boolean }) {
  const t = useTranslate();
  return <SelectInput {...props} choices={FAMILIES.map((f) => ({ id: f, name: t(`resources.payments.policy_types.${f}`) }))} />;
}

const filters = [<FamilyFilter key="family" source="family" alwaysOn />, <NullableBooleanInput key="taken" source="taken" alwaysOn />];

/** A row opens the renewed policy's page in its family. */
const policyPage = (_id: unknown, _resource: unknown, record: RaRecord) => `/${String(record.resource)}/${String(record.policy_id)}/show`;

/**
 * Renewals due: every policy whose renewal notice was sent, soonest end first, with what was offered (a re-quote,
 * the insurer's price for the next term, or the notice alone) and whether the customer took it.
 */
export function RenewalList() {
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'ends_at', order: 'ASC' }} perPage={25} empty={false}>
      <ListTable rowClick={policyPage} rowTestId={(r) => `renewal-row-${String(r.id)}`} card={{ title: ['policy_id'], end: ['taken'], plain: ['family'] }}>
        <DataTable.Col source="family">
          <Family source="family" />
        </DataTable.Col>
        <DataTable.Col source="policy_id">
          <Policy source="policy_id" />
        </DataTable.Col>
        <DataTable.Col source="client_name" disableSort />
        <DataTable.Col source="holder" disableSort>
          <TextField source="holder" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="ends_at">
          <DateText source="ends_at" />
        </DataTable.Col>
        <DataTable.Col source="offer" disableSort>
          <Offer source="offer" />
        </DataTable.Col>
        <DataTable.Col source="taken" disableSort>
          <TakenChip source="taken" />
        </DataTable.Col>
      </ListTable>
    </List>
  );
}
