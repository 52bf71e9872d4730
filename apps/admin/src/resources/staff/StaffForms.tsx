import {
  BooleanInput,
  Create,
  Edit,
  email,
  Labeled,
  minLength,
  PasswordInput,
  required,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import { DateTimeText, LtrText, RoleChip, StatusChip } from '../../common/fields';
import { useRoleChoices } from './StaffList';

export function StaffCreate() {
  const roles = useRoleChoices();
  const t = useTranslate();
  return (
    <Create redirect="show">
      <SimpleForm sx={{ maxWidth: 560 }}>
        <TextInput source="email" type="email" validate={[required(), email()]} fullWidth />
        <TextInput source="name" validate={required()} fullWidth />
        <SelectInput source="role" choices={roles} validate={required()} fullWidth />
        <PasswordInput source="password" validate={[required(), minLength(12)]} helperText={t('resources.staff.password_help')} fullWidth />
      </SimpleForm>
    </Create>
  );
}

export function StaffEdit() {
  const roles = useRoleChoices();
  const t = useTranslate();
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm sx={{ maxWidth: 560 }}>
        <TextInput source="name" validate={required()} fullWidth />
        <SelectInput source="role" choices={roles} validate={required()} fullWidth />
        <BooleanInput source="active" />
        <PasswordInput
          source="password"
          label="resources.staff.fields.new_password"
          validate={minLength(12)}
          helperText={t('resources.staff.password_help')}
          fullWidth
        />
      </SimpleForm>
    </Edit>
  );
}

export function StaffShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <Labeled source="email">
          <LtrText source="email" />
        </Labeled>
        <Labeled source="role">
          <RoleChip source="role" />
        </Labeled>
        <Labeled source="active">
          <StatusChip source="active" />
        </Labeled>
        <Labeled source="last_login_at">
          <DateTimeText source="last_login_at" />
        </Labeled>
        <Labeled source="locked_until">
          <DateTimeText source="locked_until" />
        </Labeled>
        <Labeled source="created_at">
          <DateTimeText source="created_at" />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
