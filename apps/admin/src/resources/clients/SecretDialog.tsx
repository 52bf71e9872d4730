import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useTranslate();
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, bgcolor: '#f1f5f9', borderRadius: 1, px: 1.5, py: 1 }}>
        <Typography
          data-testid={testId}
          dir="ltr"
          sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 14, wordBreak: 'break-all', flex: 1 }}
        >
          {value}
        </Typography>
        <Tooltip title={t(copied ? 'app.copied' : 'app.copy')}>
          <IconButton
            size="small"
            aria-label={t('app.copy')}
            onClick={() => {
              void navigator.clipboard?.writeText(value).catch(() => undefined);
              setCopied(true);
            }}
          >
            <ContentCopy fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

/** The one time a client secret is ever shown. */
export function SecretDialog({ clientId, secret, onClose }: { clientId: string; secret: string; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Dialog open onClose={(_e, reason) => reason !== 'backdropClick' && onClose()} maxWidth="sm" fullWidth data-testid="secret-dialog">
      <DialogTitle>{t('resources.clients.secret.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('resources.clients.secret.once')}
        </Alert>
        <Copyable label={t('resources.clients.secret.client_id')} value={clientId} testId="client-id" />
        <Copyable label={t('resources.clients.secret.secret')} value={secret} testId="client-secret" />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="secret-done">
          {t('resources.clients.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
