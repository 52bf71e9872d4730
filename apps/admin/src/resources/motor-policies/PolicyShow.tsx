import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Labeled, Show, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeText, LtrText, MonoText } from '../../common/fields';
import { InsurerName, MoneyText, MotorStatusChip } from '../motor-quote-requests/motor-fields';
import { QuoteRequestLink } from './QuoteRequestLink';
import { PolicyActivity } from '../../common/PolicyActivity';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 2 }} />
      {children}
    </Box>
  );
}

const cell = { xs: 12, sm: 6, md: 3 };
const P = 'resources.motor-policies';

/** The schedule and tax invoice PDFs once the policy is paid (the staff file route; opens with the session). */
function PolicyDocuments() {
  const record = useRecordContext();
  const t = useTranslate();
  const links = [
    ['provider_policy', `${P}.schedule_pdf`],
    ['invoice_url', `${P}.invoice_pdf`],
  ].filter(([source]) => record?.[source]);
  if (!links.length) return <span>—</span>;
  return (
    <span>
      {links.map(([source, label], i) => (
        <span key={source}>
          {i > 0 && ' · '}
          <a href={String(record![source])} target="_blank" rel="noopener" data-testid={`policy-${source}`}>
            {t(label)}
          </a>
        </span>
      ))}
    </span>
  );
}

/** The cover bought (comprehensive or third-party), in the console's language; an unknown product shows its code. */
function CoverText(_: { label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const code = String(record.product_code);
  return (
    <Typography variant="body2" component="span" data-testid="motor-cover">
      {t(`${P}.products.${code}`, { _: code })}
    </Typography>
  );
}

export function PolicyShow() {
  const t = useTranslate();
  return (
    <Show>
      <Box sx={{ p: 3 }}>
        <Section title={t(`${P}.sections.policy`)}>
          <Grid container spacing={2}>
            <Grid size={cell}>
              <Labeled source="id">
                <MonoText source="id" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="status">
                <MotorStatusChip source="status" resource="motor-policies" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="price">
                <MoneyText source="price" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="created_at">
                <DateTimeText source="created_at" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="client_name">
                <TextField source="client_name" emptyText="—" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="insurer_code">
                <InsurerName />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="product_code">
                <CoverText />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="quote_request_id">
                <QuoteRequestLink source="quote_request_id" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="provider_policy_id">
                <MonoText source="provider_policy_id" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="start_date">
                <LtrText source="start_date" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="end_date">
                <LtrText source="end_date" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled label={t(`${P}.documents`)}>
                <PolicyDocuments />
              </Labeled>
            </Grid>
          </Grid>
        </Section>
        <Section title={t(`${P}.sections.customer`)}>
          <Grid container spacing={2}>
            <Grid size={cell}>
              <Labeled source="owner_id">
                <LtrText source="owner_id" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="previous_owner_id">
                <LtrText source="previous_owner_id" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="iban">
                <LtrText source="iban" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="car_sequence_number">
                <LtrText source="car_sequence_number" />
              </Labeled>
            </Grid>
          </Grid>
        </Section>
      </Box>
      <PolicyActivity />
    </Show>
  );
}
