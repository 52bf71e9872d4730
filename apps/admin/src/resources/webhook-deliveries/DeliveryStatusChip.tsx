import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';

const COLORS = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

export function DeliveryStatusChip() {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  const status = String(record.status) as keyof typeof COLORS;
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      variant="outlined"
      label={t(`resources.webhook-deliveries.status.${status}`, { _: status })}
      data-testid="delivery-status"
    />
  );
}
