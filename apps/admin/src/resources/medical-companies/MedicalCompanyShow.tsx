import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  ListContextProvider,
  RecordContextProvider,
  ResourceContextProvider,
  Show,
  TopToolbar,
  useList,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ListTable } from '../../common/ListTable';
import { useFormat } from '../../common/format';
import { DeclarationButton, EmployeeFormButton, RemoveEmployeeButton, useCanEditEmployees, type Employee } from './EmployeeDialogs';
import { DownloadFormsButton, ExportEmployeesButton, ImportEmployeesButton, PaymentLinkButton } from './MedicalCompanyActions';

const R = 'resources.medical-companies';

type Policy = { id: number; status: number; insurance_provider: string; price: string; provider_policy_id: string | null; created_at: string };

/**
 * The company's employees as the console's one list (a table, on a phone cards): the health declaration and the
 * buttons for each employee stay on the screen. The buttons act on the company, whose record they are given.
 */
function EmployeeTable({ company, employees, editable }: { company: RaRecord; employees: Employee[]; editable: boolean }) {
  const t = useTranslate();
  const f = useFormat();
  const list = useList({ data: employees, perPage: 1000 });
  return (
    <ListContextProvider value={list}>
      <ListTable rowClick={false} rowTestId={(e) => `employee-row-${e.id}`} card={{ title: ['name'], end: ['declaration'], footer: ['actions'] }}>
        <DataTable.Col source="name" label={`${R}.fields.name`} />
        <DataTable.Col
          source="person_id"
          label={`${R}.fields.person_id`}
          disableSort
          render={(e: Employee) => <bdi style={{ whiteSpace: 'nowrap' }}>{e.nationality_id ?? e.iqama_id}</bdi>}
        />
        <DataTable.Col source="age" label={`${R}.fields.age`} render={(e: Employee) => (e.age === null ? '—' : f.number(e.age))} />
        <DataTable.Col source="category" label={`${R}.fields.category`} render={(e: Employee) => t(`${R}.tiers.${e.category}`)} />
        <DataTable.Col
          source="dependents"
          label={`${R}.fields.dependents`}
          disableSort
          render={(e: Employee) => f.number(Array.isArray(e.dependents) ? e.dependents.length : e.dependents)}
        />
        <DataTable.Col
          source="declaration"
          label={`${R}.fields.declaration`}
          disableSort
          render={(e: Employee) => (
            <Chip size="small" color={e.declared ? 'success' : 'warning'} label={t(`${R}.declaration.${e.declared ? 'done' : 'missing'}`)} />
          )}
        />
        {editable && (
          <DataTable.Col
            source="actions"
            label={`${R}.employee.actions`}
            disableSort
            sx={{ whiteSpace: 'nowrap' }}
            render={(e: Employee) => (
              <RecordContextProvider value={company}>
                <EmployeeFormButton employee={e} />
                <DeclarationButton employee={e} />
                <RemoveEmployeeButton employee={e} />
              </RecordContextProvider>
            )}
          />
        )}
      </ListTable>
    </ListContextProvider>
  );
}

/** The company's policies, each opening its page. */
function PolicyTable({ policies }: { policies: Policy[] }) {
  const t = useTranslate();
  const f = useFormat();
  const list = useList({ data: policies, perPage: 1000 });
  return (
    <ResourceContextProvider value="medical-policies">
      <ListContextProvider value={list}>
        <ListTable>
          <DataTable.Col source="id" />
          <DataTable.Col source="status" render={(p: Policy) => t(`resources.medical-policies.status.${p.status}`)} />
          <DataTable.Col source="insurance_provider" render={(p: Policy) => t(`enums.insurer.${p.insurance_provider}`, { _: p.insurance_provider })} />
          <DataTable.Col source="price" render={(p: Policy) => <bdi style={{ whiteSpace: 'nowrap' }}>{f.money(p.price)}</bdi>} />
          <DataTable.Col source="provider_policy_id" disableSort render={(p: Policy) => <bdi>{p.provider_policy_id ?? '—'}</bdi>} />
        </ListTable>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

function Details() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  const editable = useCanEditEmployees();
  // Opened from the list, the page first holds the list's row (no employees, policies or amount due) until
  // the company itself arrives: wait for it rather than read what is not there yet.
  if (!record || !Array.isArray(record.employees)) return <LinearProgress sx={{ m: 2 }} data-testid="company-loading" />;
  const employees = record.employees as Employee[];
  const policies = (record.policies ?? []) as Policy[];
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6">
        {f.locale === 'ar' ? (
          <>
            {record.name_ar} <bdi>{record.name}</bdi>
          </>
        ) : (
          <>
            {record.name} <bdi dir="rtl">{record.name_ar}</bdi>
          </>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`${R}.fields.commercial_registration_number`)}: <bdi>{record.commercial_registration_number}</bdi> · {record.city} · {t(`${R}.fields.payment_due`)}:{' '}
        <bdi data-testid="payment-due">{record.payment_due?.payment ? f.money(record.payment_due.payment) : '—'}</bdi>
      </Typography>
      <Typography variant="overline">{t(`${R}.sections.employees`, { count: f.number(employees.length) })}</Typography>
      <Box data-testid="employees">
        <EmployeeTable company={record} employees={employees} editable={editable} />
      </Box>
      <Typography variant="overline" sx={{ mt: 3, display: 'block' }}>
        {t(`${R}.sections.policies`)}
      </Typography>
      <Box data-testid="company-policies">
        <PolicyTable policies={policies} />
      </Box>
    </Box>
  );
}

export function MedicalCompanyShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <EmployeeFormButton />
          <ImportEmployeesButton />
          <ExportEmployeesButton />
          <DownloadFormsButton />
          <PaymentLinkButton />
        </TopToolbar>
      }
    >
      <Details />
    </Show>
  );
}
