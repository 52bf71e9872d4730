import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import { Link as RaLink, useCreatePath, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { useFormat } from '../../common/format';

interface PaymentRow { id: string; status: string; amount: string; currency: string; expires_at: string; paid_at: string | null; created_at: string }

const P = 'resources.motor-policies';

/** The policy's payment rows: status, amount, when the link expires and when it was paid. */
export function PolicyPayments() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  const createPath = useCreatePath();
  const { permissions: role } = usePermissions<string>();
  // the payment's own page (refunds, vendor callbacks) for the roles that may read payments
  const opensPayment = can(role, 'read', 'payments');
  const rows = (record?.payments ?? []) as PaymentRow[];
  if (!rows.length) return <Typography variant="body2" color="text.secondary">{t(`${P}.payment.none`)}</Typography>;
  return (
    <Table size="small" sx={{ maxWidth: 900 }} data-testid="payments">
      <TableHead>
        <TableRow>
          <TableCell>{t(`${P}.payment.created_at`)}</TableCell>
          <TableCell>{t(`${P}.payment.status`)}</TableCell>
          <TableCell align="right">{t(`${P}.payment.amount`)}</TableCell>
          <TableCell>{t(`${P}.payment.expires_at`)}</TableCell>
          <TableCell>{t(`${P}.payment.paid_at`)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((p) => (
          <TableRow key={p.id}>
            <TableCell>
              {opensPayment ? <RaLink to={createPath({ resource: 'payments', type: 'show', id: p.id })} data-testid="open-payment">{f.dateTime(p.created_at)}</RaLink> : f.dateTime(p.created_at)}
            </TableCell>
            <TableCell><Chip size="small" variant="outlined" color={p.status === 'paid' ? 'success' : p.status === 'pending' ? 'warning' : 'default'} label={t(`${P}.payment_status.${p.status}`, { _: p.status })} /></TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>{f.money(p.amount)}</TableCell>
            <TableCell>{f.dateTime(p.expires_at)}</TableCell>
            <TableCell>{p.paid_at ? f.dateTime(p.paid_at) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
