import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

function Value({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        data-testid={testId}
        dir="ltr"
        sx={{
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
          fontSize: 14,
          wordBreak: 'break-all',
          bgcolor: '#f1f5f9',
          borderRadius: 1,
          px: 1.5,
          py: 1,
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The one time an endpoint's signing secret and static key are shown. */
export function WebhookSecretDialog({ secret, staticKey, onClose }: { secret: string; staticKey: string; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Dialog open onClose={(_e, reason) => reason !== 'backdropClick' && onClose()} maxWidth="sm" fullWidth data-testid="webhook-secret-dialog">
      <DialogTitle>{t('resources.webhook-endpoints.secret.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('resources.webhook-endpoints.secret.once')}
        </Alert>
        <Value label={t('resources.webhook-endpoints.secret.secret')} value={secret} testId="webhook-secret" />
        <Value label={t('resources.webhook-endpoints.secret.static_key')} value={staticKey} testId="webhook-static-key" />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="webhook-secret-done">
          {t('resources.webhook-endpoints.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
