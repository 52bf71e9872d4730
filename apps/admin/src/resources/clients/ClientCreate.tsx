import { useState } from 'react';
import { CheckboxGroupInput, Create, email, maxLength, required, SimpleForm, TextInput, useRedirect } from 'react-admin';
import { PRODUCTS } from '@shared/products';
import { SecretDialog } from './SecretDialog';

export function ClientCreate() {
  const redirect = useRedirect();
  const [issued, setIssued] = useState<{ id: string; secret: string } | null>(null);
  return (
    <>
      <Create
        redirect={false}
        mutationOptions={{
          onSuccess: (data: { id: string; secret?: string }) => setIssued({ id: String(data.id), secret: String(data.secret) }),
        }}
      >
        <SimpleForm defaultValues={{ products: [] }} sx={{ maxWidth: 720 }}>
          <TextInput source="name" validate={[required(), maxLength(255)]} fullWidth />
          <CheckboxGroupInput source="products" choices={PRODUCTS.map((p) => ({ id: p.code, name: p.name }))} row={false} />
          <TextInput source="contact_name" validate={maxLength(255)} fullWidth />
          <TextInput source="contact_email" validate={email()} fullWidth />
          <TextInput source="contact_phone" fullWidth />
        </SimpleForm>
      </Create>
      {issued && <SecretDialog clientId={issued.id} secret={issued.secret} onClose={() => redirect('show', 'clients', issued.id)} />}
    </>
  );
}
