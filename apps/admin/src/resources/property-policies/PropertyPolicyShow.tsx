import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Labeled, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ClientName, DateTimeText, EnumText, MonoText } from '../../common/fields';
import { useFormat } from '../../common/format';
import { CancelWithReasonButton } from '../../common/CancelWithReasonButton';
import { CheckStatusButton } from './PropertyPolicyActions';
import { Money, PolicyStatusChip, PriceField } from './PropertyPolicyFields';
import { PolicyActivity } from '../../common/PolicyActivity';
import { FileClaimButton } from '../claims/FileClaimButton';

const R = 'resources.property-policies';
const cell = { xs: 12, sm: 6, md: 4 };

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

type Meta = {
  personal_details: Record<string, string | null>;
  address: Record<string, string>;
  building_details: Record<string, string | number>;
  property_cost: number | null;
  contents_cost: number | null;
  iban: string | null;
  start_date: string;
  end_date: string;
  documents: Array<{ id: string; category: string; url: string; content_type: string; size: number; created_at: string }>;
};

function Details() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  if (!record) return null;
  const m = record.meta_data as Meta;
  const p = m.personal_details;
  const a = m.address;
  const b = m.building_details;
  const cancellation = record.cancellation as { reason: string | null; refund_amount: number | null; unused_days: number; term_days: number } | undefined;
  return (
    <Box sx={{ p: 3 }}>
      <Section title={t(`${R}.sections.policy`)}>
        <Grid container spacing={2}>
          <Grid size={cell}>
            <Labeled source="status">
              <PolicyStatusChip />
            </Labeled>
          </Grid>
          <Grid size={cell}>
            <Labeled source="price">
              <PriceField />
            </Labeled>
          </Grid>
          <Grid size={cell}>
            <Labeled source="insurer_code">
              <EnumText source="insurer_code" group="insurer" />
            </Labeled>
          </Grid>
          <Grid size={cell}>
            <Labeled source="provider_policy_id">
              <MonoText source="provider_policy_id" />
            </Labeled>
          </Grid>
          <Value label={t(`${R}.fields.start_date`)}>{f.date(`${m.start_date}T12:00:00Z`)}</Value>
          <Value label={t(`${R}.fields.end_date`)}>{f.date(`${m.end_date}T12:00:00Z`)}</Value>
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
            <Labeled source="activated_at">
              <DateTimeText source="activated_at" />
            </Labeled>
          </Grid>
          {record.provider_policy && (
            <Value label={t(`${R}.fields.provider_policy`)}>
              <Link href={String(record.provider_policy)} target="_blank" rel="noreferrer">
                PDF
              </Link>
            </Value>
          )}
        </Grid>
      </Section>
      <Section title={t(`${R}.sections.customer`)}>
        <Grid container spacing={2}>
          <Value label={t(`${R}.fields.customer`)}>
            {p.name} {p.name_ar ? <span dir="rtl">({p.name_ar})</span> : null}
          </Value>
          <Value label={t(`${R}.fields.email`)}>
            <span dir="ltr">{p.email}</span>
          </Value>
          <Value label={t(`${R}.fields.phone`)}>
            <span dir="ltr">{p.phone_number}</span>
          </Value>
          <Value label={t(`${R}.fields.nationality_id`)}>
            <span dir="ltr">
              {p.nationality_id} ({p.nationality})
            </span>
          </Value>
          <Value label={t(`${R}.fields.iban`)}>
            <span dir="ltr">{m.iban}</span>
          </Value>
        </Grid>
      </Section>
      <Section title={t(`${R}.sections.property`)}>
        <Grid container spacing={2}>
          <Value label={t(`${R}.fields.address`)}>
            {/* written left to right as the national address is; isolated so the Arabic page does not reorder its parts */}
            <bdi dir="ltr" data-testid="property-address">
              {[a.building_number, a.street_name, a.district_name, a.city_name, a.zip_code].filter(Boolean).join(', ')}
              {a.unit_number ? ` (${a.unit_number})` : ''}
            </bdi>
          </Value>
          <Value label={t(`${R}.fields.building`)}>
            {t(`${R}.building_summary`, {
              type: t(`enums.building_type.${b.building_type}`, { _: String(b.building_type) }),
              size: f.number(Number(b.apartment_size)),
              age: f.number(Number(b.building_age)),
            })}
          </Value>
          <Value label={t(`${R}.fields.costs`)}>
            <Money value={m.property_cost} /> / <Money value={m.contents_cost} />
          </Value>
        </Grid>
      </Section>
      <Section title={t(`${R}.sections.documents`)}>
        {m.documents.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t(`${R}.no_documents`)}
          </Typography>
        ) : (
          <Table size="small">
            <TableBody>
              {m.documents.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{t(`enums.document_category.${d.category}`, { _: d.category })}</TableCell>
                  <TableCell>
                    <Link href={d.url} target="_blank" rel="noreferrer" dir="ltr">
                      {d.content_type}
                    </Link>
                  </TableCell>
                  <TableCell>{f.number(Math.round(d.size / 1024))} KB</TableCell>
                  <TableCell>{f.dateTime(d.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      {cancellation && (
        <Section title={t(`${R}.sections.cancellation`)}>
          <Grid container spacing={2}>
            <Grid size={cell}>
              <Labeled source="canceled_at">
                <DateTimeText source="canceled_at" />
              </Labeled>
            </Grid>
            <Value label={t(`${R}.fields.canceled_by`)}>{String(record.canceled_by ?? '—')}</Value>
            <Value label={t(`${R}.fields.reason`)}>{cancellation.reason}</Value>
            <Value label={t(`${R}.fields.refund_amount`)}>
              <Money value={cancellation.refund_amount} />
            </Value>
            <Value label={t(`${R}.fields.unused_days`)}>{`${f.number(cancellation.unused_days)} / ${f.number(cancellation.term_days)}`}</Value>
          </Grid>
        </Section>
      )}
    </Box>
  );
}

export function PropertyPolicyShow() {
  return (
    <Show
      actions={
        <TopToolbar sx={{ gap: 1 }}>
          <FileClaimButton family="property" />
          <CheckStatusButton />
          <CancelWithReasonButton resource="property-policies" cancellable={(status) => status === 0 || status === 1} />
        </TopToolbar>
      }
    >
      <Details />
      <PolicyActivity />
    </Show>
  );
}
