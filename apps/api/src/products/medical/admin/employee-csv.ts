import { csvField } from '@lib/common';

/**
 * The console's employee list import: one person per CSV line. A line with `relationship` (spouse,
 * child, parent) and `employee_id` is a dependent of the employee with that national id or iqama.
 */
export const EMPLOYEE_CSV_COLUMNS = [
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
  'relationship',
  'employee_id',
] as const;
export const MAX_CSV_BYTES = 512 * 1024;

export interface CsvProblem {
  /** 1-based line of the CSV file (the header is line 1). */
  line: number;
  field: string;
  message: string;
}

export interface ParsedCsv {
  employees: Array<Record<string, unknown>>;
  /** Per employee row: its line, and the lines of its dependents in order. */
  lines: Array<{ line: number; dependents: number[] }>;
  problems: CsvProblem[];
}

/** RFC 4180 fields: quotes around a field allow commas, line breaks and doubled quotes inside it. */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

export function parseEmployeeCsv(text: string): ParsedCsv {
  const problems: CsvProblem[] = [];
  const records = parseCsvRecords(text.replace(/^\uFEFF/, ''));
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = ['name', 'nationality_iso', 'date_of_birth', 'gender'].filter((c) => !header.includes(c));
  const unknown = header.filter((h) => h && !(EMPLOYEE_CSV_COLUMNS as readonly string[]).includes(h));
  if (missing.length) problems.push({ line: 1, field: 'header', message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.` });
  if (unknown.length)
    problems.push({
      line: 1,
      field: 'header',
      message: `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Allowed: ${EMPLOYEE_CSV_COLUMNS.join(', ')}.`,
    });
  if (problems.length) return { employees: [], lines: [], problems };

  const employees: Array<Record<string, unknown>> = [];
  const lines: ParsedCsv['lines'] = [];
  const byId = new Map<string, number>();
  const pendingDependents: Array<{ line: number; employeeId: string; person: Record<string, unknown> }> = [];
  records.slice(1).forEach((values, k) => {
    const line = k + 2;
    if (values.every((v) => v.trim() === '')) return;
    // an unquoted comma inside a value shifts every later cell into the wrong column: never guess which
    if (values.length > header.length) {
      problems.push({
        line,
        field: 'line',
        message: `The line has ${values.length} cells but the header has ${header.length} columns; put a value holding a comma in double quotes ("Hassan, Amina").`,
      });
      return;
    }
    const row: Record<string, string> = {};
    header.forEach((h, i) => {
      const v = (values[i] ?? '').trim();
      if (v !== '') row[h] = v;
    });
    const person: Record<string, unknown> = {
      name: row.name,
      nationality_iso: row.nationality_iso?.toUpperCase(),
      date_of_birth: row.date_of_birth,
      gender: row.gender?.toLowerCase(),
    };
    if (row.nationality_id) person.nationality_id = row.nationality_id;
    if (row.iqama_id) person.iqama_id = row.iqama_id;
    if (row.relationship) {
      if (!row.employee_id) problems.push({ line, field: 'employee_id', message: 'A dependent needs the employee_id of the employee it belongs to.' });
      else pendingDependents.push({ line, employeeId: row.employee_id, person: { ...person, relationship: row.relationship.toLowerCase() } });
      return;
    }
    const married = row.is_married?.toLowerCase();
    if (married && !['yes', 'no', 'true', 'false', '1', '0'].includes(married))
      problems.push({ line, field: 'is_married', message: 'The is_married column must be yes or no.' });
    employees.push({
      ...person,
      ...(row.email ? { email: row.email } : {}),
      mobile_number: row.mobile_number,
      category: row.category?.toLowerCase(),
      is_married: ['yes', 'true', '1'].includes(married ?? ''),
      dependents: [],
    });
    lines.push({ line, dependents: [] });
    const id = row.nationality_id ?? row.iqama_id;
    if (id) byId.set(id, employees.length - 1);
  });
  for (const d of pendingDependents) {
    const owner = byId.get(d.employeeId);
    if (owner === undefined) {
      problems.push({ line: d.line, field: 'employee_id', message: `No employee in this file has the id ${d.employeeId}.` });
      continue;
    }
    (employees[owner].dependents as unknown[]).push(d.person);
    lines[owner].dependents.push(d.line);
  }
  if (!employees.length && !problems.length) problems.push({ line: 1, field: 'file', message: 'The file lists no employees.' });
  return { employees, lines, problems };
}

/** `employees.3.dependents.1.date_of_birth` -> the CSV line of that person and the column. */
export function problemsFromDetails(details: Record<string, string[]>, lines: ParsedCsv['lines']): CsvProblem[] {
  const out: CsvProblem[] = [];
  for (const [key, messages] of Object.entries(details)) {
    const m = /^employees\.(\d+)(?:\.dependents\.(\d+))?(?:\.(.+))?$/.exec(key);
    const row = m ? lines[Number(m[1])] : undefined;
    const line = row ? (m![2] !== undefined ? (row.dependents[Number(m![2])] ?? row.line) : row.line) : 1;
    const field = m ? (m[3] ?? (m[2] !== undefined ? 'dependent' : 'employee')) : key;
    for (const message of messages) out.push({ line, field, message });
  }
  return out.sort((a, b) => a.line - b.line);
}

type StoredDependent = {
  name: string;
  relationship: string;
  nationality_iso: string;
  date_of_birth: string;
  gender?: string;
  nationality_id?: string;
  iqama_id?: string;
};
type ListedEmployee = {
  name: string;
  nationalityIso: string;
  personId: string;
  dateOfBirth: string;
  gender: string | null;
  email: string | null;
  mobileNumber: string;
  category: string;
  isMarried: boolean;
  dependents: unknown;
};

function csvLine(row: Partial<Record<(typeof EMPLOYEE_CSV_COLUMNS)[number], string | null>>): string {
  return EMPLOYEE_CSV_COLUMNS.map((c) => csvField(row[c])).join(',');
}

/** The saved list in the import's own format (employees, each followed by its dependents): edit it and import it back. */
export function employeeListCsv(employees: ListedEmployee[]): string {
  const lines = [EMPLOYEE_CSV_COLUMNS.join(',')];
  for (const e of employees) {
    const saudi = e.nationalityIso === 'SA';
    lines.push(
      csvLine({
        name: e.name,
        nationality_iso: e.nationalityIso,
        nationality_id: saudi ? e.personId : '',
        iqama_id: saudi ? '' : e.personId,
        date_of_birth: e.dateOfBirth,
        gender: e.gender,
        email: e.email,
        mobile_number: e.mobileNumber,
        category: e.category,
        is_married: e.isMarried ? 'yes' : 'no',
      }),
    );
    for (const d of (e.dependents as StoredDependent[]) ?? []) {
      lines.push(
        csvLine({
          name: d.name,
          nationality_iso: d.nationality_iso,
          nationality_id: d.nationality_id,
          iqama_id: d.iqama_id,
          date_of_birth: d.date_of_birth,
          gender: d.gender,
          relationship: d.relationship,
          employee_id: e.personId,
        }),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A template to fill: the columns, a Saudi employee with a spouse, and a resident. */
export function employeeCsvTemplate(): string {
  return employeeListCsv([
    {
      name: 'Khalid Al-Otaibi',
      nationalityIso: 'SA',
      personId: '1012345678',
      dateOfBirth: '1405-03-10',
      gender: 'male',
      email: 'khalid@example.com',
      mobileNumber: '0512345678',
      category: 'standard',
      isMarried: true,
      dependents: [
        { name: 'Noura Al-Otaibi', relationship: 'spouse', nationality_iso: 'SA', date_of_birth: '1408-01-01', gender: 'female', nationality_id: '1023456789' },
      ],
    },
    {
      name: 'Amina Hassan',
      nationalityIso: 'EG',
      personId: '2098765432',
      dateOfBirth: '1990-04-15',
      gender: 'female',
      email: 'amina@example.com',
      mobileNumber: '0587654321',
      category: 'basic',
      isMarried: false,
      dependents: [],
    },
  ]);
}
