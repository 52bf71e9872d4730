import { Edit, email, maxLength, required, SimpleForm, TextInput } from 'react-admin';

export function ClientEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm sx={{ maxWidth: 720 }}>
        <TextInput source="name" validate={[required(), maxLength(255)]} fullWidth />
        <TextInput source="contact_name" validate={maxLength(255)} fullWidth />
        <TextInput source="contact_email" validate={email()} fullWidth />
        <TextInput source="contact_phone" fullWidth />
      </SimpleForm>
    </Edit>
  );
}
