import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';

/** A delivery's event by its name in the console's language; the code (`policy.status_updated`) as its tooltip. */
export function EventName(_: { label?: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  const code = record?.event_type as string | undefined;
  if (!code) return null;
  return (
    <Typography variant="body2" component="span" title={code}>
      {t(`resources.webhook-endpoints.events.${code}`, { _: code })}
    </Typography>
  );
}
