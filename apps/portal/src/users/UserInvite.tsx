import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Create, email, type RaRecord, required, SelectInput, SimpleForm, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import { PARTNER_ROLES } from '@shared/permissions';
import { Copyable } from '../api/Copyable';

/** An owner invites a person; in the sandbox the answer carries the link to hand over (nothing is mailed). */
export function UserInvite() {
  const t = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [link, setLink] = useState<string | null>(null);
  return (
    <>
      <Create
        title="portal.users.invite"
        redirect={false}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            notify('portal.users.invited', { type: 'success' });
            const url = (data as { invitation_url?: string | null }).invitation_url;
            if (url) setLink(url);
            else redirect('list', 'users');
          },
        }}
      >
        <SimpleForm>
          <TextInput source="email" label="portal.users.email" type="email" validate={[required(), email()]} sx={{ maxWidth: 420 }} fullWidth />
          <SelectInput
            source="role"
            label="portal.users.role"
            validate={required()}
            choices={PARTNER_ROLES.map((r) => ({ id: r, name: t(`portal.role.${r}`) }))}
            defaultValue="developer"
          />
        </SimpleForm>
      </Create>
      <Dialog open={link !== null} maxWidth="sm" fullWidth data-testid="invitation-dialog">
        <DialogTitle>{t('portal.users.link_title')}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('portal.users.link_help')}
          </Alert>
          {link && <Copyable label={t('portal.users.link_title')} value={link} testId="invitation-url" />}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => redirect('list', 'users')}>
            {t('portal.api.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
