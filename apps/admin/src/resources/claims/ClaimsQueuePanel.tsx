import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link, RecordContextProvider, useCreatePath, useGetList, usePermissions, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { useFormat } from '../../common/format';
import { ClaimDecisionDue, ClaimLabel } from './ClaimFields';

const R = 'resources.claims';
const queue = (filter: object) => `/claims?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=created_at&order=ASC`;

/** The claims handler's queue on the dashboard (a row of its grid): the oldest claims nobody has taken, and how many are overdue. */
export function ClaimsQueuePanel() {
  const t = useTranslate();
  const f = useFormat();
  const createPath = useCreatePath();
  const { permissions: role } = usePermissions<string>();
  const allowed = can(role, 'update', 'claims');
  const sort = { field: 'created_at', order: 'ASC' as const };
  const waiting = useGetList('claims', { filter: { unassigned: true }, sort, pagination: { page: 1, perPage: 5 } }, { enabled: allowed });
  const overdue = useGetList('claims', { filter: { overdue: true }, sort, pagination: { page: 1, perPage: 1 } }, { enabled: allowed });
  if (!allowed) return null;
  return (
    <Grid size={12}>
      <Card data-testid="claims-queue-panel">
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
              {t(`${R}.queue.title`)}
            </Typography>
            <Chip size="small" label={t(`${R}.queue.unassigned`, { count: f.number(waiting.total ?? 0) })} data-testid="queue-unassigned-count" />
            <Chip
              size="small"
              color={(overdue.total ?? 0) > 0 ? 'error' : 'default'}
              label={t(`${R}.queue.overdue`, { count: f.number(overdue.total ?? 0) })}
              data-testid="queue-overdue-count"
            />
          </Box>
          {(waiting.data ?? []).length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t(`${R}.queue.empty`)}
            </Typography>
          ) : (
            (waiting.data ?? []).map((c) => (
              <RecordContextProvider key={c.id} value={c}>
                <Box
                  sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center', py: 0.75, borderBottom: '1px solid #eef2f7' }}
                  data-testid="queue-row"
                >
                  <Link to={createPath({ resource: 'claims', type: 'show', id: c.id })}>
                    <bdi>#{c.id}</bdi>
                  </Link>
                  <Typography variant="body2" sx={{ flexGrow: 1 }}>
                    <bdi>{c.customer_name ?? c.policy?.holder_id ?? '—'}</bdi>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <ClaimLabel source="product_family" group="families" /> · <ClaimLabel source="claim_type" group="types" />
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`${R}.fields.decision_due_at`)}
                  </Typography>
                  <Typography variant="body2" component="span">
                    <ClaimDecisionDue />
                  </Typography>
                </Box>
              </RecordContextProvider>
            ))
          )}
          <Button component={Link} to={queue({ unassigned: true })} size="small" sx={{ mt: 1 }} data-testid="queue-open">
            {t(`${R}.queue.open`)}
          </Button>
        </CardContent>
      </Card>
    </Grid>
  );
}
