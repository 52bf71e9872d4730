import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Labeled, Link as RaLink, Show, TextField, TopToolbar, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { ClientName, DateText, DateTimeText } from '../../common/fields';
import { useFormat } from '../../common/format';
import { Money } from '../property-policies/PropertyPolicyFields';
import { AssignToMeButton, TransitionButtons } from './ClaimActions';
import { AssignToColleagueButton } from './ClaimAssign';
import { ClaimAssignee, ClaimDecisionDue, ClaimLabel, ClaimStatusChip, POLICY_RESOURCES } from './ClaimFields';

const R = 'resources.claims';
const cell = { xs: 12, sm: 6, md: 4 };

interface ClaimPolicyView {
  policy_id: number;
  policy_number: string | null;
  policy_status: string;
  cover_from: string | null;
  cover_to: string | null;
  holder_name: string | null;
  holder_id: string | null;
}

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** The policy and the customer beside the claim: who it is for, on which policy, whether that policy is in force and its cover. */
function PolicyAndCustomer() {
  const f = useFormat();
  const record = useRecordContext();
  const t = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  const p = record.policy as ClaimPolicyView | null;
  const resource = POLICY_RESOURCES[String(record.product_family)];
  return (
    <Card variant="outlined" data-testid="claim-policy-panel">
      <CardContent>
        <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
          {t(`${R}.customer`)}
        </Typography>
        <Line label={t(`${R}.holder_name`)} testId="claim-holder-name">
          {p?.holder_name ? (
            <bdi>{p.holder_name}</bdi>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {t(`${R}.no_holder_name`)}
            </Box>
          )}
        </Line>
        <Line label={t(`${R}.holder_id`)} testId="claim-holder-id">
          <bdi dir="ltr">{p?.holder_id ?? '—'}</bdi>
        </Line>
        <Divider sx={{ my: 1.5 }} />
        <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
          {t(`${R}.policy`)}
        </Typography>
        {!p ? (
          <Typography variant="body2" color="text.secondary">
            {t(`${R}.no_policy`)}
          </Typography>
        ) : (
          <>
            <Line label={t(`${R}.policy_id`)}>
              {resource ? (
                <RaLink to={createPath({ resource, type: 'show', id: p.policy_id })} data-testid="claim-policy-open">
                  <bdi>#{p.policy_id}</bdi> · {t(`${R}.open_policy`)}
                </RaLink>
              ) : (
                <bdi>#{p.policy_id}</bdi>
              )}
            </Line>
            <Line label={t(`${R}.policy_number`)} testId="claim-policy-number">
              <bdi dir="ltr">{p.policy_number ?? '—'}</bdi>
            </Line>
            <Line label={t(`${R}.policy_status`)} testId="claim-policy-status">
              {t(`${R}.policy_statuses.${p.policy_status}`, { _: p.policy_status })}
            </Line>
            <Line label={t(`${R}.cover`)} testId="claim-policy-cover">
              {p.cover_from && p.cover_to ? (
                <bdi>
                  {f.date(p.cover_from)} – {f.date(p.cover_to)}
                </bdi>
              ) : (
                t(`${R}.no_cover`)
              )}
            </Line>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Details() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  if (!record) return null;
  const history = (record.status_history ?? []) as Array<{ from: string | null; to: string; note: string | null; actor: string; at: string }>;
  const documents = (record.documents ?? []) as Array<{ url: string; content_type: string; size: number }>;
  return (
    <Box sx={{ p: 3 }}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={cell}>
              <Labeled source="status">
                <ClaimStatusChip />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="assignee_staff_id">
                <ClaimAssignee />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="decision_due_at">
                <ClaimDecisionDue />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="product_family">
                <ClaimLabel source="product_family" group="families" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="claim_type">
                <ClaimLabel source="claim_type" group="types" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="incident_date">
                <DateText source="incident_date" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="client_id">
                <ClientName />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Typography variant="caption" color="text.secondary">
                {t(`${R}.fields.requested_amount`)}
              </Typography>
              <div>
                <Money value={record.requested_amount} />
              </div>
            </Grid>
            <Grid size={cell}>
              <Typography variant="caption" color="text.secondary">
                {t(`${R}.fields.approved_amount`)}
              </Typography>
              <div>
                <Money value={record.approved_amount} />
              </div>
            </Grid>
            <Grid size={cell}>
              <Typography variant="caption" color="text.secondary">
                {t(`${R}.fields.paid_amount`)}
              </Typography>
              <div>
                <Money value={record.paid_amount} />
              </div>
            </Grid>
            <Grid size={12}>
              <Labeled source="description">
                <TextField source="description" dir="auto" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="created_by">
                <ActorText actor={String(record.created_by ?? '')} testId="claim-created-by" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="created_at">
                <DateTimeText source="created_at" />
              </Labeled>
            </Grid>
          </Grid>
          {documents.length > 0 && (
            <Box sx={{ mb: 3 }}>
              <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
                {t(`${R}.fields.documents`)}
              </Typography>
              <Divider sx={{ mb: 1 }} />
              {documents.map((d) => (
                <div key={d.url}>
                  <Link href={d.url} target="_blank" rel="noreferrer" dir="ltr">
                    {d.content_type}
                  </Link>{' '}
                  ({f.number(Math.round(d.size / 1024))} KB)
                </div>
              ))}
            </Box>
          )}
          <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
            {t(`${R}.history`)}
          </Typography>
          <Divider sx={{ mb: 1 }} />
          {history.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t(`${R}.no_history`)}
            </Typography>
          ) : (
            <Table size="small">
              <TableBody>
                {history.map((h, i) => (
                  <TableRow key={i}>
                    <TableCell>{f.dateTime(h.at)}</TableCell>
                    <TableCell>{t(`${R}.status.${h.to}`, { _: h.to })}</TableCell>
                    <TableCell>
                      <ActorText actor={h.actor} />
                    </TableCell>
                    <TableCell dir="auto">{h.note ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <PolicyAndCustomer />
        </Grid>
      </Grid>
    </Box>
  );
}

/** Who opened or moved a claim: the partner's own system in words ("The client, through the API"), a staff member by email. */
function ActorText({ actor, testId }: { actor: string; testId?: string }) {
  const t = useTranslate();
  if (actor === 'client') return <span data-testid={testId}>{t('resources.claims.by_client')}</span>;
  return (
    <span dir="ltr" style={{ unicodeBidi: 'isolate' }} data-testid={testId}>
      {actor || '—'}
    </span>
  );
}

export function ClaimShow() {
  return (
    <Show
      actions={
        <TopToolbar sx={{ gap: 1 }}>
          <AssignToMeButton />
          <AssignToColleagueButton />
          <TransitionButtons />
        </TopToolbar>
      }
    >
      <Details />
    </Show>
  );
}
