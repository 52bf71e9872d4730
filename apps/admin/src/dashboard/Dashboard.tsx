import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RaLink, Title, useDataProvider, useGetIdentity, useResourceDefinitions, useTranslate } from 'react-admin';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ConsoleDataProvider, DashboardData } from '../providers/dataProvider';
import { useFormat } from '../common/format';
import { ProviderHealthPanel } from './ProviderHealthPanel';
import { ClaimsQueuePanel } from '../resources/claims/ClaimsQueuePanel';

const DAYS = 30;

/** A list filtered as a figure counted it. */
const listWhere = (resource: string, filter: object, sort?: string) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}${sort ? `&sort=${sort}&order=ASC` : ''}`;

/** A figure, what it means, and the list it counts (when the staff member may open that list). */
function Stat({ label, value, hint, testId, to }: { label: string; value: string; hint?: string; testId: string; to?: { resource: string; path: string } }) {
  const t = useTranslate();
  const resources = useResourceDefinitions();
  const link = to && resources[to.resource]?.hasList ? to.path : undefined;
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {/* money in Arabic digits with its currency is long: three cards a row below 1536 px, and a number never breaks inside */}
        <Typography variant="h4" sx={{ fontWeight: 700, mt: 1, fontSize: { xs: '1.75rem', xl: '1.6rem' } }} data-testid={`${testId}-value`}>
          <bdi>{value}</bdi>
        </Typography>
        {/* each on its own line: a hint and the link never read as one run of words */}
        {hint && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            {hint}
          </Typography>
        )}
        {link && (
          <Typography variant="body2" component="p" sx={{ mt: 'auto', pt: 1, mb: 0 }}>
            <RaLink to={link} data-testid={`${testId}-link`} sx={{ fontWeight: 600 }}>
              {t('dashboard.open_list')}
            </RaLink>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function Dashboard() {
  const dp = useDataProvider<ConsoleDataProvider>();
  const t = useTranslate();
  const f = useFormat();
  const { identity } = useGetIdentity();
  const [data, setData] = useState<DashboardData | null>(null);
  useEffect(() => {
    dp.dashboard(DAYS).then(setData, () => setData(null));
  }, [dp]);

  const c = data?.counters ?? {};
  const n = (k: string) => f.number(c[k] ?? 0);
  const policies = Object.entries(data?.policies_by_status ?? {});
  const chart = (data?.series.clients_created ?? []).map((p, i) => ({
    day: f.day(p.date),
    clients: Number(p.value),
    quotes: Number(data?.series.quote_requests?.[i]?.value ?? 0),
  }));
  const rtl = f.locale === 'ar';
  const medical = data?.worklists?.medical;
  const operations = data?.worklists?.operations;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('dashboard.title')} />
      <Typography variant="h5" sx={{ fontWeight: 700 }}>
        {t('dashboard.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboard.subtitle', { days: f.number(DAYS) })}
      </Typography>
      {medical && (
        <Box sx={{ mb: 3 }} data-testid="medical-work">
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('dashboard.medical_work')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
              <Stat
                testId="stat-missing-declarations"
                label={t('dashboard.companies_missing_declarations')}
                value={f.number(medical.companies_missing_declarations)}
                hint={t('dashboard.employees_missing', { count: f.number(medical.employees_missing_declarations) })}
                to={{ resource: 'medical-companies', path: listWhere('medical-companies', { missing_declarations: true }) }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
              <Stat
                testId="stat-amount-due"
                label={t('dashboard.amount_due')}
                value={f.money(medical.amount_due)}
                hint={t('dashboard.companies_owing', { count: f.number(medical.companies_with_amount_due) })}
                to={{ resource: 'medical-companies', path: listWhere('medical-companies', { payment_due: true }) }}
              />
            </Grid>
          </Grid>
        </Box>
      )}
      {operations && (
        <Box sx={{ mb: 3 }} data-testid="operations-work">
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('dashboard.operations_work')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
              <Stat
                testId="stat-refunds-needing-action"
                label={t('dashboard.refunds_needing_action')}
                value={f.number(operations.refunds_needing_action)}
                hint={t('dashboard.refunds_needing_action_hint')}
                to={{ resource: 'refunds', path: listWhere('refunds', { status: 'failed' }) }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
              <Stat
                testId="stat-renewals-not-taken"
                label={t('dashboard.renewals_not_taken')}
                value={f.number(operations.renewals_not_taken)}
                hint={t('dashboard.renewals_not_taken_hint')}
                to={{ resource: 'renewals', path: listWhere('renewals', { taken: false }, 'ends_at') }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
              <Stat
                testId="stat-scheduled-events-failed"
                label={t('dashboard.scheduled_events_failed')}
                value={f.number(operations.scheduled_events_failed)}
                hint={t('dashboard.scheduled_events_failed_hint')}
                to={{ resource: 'due-events', path: listWhere('due-events', { state: 'failed' }) }}
              />
            </Grid>
          </Grid>
        </Box>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 4, xl: 2 }}>
          <Stat
            testId="stat-clients"
            label={t('dashboard.clients')}
            value={n('clients_total')}
            hint={t('dashboard.clients_active', { count: n('clients_active') })}
            to={{ resource: 'clients', path: '/clients' }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4, xl: 2 }}>
          <Stat
            testId="stat-quotes"
            label={t('dashboard.quote_requests')}
            value={n('quote_requests')}
            to={{ resource: 'motor-quote-requests', path: '/motor-quote-requests' }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4, xl: 2 }}>
          <Stat testId="stat-policies" label={t('dashboard.policies')} value={n('policies_total')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4, xl: 2 }}>
          <Stat testId="stat-premium" label={t('dashboard.premium_volume')} value={f.money(data?.premium_volume ?? '0')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4, xl: 2 }}>
          <Stat
            testId="stat-payments"
            label={t('dashboard.payments_pending')}
            value={n('payments_pending')}
            to={{ resource: 'payments', path: listWhere('payments', { open: true }) }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4, xl: 2 }}>
          <Stat
            testId="stat-claims"
            label={t('dashboard.claims_open')}
            value={n('claims_open')}
            hint={t('dashboard.claims_unassigned', { count: n('claims_unassigned') })}
            to={{ resource: 'claims', path: listWhere('claims', { undecided: true }, 'created_at') }}
          />
        </Grid>
        <ClaimsQueuePanel />
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent>
              <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                {t('dashboard.activity', { days: f.number(DAYS) })}
              </Typography>
              <Box sx={{ height: 280 }} dir="ltr" data-testid="activity-chart">
                <ResponsiveContainer width="100%" height="100%">
                  <AreaChart data={chart} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                    <XAxis dataKey="day" reversed={rtl} tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={24} />
                    <YAxis
                      allowDecimals={false}
                      orientation={rtl ? 'right' : 'left'}
                      tick={{ fontSize: 12 }}
                      tickFormatter={(v: number) => f.number(v)}
                      width={40}
                    />
                    <Tooltip formatter={(v) => f.number(Number(v))} />
                    <Legend />
                    <Area
                      type="monotone"
                      dataKey="clients"
                      name={t('dashboard.clients_created')}
                      stroke="#0b5cab"
                      fill="#0b5cab"
                      fillOpacity={0.15}
                      isAnimationActive={false}
                    />
                    <Area
                      type="monotone"
                      dataKey="quotes"
                      name={t('dashboard.quote_requests_series')}
                      stroke="#0f9d76"
                      fill="#0f9d76"
                      fillOpacity={0.12}
                      isAnimationActive={false}
                    />
                  </AreaChart>
                </ResponsiveContainer>
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                {t('dashboard.policies_by_status')}
              </Typography>
              {policies.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('dashboard.no_policies')}
                </Typography>
              ) : (
                policies.map(([status, count]) => (
                  <Box key={status} sx={{ display: 'flex', justifyContent: 'space-between', py: 0.75, borderBottom: '1px solid #eef2f7' }}>
                    <Chip size="small" label={t(`dashboard.status.${status}`, { _: status })} />
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {f.number(count)}
                    </Typography>
                  </Box>
                ))
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <ProviderHealthPanel days={7} />
        </Grid>
      </Grid>
    </Box>
  );
}
