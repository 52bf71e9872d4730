import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RaLink, Show, TopToolbar, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from '../../common/format';
import { DeclarationButton, EmployeeFormButton, RemoveEmployeeButton, useCanEditEmployees, type Employee } from './EmployeeDialogs';
import { DownloadFormsButton, ExportEmployeesButton, ImportEmployeesButton, PaymentLinkButton } from './MedicalCompanyActions';

const R = 'resources.medical-companies';

type Policy = { id: number; status: number; insurance_provider: string; price: string; provider_policy_id: string | null; created_at: string };

function Details() {
  const record = useRecordContext();
  const t = useTranslate();
  const createPath = useCreatePath();
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
      <Table size="small" data-testid="employees">
        <TableHead>
          <TableRow>
            {['name', 'person_id', 'age', 'category', 'dependents', 'declaration'].map((c) => (
              <TableCell key={c}>{t(`${R}.fields.${c}`)}</TableCell>
            ))}
            {editable && <TableCell>{t(`${R}.employee.actions`)}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {employees.map((e) => (
            <TableRow key={e.id} data-testid={`employee-row-${e.id}`}>
              <TableCell>{e.name}</TableCell>
              <TableCell>
                <bdi>{e.nationality_id ?? e.iqama_id}</bdi>
              </TableCell>
              <TableCell>{e.age === null ? '—' : f.number(e.age)}</TableCell>
              <TableCell>{t(`${R}.tiers.${e.category}`)}</TableCell>
              <TableCell>{f.number(Array.isArray(e.dependents) ? e.dependents.length : e.dependents)}</TableCell>
              <TableCell>
                <Chip size="small" color={e.declared ? 'success' : 'warning'} label={t(`${R}.declaration.${e.declared ? 'done' : 'missing'}`)} />
              </TableCell>
              {editable && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <EmployeeFormButton employee={e} />
                  <DeclarationButton employee={e} />
                  <RemoveEmployeeButton employee={e} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="overline" sx={{ mt: 3, display: 'block' }}>
        {t(`${R}.sections.policies`)}
      </Typography>
      <Table size="small">
        <TableBody>
          {policies.map((p) => (
            <TableRow key={p.id}>
              <TableCell>
                <RaLink to={createPath({ resource: 'medical-policies', type: 'show', id: p.id })}>#{p.id}</RaLink>
              </TableCell>
              <TableCell>{t(`resources.medical-policies.status.${p.status}`)}</TableCell>
              <TableCell>{t(`enums.insurer.${p.insurance_provider}`, { _: p.insurance_provider })}</TableCell>
              <TableCell>
                <bdi>{f.money(p.price)}</bdi>
              </TableCell>
              <TableCell>
                <bdi>{p.provider_policy_id ?? '—'}</bdi>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
