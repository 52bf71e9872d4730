import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import MuiTextField from '@mui/material/TextField';
import Add from '@mui/icons-material/PersonAddAlt1Outlined';
import Edit from '@mui/icons-material/EditOutlined';
import Delete from '@mui/icons-material/DeleteOutline';
import Assignment from '@mui/icons-material/AssignmentOutlined';
import { HttpError, useLocaleState, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { API, httpClient } from '../../providers/httpClient';
import { ReasonActionButton } from '../../common/ReasonActionButton';
import { apiMessageAr } from '../../i18n/api-messages.ar';

const R = 'resources.medical-companies';
const TIERS = ['basic', 'standard', 'premium', 'executive'] as const;

export type Employee = {
  id: number;
  name: string;
  nationality_iso: string;
  nationality_id?: string;
  iqama_id?: string;
  date_of_birth: string | null;
  gender: string | null;
  email: string | null;
  mobile_number: string | null;
  category: string;
  is_married: boolean;
  dependents: unknown[] | number;
  age: number | null;
  declared: boolean;
  health_declaration: { answers: Record<string, string | string[]> } | null;
};

/** The API's 422 as {field: message}; anything else as a root message. */
function fieldErrors(e: unknown): Record<string, string> {
  const body = (e as HttpError).body as { message?: string; errors?: Record<string, unknown> } | undefined;
  if (body?.errors)
    return Object.fromEntries(
      Object.entries(body.errors)
        .filter(([k]) => k !== 'root')
        .map(([k, v]) => [k, String(v)]),
    );
  return { root: body?.message ?? (e as Error).message };
}

/** The API's field messages in the console's language (Arabic where the console knows them). */
export function useApiWords() {
  const [locale] = useLocaleState();
  return (message: string) => (locale === 'ar' ? apiMessageAr(message) : message);
}

export function useCanEditEmployees() {
  const { permissions: role } = usePermissions<string>();
  return can(role, 'edit_employees', 'medical-companies');
}

type Form = {
  name: string;
  nationality_iso: string;
  person_id: string;
  date_of_birth: string;
  gender: string;
  email: string;
  mobile_number: string;
  category: string;
  is_married: boolean;
  reason: string;
};

const blank: Form = {
  name: '',
  nationality_iso: 'SA',
  person_id: '',
  date_of_birth: '',
  gender: 'male',
  email: '',
  mobile_number: '',
  category: 'basic',
  is_married: false,
  reason: '',
};

/**
 * Adds an employee (no `employee`) or corrects one: the partner API's rules, every field the API names
 * marked with its words, nothing saved until all pass. Dependents stay as they are on a correction.
 */
export function EmployeeFormButton({ employee }: { employee?: Employee }) {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const allowed = useCanEditEmployees();
  const say = useApiWords();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (!record || !allowed) return null;
  const start = () => {
    setErrors({});
    setForm(
      employee
        ? {
            name: employee.name,
            nationality_iso: employee.nationality_iso,
            person_id: employee.nationality_id ?? employee.iqama_id ?? '',
            date_of_birth: employee.date_of_birth ?? '',
            gender: employee.gender ?? 'male',
            email: employee.email ?? '',
            mobile_number: employee.mobile_number ?? '',
            category: employee.category,
            is_married: employee.is_married,
            reason: '',
          }
        : blank,
    );
    setOpen(true);
  };
  const idKey = form.nationality_iso.trim().toUpperCase() === 'SA' ? 'nationality_id' : 'iqama_id';
  const save = async () => {
    setBusy(true);
    const body = {
      reason: form.reason,
      name: form.name,
      nationality_iso: form.nationality_iso.trim().toUpperCase(),
      [idKey]: form.person_id.trim(),
      date_of_birth: form.date_of_birth.trim(),
      gender: form.gender,
      ...(form.email.trim() ? { email: form.email.trim() } : {}),
      mobile_number: form.mobile_number.trim(),
      category: form.category,
      is_married: form.is_married,
      dependents:
        employee && Array.isArray(employee.dependents)
          ? employee.dependents.map((d) => Object.fromEntries(Object.entries(d as object).filter(([k]) => k !== 'age')))
          : [],
    };
    try {
      const url = `${API}/medical-companies/${record.id}/employees${employee ? `/${employee.id}` : ''}`;
      await httpClient(url, { method: employee ? 'PUT' : 'POST', body: JSON.stringify(body) });
      notify(`${R}.employee.saved`, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      setErrors(fieldErrors(e));
    } finally {
      setBusy(false);
    }
  };
  const err = (key: string) => {
    const message = errors[key] ?? (key === 'person_id' ? (errors.nationality_id ?? errors.iqama_id) : undefined);
    return message === undefined ? undefined : say(message);
  };
  const field = (key: keyof Form, extra: { ltr?: boolean; select?: string[]; words?: string } = {}) => (
    <MuiTextField
      fullWidth
      size="small"
      select={Boolean(extra.select)}
      label={t(`${R}.employee.${key}`)}
      value={form[key] as string}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      error={Boolean(err(key))}
      helperText={err(key) ? <bdi dir="auto">{err(key)}</bdi> : ' '}
      slotProps={{ htmlInput: { dir: extra.ltr ? 'ltr' : undefined, 'data-testid': `employee-${key}` } }}
    >
      {extra.select?.map((v) => (
        <MenuItem key={v} value={v}>
          {t(`${R}.${extra.words}.${v}`)}
        </MenuItem>
      ))}
    </MuiTextField>
  );
  // problems the form has no field for (a dependent, the list's size) are listed above the fields
  const other = Object.entries(errors).filter(
    ([k]) =>
      ![
        'name',
        'nationality_iso',
        'nationality_id',
        'iqama_id',
        'date_of_birth',
        'gender',
        'email',
        'mobile_number',
        'category',
        'is_married',
        'reason',
      ].includes(k),
  );
  const dependents = employee ? (Array.isArray(employee.dependents) ? employee.dependents.length : employee.dependents) : 0;
  return (
    <>
      {employee ? (
        <Button size="small" startIcon={<Edit />} onClick={start} data-testid={`edit-employee-${employee.id}`}>
          {t(`${R}.employee.edit`)}
        </Button>
      ) : (
        <Button startIcon={<Add />} onClick={start} data-testid="add-employee">
          {t(`${R}.employee.add`)}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{employee ? t(`${R}.employee.edit_title`, { name: employee.name }) : t(`${R}.employee.add_title`)}</DialogTitle>
        <DialogContent>
          {Object.keys(errors).length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="employee-errors">
              {t(`${R}.employee.fix`)}
              {other.length > 0 && (
                <ul>
                  {other.map(([k, m]) => (
                    <li key={k}>
                      <bdi>{k}</bdi>: <bdi dir="auto">{m}</bdi>
                    </li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
          <Grid container spacing={2} sx={{ mt: 0.5 }}>
            <Grid size={{ xs: 12, md: 6 }}>{field('name')}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('nationality_iso', { ltr: true })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('person_id', { ltr: true })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('date_of_birth', { ltr: true })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('gender', { select: ['male', 'female'], words: 'genders' })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('category', { select: [...TIERS], words: 'tiers' })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('email', { ltr: true })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{field('mobile_number', { ltr: true })}</Grid>
            <Grid size={12}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.is_married}
                    onChange={(e) => setForm({ ...form, is_married: e.target.checked })}
                    slotProps={{ input: { 'data-testid': 'employee-is_married' } as object }}
                  />
                }
                label={t(`${R}.employee.is_married`)}
              />
              {employee && <FormHelperText>{t(`${R}.employee.dependents_kept`, { count: dependents })}</FormHelperText>}
            </Grid>
            <Grid size={12}>{field('reason')}</Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={save} data-testid="employee-save">
            {t(`${R}.employee.save`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Takes one employee off the list, with a reason (audited). */
export function RemoveEmployeeButton({ employee }: { employee: Employee }) {
  const record = useRecordContext();
  const allowed = useCanEditEmployees();
  if (!record || !allowed) return null;
  return (
    <ReasonActionButton
      url={`${API}/medical-companies/${record.id}/employees/${employee.id}/removal`}
      id={employee.name}
      icon={<Delete />}
      color="error"
      words={{
        action: `${R}.employee.remove`,
        title: `${R}.employee.remove_title`,
        help: `${R}.employee.remove_help`,
        reason: `${R}.employee.reason`,
        back: 'ra.action.cancel',
        confirm: `${R}.employee.remove_confirm`,
        done: `${R}.employee.removed`,
      }}
      testIds={{ button: `remove-employee-${employee.id}`, reason: 'remove-reason', confirm: 'remove-confirm' }}
    />
  );
}

type Questions = {
  questions: Array<{ key: string; text: string; text_ar: string }>;
  chronic_conditions: { key: string; text: string; text_ar: string; options: Array<{ value: string; text: string; text_ar: string }> };
};

let questionsOnce: Promise<Questions> | null = null;
const loadQuestions = () => (questionsOnce ??= httpClient(`${API}/medical-companies/declaration-questions`).then(({ json }) => json as Questions));

/** Fills or corrects one employee's health declaration: every question in the console's language, each answer the API refuses marked. */
export function DeclarationButton({ employee }: { employee: Employee }) {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const allowed = useCanEditEmployees();
  const say = useApiWords();
  const [open, setOpen] = useState(false);
  const [questions, setQuestions] = useState<Questions | null>(null);
  const [answers, setAnswers] = useState<Record<string, string | string[]>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open && !questions) loadQuestions().then(setQuestions, (e) => setErrors(fieldErrors(e)));
  }, [open, questions]);
  if (!record || !allowed) return null;
  const ar = locale === 'ar';
  const start = () => {
    setAnswers({ ...(employee.health_declaration?.answers ?? {}) });
    setReason('');
    setErrors({});
    setOpen(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      await httpClient(`${API}/medical-companies/${record.id}/employees/${employee.id}/declaration`, {
        method: 'PUT',
        body: JSON.stringify({ reason, answers }),
      });
      notify(`${R}.declare.saved`, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      setErrors(fieldErrors(e));
    } finally {
      setBusy(false);
    }
  };
  const chronic = (answers.chronic_disease as string[] | undefined) ?? [];
  const toggle = (value: string, on: boolean) => {
    const none = 'None of the above';
    const next = on ? (value === none ? [none] : [...chronic.filter((c) => c !== none), value]) : chronic.filter((c) => c !== value);
    setAnswers({ ...answers, chronic_disease: next });
  };
  return (
    <>
      <Button size="small" startIcon={<Assignment />} onClick={start} data-testid={`declare-${employee.id}`}>
        {t(`${R}.declare.button`)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{t(`${R}.declare.title`, { name: employee.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t(`${R}.declare.help`)}</DialogContentText>
          {Object.keys(errors).length > 0 && (
            <Alert severity="error" sx={{ mb: 1 }} data-testid="declaration-errors">
              {errors.root ?? t(`${R}.employee.fix`)}
            </Alert>
          )}
          {questions?.questions.map((q) => {
            const error = errors[`answers.${q.key}`] && say(errors[`answers.${q.key}`]);
            return (
              <FormControl
                key={q.key}
                error={Boolean(error)}
                sx={{ display: 'flex', py: 0.5, borderBottom: '1px solid #eef2f7' }}
                data-testid={`question-${q.key}`}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
                  <FormLabel sx={{ flex: 1, minWidth: 240 }}>{ar ? q.text_ar : q.text}</FormLabel>
                  <RadioGroup row value={(answers[q.key] as string | undefined) ?? ''} onChange={(e) => setAnswers({ ...answers, [q.key]: e.target.value })}>
                    <FormControlLabel value="Yes" control={<Radio size="small" />} label={t(`${R}.declare.yes`)} />
                    <FormControlLabel value="No" control={<Radio size="small" />} label={t(`${R}.declare.no`)} />
                  </RadioGroup>
                </Box>
                {error && (
                  <FormHelperText>
                    <bdi dir="auto">{error}</bdi>
                  </FormHelperText>
                )}
              </FormControl>
            );
          })}
          {questions && (
            <FormControl error={Boolean(errors['answers.chronic_disease'])} sx={{ mt: 2 }} data-testid="question-chronic_disease">
              <FormLabel>{ar ? questions.chronic_conditions.text_ar : questions.chronic_conditions.text}</FormLabel>
              <FormGroup row>
                {questions.chronic_conditions.options.map((o) => (
                  <FormControlLabel
                    key={o.value}
                    control={<Checkbox size="small" checked={chronic.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />}
                    label={ar ? o.text_ar : o.text}
                  />
                ))}
              </FormGroup>
              {errors['answers.chronic_disease'] && (
                <FormHelperText>
                  <bdi dir="auto">{errors['answers.chronic_disease']}</bdi>
                </FormHelperText>
              )}
            </FormControl>
          )}
          <MuiTextField
            fullWidth
            size="small"
            sx={{ mt: 2 }}
            label={t(`${R}.employee.reason`)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason ? <bdi dir="auto">{say(errors.reason)}</bdi> : ' '}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'declaration-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={busy || !questions} onClick={save} data-testid="declaration-save">
            {t(`${R}.employee.save`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
