import Box from '@mui/material/Box';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from '../../common/format';

interface Price {
  quote_price_id: string;
  deductible: string | null;
  subtotal: string;
  vat: string;
  total: string;
}
interface Benefit {
  code: string;
  name: string;
  name_ar: string;
  amount: string;
  vat: string;
}
interface Offer {
  quote_reference_id: string;
  insurance_type_display: string;
  insurance_type_display_ar: string;
  expires_at: string;
  prices: Price[];
  benefits: Benefit[];
}
interface Cover {
  type: string;
  fix_type: string;
  offers: Offer[];
}
interface Insurer {
  insurer_code: string;
  name: string;
  name_ar: string;
  outcome: string | null;
  latency_ms: number | null;
  offer_count: number;
  detail: string | null;
  covers: Cover[];
}

/** "Comprehensive · Agency repair" in the console's language; unknown words as the insurer sent them. */
function coverName(c: Cover, t: (key: string, options?: object) => string): string {
  const word = (v: string) => t(`${R}.cover.${v.toLowerCase().replace('+', 'plus').replace(/\s+/g, '')}`, { _: v });
  return c.fix_type ? `${word(c.type)} · ${word(c.fix_type)}` : word(c.type);
}

const OUTCOME_COLOURS: Record<string, 'success' | 'warning' | 'error'> = { ok: 'success', declined: 'warning', timeout: 'error', error: 'error' };
const R = 'resources.motor-quote-requests';

function OfferPrices({ offer }: { offer: Offer }) {
  const t = useTranslate();
  const f = useFormat();
  const ar = f.locale === 'ar';
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {ar ? offer.insurance_type_display_ar : offer.insurance_type_display}
        <Typography component="span" variant="caption" color="text.secondary" sx={{ mx: 1 }}>
          {t(`${R}.insurer.expires`, { date: f.date(offer.expires_at) })}
        </Typography>
      </Typography>
      <Table size="small" sx={{ maxWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t(`${R}.insurer.deductible`)}</TableCell>
            <TableCell align="right">{t(`${R}.insurer.subtotal`)}</TableCell>
            <TableCell align="right">{t(`${R}.insurer.vat`)}</TableCell>
            <TableCell align="right">{t(`${R}.insurer.total`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {offer.prices.map((p) => (
            <TableRow key={p.quote_price_id}>
              <TableCell>{p.deductible === null ? t(`${R}.insurer.no_deductible`) : f.money(p.deductible)}</TableCell>
              <TableCell align="right">{f.money(p.subtotal)}</TableCell>
              <TableCell align="right">{f.money(p.vat)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {f.money(p.total)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75, alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          {t(`${R}.insurer.benefits`)}:
        </Typography>
        {offer.benefits.length === 0 && <Typography variant="caption">{t(`${R}.insurer.none`)}</Typography>}
        {offer.benefits.map((b) => (
          <Chip key={b.code} size="small" variant="outlined" label={`${ar ? b.name_ar : b.name} · ${Number(b.amount) ? f.money(b.amount) : '0'}`} />
        ))}
      </Box>
    </Box>
  );
}

/** The smallest price total among an insurer's offers, as a decimal string (compared in halalas, not floats). */
function lowestTotal(insurer: Insurer): string | null {
  const totals = insurer.covers.flatMap((c) => c.offers.flatMap((o) => o.prices.map((p) => p.total)));
  const halalas = (v: string) => BigInt(v.replace('.', ''));
  return totals.reduce<string | null>((min, v) => (min === null || halalas(v) < halalas(min) ? v : min), null);
}

function OutcomeChip({ insurer }: { insurer: Insurer }) {
  const t = useTranslate();
  const outcome = insurer.outcome ?? 'none';
  return (
    <Chip size="small" color={OUTCOME_COLOURS[outcome] ?? 'default'} label={t(`${R}.outcome.${outcome}`)} data-testid={`outcome-${insurer.insurer_code}`} />
  );
}

/** One line per insurer asked: what it answered, how fast, how many offers and the cheapest. */
function InsurerSummary({ insurers }: { insurers: Insurer[] }) {
  const t = useTranslate();
  const f = useFormat();
  return (
    <Table size="small" sx={{ mb: 2 }} data-testid="insurer-summary">
      <TableHead>
        <TableRow>
          <TableCell>{t('resources.provider-health.insurer')}</TableCell>
          <TableCell>{t(`${R}.insurer.summary`)}</TableCell>
          <TableCell align="right">{t(`${R}.insurer.latency_header`)}</TableCell>
          <TableCell align="right">{t(`${R}.fields.offer_count`)}</TableCell>
          <TableCell align="right">{t(`${R}.insurer.lowest`)}</TableCell>
          <TableCell>{t(`${R}.insurer.detail`)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {insurers.map((i) => {
          const lowest = lowestTotal(i);
          return (
            <TableRow key={i.insurer_code} data-testid={`summary-${i.insurer_code}`}>
              <TableCell sx={{ fontWeight: 600 }}>{f.locale === 'ar' ? i.name_ar : i.name}</TableCell>
              <TableCell>
                <OutcomeChip insurer={i} />
              </TableCell>
              <TableCell align="right">{i.latency_ms === null ? '—' : f.number(i.latency_ms)}</TableCell>
              <TableCell align="right">{f.number(i.offer_count)}</TableCell>
              <TableCell align="right">{lowest ? f.money(lowest) : '—'}</TableCell>
              <TableCell sx={{ color: 'text.secondary', maxWidth: 360 }} dir="auto">
                {i.detail ?? ''}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** An insurer's offers, grouped by cover type and fix type, folded until opened. */
function InsurerDetails({ insurer }: { insurer: Insurer }) {
  const t = useTranslate();
  const f = useFormat();
  return (
    <Accordion disableGutters variant="outlined" data-testid={`insurer-${insurer.insurer_code}`} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {f.locale === 'ar' ? insurer.name_ar : insurer.name}
          </Typography>
          <OutcomeChip insurer={insurer} />
          {insurer.latency_ms !== null && <Chip size="small" variant="outlined" label={t(`${R}.insurer.latency`, { ms: f.number(insurer.latency_ms) })} />}
          <Chip size="small" variant="outlined" label={t(`${R}.insurer.offers`, { count: f.number(insurer.offer_count) })} />
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        {insurer.detail && (
          <Typography variant="body2" color="text.secondary" dir="auto">
            {insurer.detail}
          </Typography>
        )}
        {insurer.covers.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t(`${R}.insurer.no_offers`)}
          </Typography>
        ) : (
          insurer.covers.map((c) => (
            <Box key={`${c.type}/${c.fix_type}`} sx={{ mt: 1 }} data-testid={`cover-${insurer.insurer_code}`}>
              <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
                {coverName(c, t)}
              </Typography>
              {c.offers.map((o) => (
                <OfferPrices key={o.quote_reference_id} offer={o} />
              ))}
            </Box>
          ))
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** Every insurer asked: a summary of outcomes and latencies, then each insurer's offers by cover. */
export function InsurerOffers() {
  const record = useRecordContext();
  const insurers = (record?.insurers ?? []) as Insurer[];
  return (
    <Box data-testid="insurers">
      <InsurerSummary insurers={insurers} />
      {insurers.map((i) => (
        <InsurerDetails key={i.insurer_code} insurer={i} />
      ))}
    </Box>
  );
}
