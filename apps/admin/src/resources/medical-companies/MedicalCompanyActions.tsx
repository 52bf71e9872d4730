import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import Link from '@mui/icons-material/LinkOutlined';
import Copy from '@mui/icons-material/ContentCopyOutlined';
import Download from '@mui/icons-material/PictureAsPdfOutlined';
import Upload from '@mui/icons-material/UploadFileOutlined';
import { HttpError, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';
import { useFormat } from '../../common/format';
import { API, httpClient } from '../../providers/httpClient';
import { useApiWords } from './EmployeeDialogs';

const R = 'resources.medical-companies';

/** The API's 422 details are already sentences; they are shown as they are, one per line. */
function reasonsOf(e: unknown): string[] {
  const body = (e as HttpError).body as { message?: string; details?: Record<string, string[]> } | undefined;
  const details = body?.details ? Object.values(body.details).flat() : [];
  return details.length ? details : [body?.message ?? (e as Error).message];
}

type Refusal = { details?: Record<string, string[]>; undeclared_employees?: Array<{ name: string }>; stale_policy_ids?: number[] };

/** Why no link: in the console's language from what the API names (who is left to declare, stale policies, nothing owed). */
function refusalReasons(e: unknown, t: ReturnType<typeof useTranslate>, f: ReturnType<typeof useFormat>): string[] {
  const body = (e as HttpError).body as Refusal | undefined;
  if (!body?.details) return reasonsOf(e);
  const out: string[] = [];
  for (const [key, messages] of Object.entries(body.details)) {
    if (key === 'employees' && body.undeclared_employees?.length)
      out.push(t(`${R}.actions.still_to_declare`, { names: body.undeclared_employees.map((u) => u.name).join('، ') }));
    else if (key === 'company_id') out.push(t(`${R}.actions.nothing_owed`));
    else if (key === 'policy_ids' && body.stale_policy_ids?.length)
      out.push(t(`${R}.actions.stale_policies`, { ids: body.stale_policy_ids.map((id) => f.number(id)).join('، ') }));
    else out.push(...messages);
  }
  return out;
}

/** Generates the company's payment link (amount as money, expiry in local time, a copy button), or says in plain words why it cannot. */
export function PaymentLinkButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const f = useFormat();
  const notify = useNotify();
  const { permissions: role } = usePermissions<string>();
  const [result, setResult] = useState<{ link?: string; expires?: string; amount?: string; reasons?: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || !can(role, 'payment_link', 'medical-companies')) return null;
  const run = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${API}/medical-companies/${record.id}/payment-link`, { method: 'POST' });
      setResult({ link: json.payment_link, expires: json.expires_at, amount: String(json.amount) });
    } catch (e) {
      setResult({ reasons: refusalReasons(e, t, f) });
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!result?.link) return;
    try {
      await navigator.clipboard.writeText(result.link);
    } catch {
      // no clipboard permission (an older browser, an http page): select the field's text and copy that
      const input = document.querySelector<HTMLInputElement>('[data-testid=payment-link-url]');
      input?.select();
      document.execCommand('copy');
    }
    notify(`${R}.actions.copied`, { type: 'success' });
  };
  return (
    <>
      <Button startIcon={<Link />} disabled={busy} onClick={run} data-testid="payment-link">
        {t(`${R}.actions.payment_link`)}
      </Button>
      <Dialog open={result !== null} onClose={() => setResult(null)} fullWidth maxWidth="sm">
        <DialogTitle>{t(`${R}.actions.payment_link`)}</DialogTitle>
        <DialogContent>
          {result?.reasons ? (
            <Alert severity="warning" data-testid="payment-link-reasons">
              {t(`${R}.actions.payment_link_refused`)}
              <ul>
                {result.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }} data-testid="payment-link-summary">
                {t(`${R}.actions.payment_link_ready`, { amount: result?.amount ? f.money(result.amount) : '', expires: f.dateTime(result?.expires) })}
              </DialogContentText>
              {/* the whole link on view (it wraps): nothing clipped at either end, whatever the page's direction */}
              <MuiTextField
                fullWidth
                multiline
                value={result?.link ?? ''}
                slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', style: { wordBreak: 'break-all' }, 'data-testid': 'payment-link-url' } }}
              />
              <Button sx={{ mt: 1 }} startIcon={<Copy />} onClick={copy} data-testid="payment-link-copy">
                {t(`${R}.actions.copy`)}
              </Button>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setResult(null)}>{t('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Fetches a file of the admin API with the session and saves it under `name`; false (after telling why) when refused. */
async function download(path: string, name: string, notify: ReturnType<typeof useNotify>): Promise<boolean> {
  const res = await fetch(`${API}${path}`, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    notify(body.message ?? 'ra.notification.http_error', { type: 'error' });
    return false;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
  return true;
}

/** Downloads the pre-filled declaration forms (one page per employee). */
export function DownloadFormsButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const { permissions: role } = usePermissions<string>();
  if (!record || !can(role, 'read_pii', 'medical-companies')) return null;
  const run = () => download(`/medical-companies/${record.id}/forms.pdf`, `health-declarations-company-${record.id}.pdf`, notify);
  return (
    <Button startIcon={<Download />} onClick={run} data-testid="download-forms">
      {t(`${R}.actions.download_forms`)}
    </Button>
  );
}

/** Exports the saved employee list in the import's CSV format, to edit and import back. */
export function ExportEmployeesButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const { permissions: role } = usePermissions<string>();
  if (!record || !can(role, 'read_pii', 'medical-companies')) return null;
  const run = () => download(`/medical-companies/${record.id}/employees.csv`, `employees-company-${record.id}.csv`, notify);
  return (
    <Button startIcon={<Download />} onClick={run} data-testid="export-employees">
      {t(`${R}.actions.export_employees`)}
    </Button>
  );
}

type Problem = { line: number; field: string; message: string };

/** CSV import: preview first (every problem by line), then save the whole list or nothing. */
export function ImportEmployeesButton() {
  const record = useRecordContext();
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions: role } = usePermissions<string>();
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<{ valid: boolean; employees: unknown[]; problems: Problem[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const f = useFormat();
  const say = useApiWords();
  if (!record || !can(role, 'import_employees', 'medical-companies')) return null;
  const call = async (step: 'preview' | 'import') =>
    httpClient(`${API}/medical-companies/${record.id}/employees/${step}`, { method: 'POST', body: JSON.stringify({ csv }) });
  const check = async () => {
    setBusy(true);
    try {
      setPreview((await call('preview')).json);
    } catch (e) {
      notify(reasonsOf(e)[0], { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    setBusy(true);
    try {
      const { json } = await call('import');
      notify(t(`${R}.import.saved`, { count: json.saved }), { type: 'success' });
      setOpen(false);
      setPreview(null);
      refresh();
    } catch (e) {
      notify(reasonsOf(e)[0], { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button startIcon={<Upload />} onClick={() => setOpen(true)} data-testid="import-employees">
        {t(`${R}.import.button`)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{t(`${R}.import.title`)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t(`${R}.import.help`)}</DialogContentText>
          <Button
            size="small"
            startIcon={<Download />}
            sx={{ mb: 2 }}
            onClick={() => download('/medical-companies/employees-template.csv', 'employees-template.csv', notify)}
            data-testid="csv-template"
          >
            {t(`${R}.import.template`)}
          </Button>
          {/* the browser's own file input speaks the browser's language: a console button instead */}
          <Button size="small" component="label" startIcon={<Upload />} sx={{ mb: 2, mx: 1 }}>
            {t(`${R}.import.choose_file`)}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="import-file"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (file) {
                  setCsv(await file.text());
                  setPreview(null);
                }
              }}
            />
          </Button>
          <MuiTextField
            fullWidth
            multiline
            minRows={4}
            maxRows={12}
            sx={{ mt: 2 }}
            value={csv}
            onChange={(e) => {
              setCsv(e.target.value);
              setPreview(null);
            }}
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'import-csv' } }}
          />
          {preview &&
            (preview.valid ? (
              <Alert severity="success" sx={{ mt: 2 }} data-testid="import-ok">
                {t(`${R}.import.valid`, { count: f.number(preview.employees.length) })}
              </Alert>
            ) : (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="import-problems">
                {t(`${R}.import.invalid`, { count: f.number(preview.problems.length) })}
                <ul>
                  {preview.problems.map((p, i) => (
                    <li key={i}>
                      {t(`${R}.import.problem_line`, { line: f.number(p.line) })} <bdi>{p.field}</bdi>: <bdi dir="auto">{say(p.message)}</bdi>
                    </li>
                  ))}
                </ul>
              </Alert>
            ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('ra.action.cancel')}</Button>
          <Button disabled={busy || !csv.trim()} onClick={check} data-testid="import-preview">
            {t(`${R}.import.preview`)}
          </Button>
          <Button variant="contained" disabled={busy || !preview?.valid} onClick={save} data-testid="import-save">
            {t(`${R}.import.save`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
