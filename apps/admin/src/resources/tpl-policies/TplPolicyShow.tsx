import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Labeled, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ClientName, DateText, DateTimeText, EnumText, MonoText } from '../../common/fields';
import { CancelWithReasonButton } from '../../common/CancelWithReasonButton';
import { MetaText, TplMoney, TplPriceField, TplStatusChip } from './TplPolicyFields';
import { PolicyActivity } from '../../common/PolicyActivity';
import { FileClaimButton } from '../claims/FileClaimButton';

const R = 'resources.tpl-policies';
const cell = { xs: 12, sm: 6, md: 4 };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 2 }} />
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

function Value({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={cell}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children ?? '—'}
      </Typography>
    </Grid>
  );
}

function Details() {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const m = record.meta_data as Record<string, string | null>;
  const field = (name: string) => t(`${R}.fields.${name}`);
  return (
    <Box sx={{ p: 3 }}>
      <Section title={t(`${R}.sections.policy`)}>
        <Grid size={cell}>
          <Labeled source="status">
            <TplStatusChip />
          </Labeled>
        </Grid>
        <Grid size={cell}>
          <Labeled source="price">
            <TplPriceField />
          </Labeled>
        </Grid>
        <Grid size={cell}>
          <Labeled source="insurance_company_id">
            <EnumText source="insurance_company_id" group="insurer" />
          </Labeled>
        </Grid>
        <Grid size={cell}>
          <Labeled source="provider_policy_id">
            <MonoText source="provider_policy_id" />
          </Labeled>
        </Grid>
        <Value label={field('start_date')}>
          <DateText source="start_date" />
        </Value>
        <Value label={field('end_date')}>
          <DateText source="end_date" />
        </Value>
        <Grid size={cell}>
          <Labeled source="client_id">
            <ClientName />
          </Labeled>
        </Grid>
        <Grid size={cell}>
          <Labeled source="created_at">
            <DateTimeText source="created_at" />
          </Labeled>
        </Grid>
        <Grid size={cell}>
          <Labeled source="purchased_at">
            <DateTimeText source="purchased_at" />
          </Labeled>
        </Grid>
        {m.incorrect_info_message && <Value label={field('incorrect_info_message')}>{m.incorrect_info_message}</Value>}
      </Section>
      <Section title={t(`${R}.sections.vehicle`)}>
        <Value label={field('vin')}>
          <MetaText field="vin" />
        </Value>
        <Value label={field('car_sequence_number')}>
          <MetaText field="car_sequence_number" />
        </Value>
        <Value label={field('current_car_owner')}>
          <MetaText field="current_car_owner" />
        </Value>
        <Value label={field('new_owner_id')}>
          <MetaText field="new_owner_id" />
        </Value>
        <Value label={field('email')}>
          <MetaText field="email" />
        </Value>
        {m.istimarah && (
          <Value label={field('istimarah')}>
            <Link href={m.istimarah} target="_blank" rel="noreferrer">
              {t(`${R}.open_file`)}
            </Link>
          </Value>
        )}
      </Section>
      {Number(record.status) === 2 && (
        <Section title={t(`${R}.sections.cancellation`)}>
          <Grid size={cell}>
            <Labeled source="canceled_at">
              <DateTimeText source="canceled_at" />
            </Labeled>
          </Grid>
          <Value label={field('canceled_by')}>{record.canceled_by}</Value>
          <Value label={field('cancellation_reason')}>{record.cancellation_reason}</Value>
          <Value label={field('refund_amount')}>
            <TplMoney value={record.refund_amount} />
          </Value>
        </Section>
      )}
    </Box>
  );
}

export function TplPolicyShow() {
  return (
    <Show
      actions={
        <TopToolbar sx={{ gap: 1 }}>
          <FileClaimButton family="motor-tpl" />
          <CancelWithReasonButton resource="tpl-policies" />
        </TopToolbar>
      }
    >
      <Details />
      <PolicyActivity />
    </Show>
  );
}
