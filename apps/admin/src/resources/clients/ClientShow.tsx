import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { EditButton, Labeled, Show, TextField, TopToolbar, usePermissions, useTranslate, WithRecord } from 'react-admin';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { can } from '@shared/permissions';
import { DateTimeText, LtrText, MonoText, ProductChips, StatusChip } from '../../common/fields';
import { useFormat } from '../../common/format';
import { ActivationButton, ProductsButton, RotateSecretButton } from './ClientActions';
import { EmbedTargetsPanel } from '../embed-targets';

function Actions() {
  const { permissions: role } = usePermissions<string>();
  return (
    <TopToolbar sx={{ gap: 1 }}>
      <ProductsButton />
      <RotateSecretButton />
      <ActivationButton />
      {can(role, 'update', 'clients') && <EditButton />}
    </TopToolbar>
  );
}

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

const cell = { xs: 12, sm: 6, md: 4 };

export function ClientShow() {
  const t = useTranslate();
  const f = useFormat();
  return (
    <Show actions={<Actions />}>
      <Box sx={{ p: 3 }}>
        <Section title={t('resources.clients.sections.identity')}>
          <Grid size={cell}>
            <Labeled>
              <TextField source="name" />
            </Labeled>
          </Grid>
          <Grid size={cell}>
            <Labeled>
              <StatusChip source="active" />
            </Labeled>
          </Grid>
          <Grid size={cell}>
            <Labeled source="id">
              <MonoText source="id" />
            </Labeled>
          </Grid>
          <Grid size={12}>
            <Labeled source="products">
              <ProductChips source="products" />
            </Labeled>
          </Grid>
        </Section>
        <Section title={t('resources.clients.sections.contact')}>
          <Grid size={cell}>
            <Labeled>
              <TextField source="contact_name" emptyText="—" />
            </Labeled>
          </Grid>
          <Grid size={cell}>
            <Labeled source="contact_email">
              <LtrText source="contact_email" />
            </Labeled>
          </Grid>
          <Grid size={cell}>
            <Labeled source="contact_phone">
              <LtrText source="contact_phone" />
            </Labeled>
          </Grid>
        </Section>
        <Section title={t('resources.clients.sections.credentials')}>
          <Grid size={cell}>
            <Labeled source="secret_version">
              <WithRecord render={(r) => <Typography variant="body2">{f.number(Number(r.secret_version))}</Typography>} />
            </Labeled>
          </Grid>
          <Grid size={cell}>
            <Labeled source="secret_rotated_at">
              <DateTimeText source="secret_rotated_at" />
            </Labeled>
          </Grid>
          <Grid size={cell}>
            <Labeled source="created_at">
              <DateTimeText source="created_at" />
            </Labeled>
          </Grid>
        </Section>
        <EmbedTargetsPanel />
      </Box>
    </Show>
  );
}
