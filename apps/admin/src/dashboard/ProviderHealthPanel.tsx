import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { usePermissions, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { useFormat } from '../common/format';
import { API, httpClient } from '../providers/httpClient';

export interface ProviderHealth {
  days: number;
  insurers: Array<{
    insurer_code: string;
    name: string;
    name_ar: string;
    requests: number;
    ok: number;
    declined: number;
    timeout: number;
    error: number;
    /** Decimal string with four digits, e.g. "0.8333"; null without requests. */
    answer_rate: string | null;
    latency_p50_ms: number | null;
    latency_p95_ms: number | null;
  }>;
}

const H = 'resources.provider-health';

/** Answer rate as a percentage with one decimal, from the API's decimal string (no float arithmetic on it). */
function percent(rate: string, tag: string): string {
  const [whole, frac = ''] = rate.split('.');
  const basisPoints = Number(whole) * 10_000 + Number(frac.padEnd(4, '0').slice(0, 4));
  return new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(basisPoints / 10_000);
}

type Insurer = ProviderHealth['insurers'][number];

/** The answer rate as a bar coloured by how healthy it is, with the percentage beside it. */
function RateBar({ insurer, tag }: { insurer: Insurer; tag: string }) {
  if (insurer.answer_rate === null) return <>—</>;
  const rate = Number(insurer.answer_rate);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LinearProgress
        variant="determinate"
        value={rate * 100}
        color={rate >= 0.95 ? 'success' : rate >= 0.8 ? 'warning' : 'error'}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" sx={{ minWidth: 52, textAlign: 'end' }} data-testid={`rate-${insurer.insurer_code}`}>
        {percent(insurer.answer_rate, tag)}
      </Typography>
    </Box>
  );
}

/** On a phone: one block per insurer (name, rate, then the counts and times as label and value), never a wide table. */
function HealthCards({ data, tag, n }: { data: ProviderHealth; tag: string; n: (v: number | null) => string }) {
  const t = useTranslate();
  const f = useFormat();
  const fact = (label: string, value: string, alert = false) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap', color: alert ? 'error.main' : undefined }}>
      <Typography component="span" variant="body2" color="text.secondary">
        {t(`${H}.${label}`)}
      </Typography>{' '}
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box data-testid="provider-health-table">
      {data.insurers.map((i) => (
        <Box key={i.insurer_code} data-testid={`health-${i.insurer_code}`} sx={{ py: 1, borderBottom: '1px solid #eef2f7' }}>
          <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
            {f.locale === 'ar' ? i.name_ar : i.name}
          </Typography>
          <RateBar insurer={i} tag={tag} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, mt: 0.5 }}>
            {fact('requests', n(i.requests))}
            {fact('ok', n(i.ok))}
            {fact('declined', n(i.declined))}
            {fact('timeout', n(i.timeout), i.timeout > 0)}
            {fact('error', n(i.error), i.error > 0)}
            {fact('p50', n(i.latency_p50_ms))}
            {fact('p95', n(i.latency_p95_ms))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function HealthTable({ data }: { data: ProviderHealth }) {
  const t = useTranslate();
  const f = useFormat();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const tag = f.locale === 'ar' ? 'ar-SA-u-nu-arab' : 'en-GB';
  const n = (v: number | null) => (v === null ? '—' : f.number(v));
  if (!data.insurers.some((i) => i.requests > 0))
    return (
      <Typography variant="body2" color="text.secondary">
        {t(`${H}.empty`)}
      </Typography>
    );
  if (phone) return <HealthCards data={data} tag={tag} n={n} />;
  return (
    <Table size="small" data-testid="provider-health-table">
      <TableHead>
        <TableRow>
          <TableCell>{t(`${H}.insurer`)}</TableCell>
          <TableCell align="right">{t(`${H}.requests`)}</TableCell>
          <TableCell align="right">{t(`${H}.ok`)}</TableCell>
          <TableCell align="right">{t(`${H}.declined`)}</TableCell>
          <TableCell align="right">{t(`${H}.timeout`)}</TableCell>
          <TableCell align="right">{t(`${H}.error`)}</TableCell>
          <TableCell sx={{ minWidth: 140 }}>{t(`${H}.answer_rate`)}</TableCell>
          <TableCell align="right">{t(`${H}.p50`)}</TableCell>
          <TableCell align="right">{t(`${H}.p95`)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.insurers.map((i) => (
          <TableRow key={i.insurer_code} data-testid={`health-${i.insurer_code}`}>
            <TableCell sx={{ fontWeight: 600 }}>{f.locale === 'ar' ? i.name_ar : i.name}</TableCell>
            <TableCell align="right">{n(i.requests)}</TableCell>
            <TableCell align="right">{n(i.ok)}</TableCell>
            <TableCell align="right">{n(i.declined)}</TableCell>
            <TableCell align="right" sx={{ color: i.timeout ? 'error.main' : undefined }}>
              {n(i.timeout)}
            </TableCell>
            <TableCell align="right" sx={{ color: i.error ? 'error.main' : undefined }}>
              {n(i.error)}
            </TableCell>
            <TableCell>
              <RateBar insurer={i} tag={tag} />
            </TableCell>
            <TableCell align="right">{n(i.latency_p50_ms)}</TableCell>
            <TableCell align="right">{n(i.latency_p95_ms)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** How each motor insurer answered over the last `days` days; shown to roles that may read provider health. */
export function ProviderHealthPanel({ days = 7 }: { days?: number }) {
  const { permissions: role } = usePermissions<string>();
  const t = useTranslate();
  const f = useFormat();
  const allowed = can(role, 'read', 'provider-health');
  const [data, setData] = useState<ProviderHealth | null>(null);
  useEffect(() => {
    if (!allowed) return;
    httpClient(`${API}/provider-health?days=${days}`).then(
      ({ json }) => setData(json as ProviderHealth),
      () => setData(null),
    );
  }, [allowed, days]);
  if (!allowed) return null;
  return (
    <Card data-testid="provider-health">
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t(`${H}.title`, { days: f.number(days) })}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
          {t(`${H}.hint`)}
        </Typography>
        {data ? <HealthTable data={data} /> : <LinearProgress />}
      </CardContent>
    </Card>
  );
}
