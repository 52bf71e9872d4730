import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Loading, Title, useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FAMILIES, portalApi, type PortalOverview } from '../providers/api';
import { useFamily, useFormat } from './business-parts';

const MONTHS = 12;
const COLOURS: Record<string, string> = {
  motor: '#0b5cab',
  tpl: '#0f9d76',
  property: '#b45309',
  travel: '#7c3aed',
  medical: '#db2777',
  life: '#0891b2',
  horse: '#65a30d',
};

/** Sums decimal strings ("1234.50") in halalas, never through floating point. */
function sumAmounts(amounts: string[]): string {
  const halalas = amounts.reduce((total, a) => {
    const [whole, frac = ''] = a.split('.');
    const sign = whole.startsWith('-') ? -1n : 1n;
    return total + sign * (BigInt(whole.replace('-', '')) * 100n + BigInt((frac + '00').slice(0, 2)));
  }, 0n);
  const abs = halalas < 0n ? -halalas : halalas;
  return `${halalas < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 700, mt: 1 }} data-testid={`${testId}-value`}>
          <bdi>{value}</bdi>
        </Typography>
      </CardContent>
    </Card>
  );
}

function Panel({ title, help, testId, children }: { title: string; help?: string; testId: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {help && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, mb: 1 }}>
            {help}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** The partner's business in figures: premium per month by product, and how each insurer turns quote requests into policies and how fast it answers. */
export function OverviewPage() {
  const t = useTranslate();
  const f = useFormat();
  const family = useFamily();
  const [data, setData] = useState<PortalOverview | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    portalApi.overview(MONTHS).then(setData, () => setFailed(true));
  }, []);
  if (failed) return <Typography sx={{ mt: 2 }}>{t('ra.notification.http_error')}</Typography>;
  if (!data) return <Loading />;
  const { rtl } = f;

  const families = FAMILIES.filter((fam) => data.premium_by_month.some((r) => r.family === fam));
  const premiumChart = data.months.map((month) => ({
    month: f.month(month),
    // the chart's bar heights only; every amount shown as text is summed exactly (sumAmounts)
    ...Object.fromEntries(families.map((fam) => [fam, Number(data.premium_by_month.find((r) => r.month === month && r.family === fam)?.premium ?? 0)])),
  }));
  const total = sumAmounts(data.premium_by_month.map((r) => r.premium));
  const issued = data.premium_by_month.reduce((n, r) => n + r.policies, 0);
  const requests = Math.max(0, ...data.insurers.map((i) => i.quote_requests));
  const insurers = data.insurers.map((i) => ({ ...i, name: i.insurer }));
  const axis = { tick: { fontSize: 12 } };
  // one band per insurer, its names on the side: readable with a dozen insurers, and on a phone
  const barsHeight = 80 + insurers.length * 36;

  return (
    <Box sx={{ mt: 2 }} data-testid="overview">
      <Title title={t('portal.business.overview')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('portal.business.overview_intro', { months: f.number(MONTHS) })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Figure testId="overview-premium" label={t('portal.business.premium_total', { months: f.number(MONTHS) })} value={f.money(total)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Figure testId="overview-policies" label={t('portal.business.policies_issued', { months: f.number(MONTHS) })} value={f.number(issued)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Figure testId="overview-quotes" label={t('portal.business.quote_requests')} value={f.number(requests)} />
        </Grid>
        <Grid size={12}>
          <Panel title={t('portal.business.premium_by_month')} testId="premium-chart">
            {families.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('portal.business.no_premium')}
              </Typography>
            ) : (
              <Box sx={{ height: 280 }} dir="ltr" role="img" aria-label={t('portal.business.premium_by_month')}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={premiumChart} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                    <XAxis dataKey="month" reversed={rtl} {...axis} interval="preserveStartEnd" minTickGap={8} />
                    <YAxis orientation={rtl ? 'right' : 'left'} {...axis} width={56} tickFormatter={(v: number) => f.number(v)} />
                    <Tooltip formatter={(v) => f.money(Number(v))} />
                    <Legend />
                    {families.map((fam) => (
                      <Bar key={fam} dataKey={fam} name={family(fam)} stackId="premium" fill={COLOURS[fam]} isAnimationActive={false} />
                    ))}
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            )}
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Panel title={t('portal.business.conversion')} testId="conversion-chart">
            {insurers.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('portal.business.no_quotes')}
              </Typography>
            ) : (
              <>
                <Box sx={{ height: barsHeight }} dir="ltr" role="img" aria-label={t('portal.business.conversion')}>
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={insurers} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
                      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                      <XAxis type="number" allowDecimals={false} reversed={rtl} {...axis} tickFormatter={(v: number) => f.number(v)} />
                      <YAxis type="category" dataKey="name" orientation={rtl ? 'right' : 'left'} {...axis} width={72} interval={0} />
                      <Tooltip formatter={(v) => f.number(Number(v))} />
                      <Legend />
                      <Bar dataKey="quote_requests" name={t('portal.business.requests_series')} fill="#94a3b8" isAnimationActive={false} />
                      <Bar dataKey="offered" name={t('portal.business.offered_series')} fill="#0b5cab" isAnimationActive={false} />
                      <Bar dataKey="policies" name={t('portal.business.policies_series')} fill="#0f9d76" isAnimationActive={false} />
                    </BarChart>
                  </ResponsiveContainer>
                </Box>
                <InsurerTable data={data} />
              </>
            )}
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Panel title={t('portal.business.answer_times')} help={t('portal.business.answer_times_help')} testId="answer-times-chart">
            {insurers.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('portal.business.no_quotes')}
              </Typography>
            ) : (
              <Box sx={{ height: barsHeight }} dir="ltr" role="img" aria-label={t('portal.business.answer_times')}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={insurers} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                    <XAxis type="number" reversed={rtl} {...axis} tickFormatter={(v: number) => f.number(v)} />
                    <YAxis type="category" dataKey="name" orientation={rtl ? 'right' : 'left'} {...axis} width={72} interval={0} />
                    <Tooltip formatter={(v) => `${f.number(Number(v))} ${t('portal.business.ms')}`} />
                    <Legend />
                    <Bar dataKey="p50_ms" name={t('portal.business.p50')} fill="#0b5cab" isAnimationActive={false} />
                    <Bar dataKey="p95_ms" name={t('portal.business.p95')} fill="#b45309" isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            )}
          </Panel>
        </Grid>
      </Grid>
    </Box>
  );
}

/** The insurers' figures as text: what the charts draw, readable without them (and by a screen reader). */
function InsurerTable({ data }: { data: PortalOverview }) {
  const t = useTranslate();
  const f = useFormat();
  const pct = (a: number, b: number) => (b ? f.percent(a / b) : '—');
  return (
    <TableContainer sx={{ mt: 1, overflowX: 'auto' }}>
      <Table size="small" data-testid="insurer-table" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('portal.business.insurer')}</TableCell>
            <TableCell align="right">{t('portal.business.requests_series')}</TableCell>
            <TableCell align="right">{t('portal.business.policies_series')}</TableCell>
            <TableCell align="right">{t('portal.business.conversion_rate')}</TableCell>
            <TableCell align="right">p50 ({t('portal.business.ms')})</TableCell>
            <TableCell align="right">p95 ({t('portal.business.ms')})</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.insurers.map((i) => (
            <TableRow key={`${i.family}-${i.insurer}`} data-testid={`insurer-${i.insurer}`}>
              <TableCell>{i.insurer}</TableCell>
              <TableCell align="right">{f.number(i.quote_requests)}</TableCell>
              <TableCell align="right">{f.number(i.policies)}</TableCell>
              <TableCell align="right">{pct(i.policies, i.quote_requests)}</TableCell>
              <TableCell align="right">{i.p50_ms === null ? '—' : f.number(i.p50_ms)}</TableCell>
              <TableCell align="right">{i.p95_ms === null ? '—' : f.number(i.p95_ms)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
