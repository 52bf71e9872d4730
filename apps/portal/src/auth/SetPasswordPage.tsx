import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { LocalesMenuButton, useTranslate } from 'react-admin';
import { portalApi } from '../providers/api';

/** The link's token travels in the fragment (`#token=...`), so it never reaches a server log or a Referer. */
function tokenFromLink(): string {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
}

/** An email inside a sentence of either direction: isolated, so Arabic punctuation stays outside it. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** Where an invitee lands from the invitation link: choose a password, then sign in. */
export function SetPasswordPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const [token] = useState(tokenFromLink);
  const invitation = useQuery({ queryKey: ['invitation', token], queryFn: () => portalApi.invitation(token), retry: false, enabled: token !== '' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (password !== confirm) return setError(t('portal.set_password.mismatch'));
    setBusy(true);
    try {
      const accepted = await portalApi.acceptInvitation(token, password);
      setDone(accepted.email);
    } catch (err) {
      const body = (err as { body?: { message?: string; details?: Record<string, string[]> } }).body;
      setError(body?.details?.password?.join(' ') ?? body?.message ?? (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const i = invitation.data;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        pt: { xs: 4, sm: 10 },
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="h5" component="h1">
              {t('portal.set_password.title')}
            </Typography>
            <LocalesMenuButton />
          </Box>
          {done ? (
            <>
              <Alert severity="success" sx={{ mb: 2 }} data-testid="password-set">
                {t('portal.set_password.done', { email: isolate(done) })}
              </Alert>
              <Button variant="contained" fullWidth onClick={() => navigate('/login')} data-testid="go-sign-in">
                {t('portal.set_password.sign_in')}
              </Button>
            </>
          ) : !token || invitation.isError ? (
            <Alert severity="error" data-testid="invalid-link">
              {t('portal.set_password.invalid')}
            </Alert>
          ) : !i ? (
            <Typography>{t('portal.set_password.checking')}</Typography>
          ) : (
            <form onSubmit={submit} noValidate>
              <Typography variant="body2" sx={{ mb: 2 }} data-testid="invitation-intro">
                {t('portal.set_password.intro', { client: isolate(i.client_name), role: t(`portal.role.${i.role}`), email: isolate(i.email) })}
              </Typography>
              <TextField
                label={t('portal.set_password.password')}
                type="password"
                name="password"
                autoComplete="new-password"
                fullWidth
                required
                margin="normal"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoFocus
              />
              <TextField
                label={t('portal.set_password.confirm')}
                type="password"
                name="confirm"
                autoComplete="new-password"
                fullWidth
                required
                margin="normal"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
              {error && (
                <Alert severity="error" sx={{ my: 1 }} role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy} data-testid="set-password">
                {t('portal.set_password.submit')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
