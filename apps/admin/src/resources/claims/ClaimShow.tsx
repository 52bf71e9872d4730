import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Labeled, Show, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { DateText, DateTimeText, LtrText, MonoText } from '../../common/fields';
import { useFormat } from '../../common/format';
import { Money } from '../property-policies/PropertyPolicyFields';
import { AssignToMeButton, TransitionButtons } from './ClaimActions';
import { ClaimLabel, ClaimStatusChip } from './ClaimFields';

const R = 'resources.claims';
const cell = { xs: 12, sm: 6, md: 4 };

function Details() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  if (!record) return null;
  const history = (record.status_history ?? []) as Array<{ from: string | null; to: string; note: string | null; actor: string; at: string }>;
  const documents = (record.documents ?? []) as Array<{ url: string; content_type: string; size: number }>;
  return (
    <Box sx={{ p: 3 }}>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={cell}><Labeled source="status"><ClaimStatusChip /></Labeled></Grid>
        <Grid size={cell}><Labeled source="product_family"><ClaimLabel source="product_family" group="families" /></Labeled></Grid>
        <Grid size={cell}><Labeled source="policy_id"><TextField source="policy_id" /></Labeled></Grid>
        <Grid size={cell}><Labeled source="claim_type"><ClaimLabel source="claim_type" group="types" /></Labeled></Grid>
        <Grid size={cell}><Labeled source="incident_date"><DateText source="incident_date" /></Labeled></Grid>
        <Grid size={cell}><Labeled source="client_id"><MonoText source="client_id" /></Labeled></Grid>
        <Grid size={cell}><Typography variant="caption" color="text.secondary">{t(`${R}.fields.requested_amount`)}</Typography><div><Money value={record.requested_amount} /></div></Grid>
        <Grid size={cell}><Typography variant="caption" color="text.secondary">{t(`${R}.fields.approved_amount`)}</Typography><div><Money value={record.approved_amount} /></div></Grid>
        <Grid size={cell}><Typography variant="caption" color="text.secondary">{t(`${R}.fields.paid_amount`)}</Typography><div><Money value={record.paid_amount} /></div></Grid>
        <Grid size={12}><Labeled source="description"><TextField source="description" dir="auto" /></Labeled></Grid>
        <Grid size={cell}><Labeled source="created_by"><LtrText source="created_by" /></Labeled></Grid>
        <Grid size={cell}><Labeled source="created_at"><DateTimeText source="created_at" /></Labeled></Grid>
      </Grid>
      {documents.length > 0 && (
        <Box sx={{ mb: 3 }}>
          <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>{t(`${R}.fields.documents`)}</Typography>
          <Divider sx={{ mb: 1 }} />
          {documents.map((d) => (
            <div key={d.url}><Link href={d.url} target="_blank" rel="noreferrer" dir="ltr">{d.content_type}</Link> ({f.number(Math.round(d.size / 1024))} KB)</div>
          ))}
        </Box>
      )}
      <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>{t(`${R}.history`)}</Typography>
      <Divider sx={{ mb: 1 }} />
      {history.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t(`${R}.no_history`)}</Typography>
      ) : (
        <Table size="small">
          <TableBody>
            {history.map((h, i) => (
              <TableRow key={i}>
                <TableCell>{f.dateTime(h.at)}</TableCell>
                <TableCell>{t(`${R}.status.${h.to}`, { _: h.to })}</TableCell>
                <TableCell dir="ltr">{h.actor}</TableCell>
                <TableCell dir="auto">{h.note ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export function ClaimShow() {
  return (
    <Show actions={<TopToolbar sx={{ gap: 1 }}><AssignToMeButton /><TransitionButtons /></TopToolbar>}>
      <Details />
    </Show>
  );
}
