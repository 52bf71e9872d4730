import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RaLink, Show, TopToolbar, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { PolicyActivity } from '../../common/PolicyActivity';
import { FileClaimButton } from '../claims/FileClaimButton';
import { useFormat } from '../../common/format';

const R = 'resources.medical-policies';

type Claim = { id: number; status: string; claim_type: string; requested_amount: string; created_at: string };
type Insured = { name: string; identifier: string; category: string; price: string; dependents: unknown[] };

function Details() {
  const record = useRecordContext();
  const t = useTranslate();
  const createPath = useCreatePath();
  const f = useFormat();
  if (!record) return null;
  const insured = record.meta_data.insured as Insured[];
  const claims = record.claims as Claim[];
  const rows: Array<[string, React.ReactNode]> = [
    ['status', t(`${R}.status.${record.status}`)],
    [
      'company_id',
      <RaLink key="c" to={createPath({ resource: 'medical-companies', type: 'show', id: record.company_id })}>
        #{record.company_id}
      </RaLink>,
    ],
    ['insurance_provider', t(`enums.insurer.${record.insurance_provider}`, { _: record.insurance_provider })],
    [
      'price',
      <bdi key="p">
        {f.money(record.price)} ({t(`${R}.fields.vat`)} {f.money(record.vat)})
      </bdi>,
    ],
    ['provider_policy_id', <bdi key="n">{record.provider_policy_id ?? '—'}</bdi>],
  ];
  return (
    <Box sx={{ p: 2 }}>
      <Table size="small">
        <TableBody>
          {rows.map(([k, v]) => (
            <TableRow key={k}>
              <TableCell>{t(`${R}.fields.${k}`)}</TableCell>
              <TableCell>{v}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="overline" sx={{ mt: 3, display: 'block' }}>
        {t(`${R}.sections.insured`)}
      </Typography>
      <Table size="small">
        <TableBody>
          {insured.map((i) => (
            <TableRow key={i.identifier}>
              <TableCell>{i.name}</TableCell>
              <TableCell>
                <bdi>{i.identifier}</bdi>
              </TableCell>
              <TableCell>{t(`enums.medical_tier.${i.category}`, { _: i.category })}</TableCell>
              <TableCell>{f.number(i.dependents.length)}</TableCell>
              <TableCell>
                <bdi>{f.money(i.price)}</bdi>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="overline" sx={{ mt: 3, display: 'block' }}>
        {t(`${R}.sections.claims`)}
      </Typography>
      {claims.length === 0 ? (
        <Typography variant="body2">{t(`${R}.no_claims`)}</Typography>
      ) : (
        <Table size="small" data-testid="policy-claims">
          <TableBody>
            {claims.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <RaLink to={createPath({ resource: 'claims', type: 'show', id: c.id })}>#{c.id}</RaLink>
                </TableCell>
                <TableCell>{t(`resources.claims.types.${c.claim_type}`, { _: c.claim_type })}</TableCell>
                <TableCell>{t(`resources.claims.status.${c.status}`, { _: c.status })}</TableCell>
                <TableCell>
                  <bdi>{f.money(c.requested_amount)}</bdi>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export function MedicalPolicyShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <FileClaimButton family="medical" />
        </TopToolbar>
      }
    >
      <Details />
      <PolicyActivity />
    </Show>
  );
}
