import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Labeled, Show, TextField, useTranslate, WithRecord } from 'react-admin';
import { DateTimeText, LtrText, MonoText } from '../../common/fields';
import { useFormat } from '../../common/format';
import { InsurerOffers } from './InsurerOffers';
import { MoneyText, MotorStatusChip } from './motor-fields';
import { RequestPolicies } from './RequestPolicies';

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
const R = 'resources.motor-quote-requests';

export function QuoteRequestShow() {
  const t = useTranslate();
  const f = useFormat();
  return (
    <Show>
      <Box sx={{ p: 3 }}>
        <Section title={t(`${R}.sections.request`)}>
          <Grid container spacing={2}>
            <Grid size={cell}>
              <Labeled source="id">
                <MonoText source="id" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="status">
                <MotorStatusChip source="status" resource="motor-quote-requests" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="client_name">
                <TextField source="client_name" emptyText="—" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="created_at">
                <DateTimeText source="created_at" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="owner_id">
                <LtrText source="owner_id" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="email">
                <LtrText source="email" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="phone">
                <LtrText source="phone" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="birthdate">
                <LtrText source="birthdate" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="answered_count">
                <WithRecord
                  render={(r) => (
                    <Typography variant="body2">{t(`${R}.answered`, { answered: f.number(r.answered_count), total: f.number(r.insurer_count) })}</Typography>
                  )}
                />
              </Labeled>
            </Grid>
            <WithRecord
              render={(r) =>
                r.deleted_at ? (
                  <Grid size={cell}>
                    <Labeled source="deleted_at">
                      <DateTimeText source="deleted_at" />
                    </Labeled>
                  </Grid>
                ) : null
              }
            />
          </Grid>
        </Section>
        <Section title={t(`${R}.sections.vehicle`)}>
          <Grid container spacing={2}>
            <Grid size={cell}>
              <Labeled source="car_sequence_number">
                <LtrText source="car_sequence_number" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="custom_number">
                <LtrText source="custom_number" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="car_model_year">
                <TextField source="car_model_year" />
              </Labeled>
            </Grid>
            <Grid size={cell}>
              <Labeled source="car_estimated_cost">
                <MoneyText source="car_estimated_cost" />
              </Labeled>
            </Grid>
          </Grid>
        </Section>
        <Section title={t(`${R}.policies`)}>
          <RequestPolicies />
        </Section>
        <Section title={t(`${R}.sections.insurers`)}>
          <InsurerOffers />
        </Section>
      </Box>
    </Show>
  );
}
