import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Key from '@mui/icons-material/Key';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Authenticated, Loading, Title, useLocale, useNotify, usePermissions, useTranslate } from 'react-admin';
import { partnerCan } from '@shared/permissions';
import { intlLocale } from '../i18n/i18nProvider';
import { portalApi } from '../providers/api';
import { Copyable } from './Copyable';

function RotateSecret({ onRotated }: { onRotated: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <>
      <Button variant="contained" startIcon={<Key />} onClick={() => setConfirming(true)} data-testid="generate-secret">
        {t('portal.api.generate')}
      </Button>
      <Dialog open={confirming} onClose={() => !busy && setConfirming(false)} aria-labelledby="generate-title">
        <DialogTitle id="generate-title">{t('portal.api.generate_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('portal.api.generate_warning')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {t('portal.api.cancel')}
          </Button>
          <Button
            variant="contained"
            color="warning"
            disabled={busy}
            data-testid="confirm-generate"
            onClick={async () => {
              setBusy(true);
              try {
                const rotated = await portalApi.rotateSecret();
                setSecret(rotated.client_secret);
                setConfirming(false);
                onRotated();
              } catch (e) {
                notify((e as Error).message, { type: 'error' });
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('portal.api.generate_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      {/* The one time the secret is ever shown: closed only by saying it was stored. */}
      <Dialog
        open={secret !== null}
        onClose={(_e, reason) => reason !== 'backdropClick' && setSecret(null)}
        maxWidth="sm"
        fullWidth
        data-testid="secret-dialog"
      >
        <DialogTitle>{t('portal.api.new_secret')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('portal.api.new_secret_once')}
          </Alert>
          {secret && <Copyable label={t('portal.api.secret')} value={secret} testId="client-secret" />}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setSecret(null)} data-testid="secret-done">
            {t('portal.api.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The partner's API credentials: the client id, the products, and a new secret for owners and developers. */
export function ApiManagementPage() {
  const t = useTranslate();
  const locale = useLocale();
  const { permissions: role } = usePermissions<string>();
  const queryClient = useQueryClient();
  const { data: client, isPending } = useQuery({ queryKey: ['portal', 'client'], queryFn: portalApi.client });
  const when = (iso: string) => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Authenticated>
      <Title title={t('portal.api.title')} />
      {isPending || !client ? (
        <Loading />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 760 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h1" gutterBottom>
                {t('portal.api.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('portal.api.name')}: {client.name}
              </Typography>
              <Copyable label={t('portal.api.client_id')} value={client.client_id} testId="client-id" />
              <Typography variant="body2" color="text.secondary">
                {t('portal.api.client_id_help')}
              </Typography>
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {t('portal.api.secret')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('portal.api.secret_hidden')}
              </Typography>
              <Typography variant="body2" sx={{ mb: 2 }} data-testid="secret-rotated-at">
                {t('portal.api.secret_rotated_at')}: {when(client.secret_rotated_at)}
              </Typography>
              {partnerCan(role, 'rotate_secret') ? (
                <RotateSecret onRotated={() => void queryClient.invalidateQueries({ queryKey: ['portal', 'client'] })} />
              ) : (
                <Alert severity="info">{t('portal.api.not_allowed')}</Alert>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('portal.api.products')}
              </Typography>
              {client.products.length ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="products">
                  {client.products.map((p) => (
                    <Chip key={p} label={t(`products.${p}`, { _: p })} title={p} />
                  ))}
                </Box>
              ) : (
                <Typography variant="body2">{t('portal.api.no_products')}</Typography>
              )}
              <Typography variant="body2" sx={{ mt: 2 }}>
                <Link href="/docs" target="_blank" rel="noopener">
                  {t('portal.api.docs')}
                </Link>
              </Typography>
            </CardContent>
          </Card>
        </Box>
      )}
    </Authenticated>
  );
}
