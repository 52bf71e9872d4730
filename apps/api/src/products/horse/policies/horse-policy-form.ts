import type { DocumentUpload } from '../../../platform/files/documents/document-upload.guard';
import { DocumentUploadGuard } from '../../../platform/files/documents/document-upload.guard';

/** The real service's multipart fields (with `value`, `owner_id` and `passport_number`, ours, optional). */
export const HORSE_FORM_FIELDS = [
  'name',
  'proposer_name',
  'owner_name',
  'owner_email',
  'owner_phone',
  'owner_id',
  'date_of_birth',
  'sex',
  'color',
  'breed',
  'breed_name',
  'microchip_number',
  'passport_number',
  'value',
  'use',
  'purchased',
  'purchase_date',
  'purchase_place',
  'did_participate',
  'participation_details',
  'has_abortion',
  'abortion_details',
  'has_embryo_transfers',
  'embryo_transfers_details',
  'recipient_or_donor',
  'declaration',
  'extra_fields',
] as const;

/** The file part of the form (a vet certificate or the horse's passport): at most one. */
export const HORSE_FORM_FILE = 'upload';

export const HorseFormGuard = DocumentUploadGuard({
  fileFields: [HORSE_FORM_FILE],
  fields: HORSE_FORM_FIELDS,
  maxFiles: 1,
  describe:
    "JSON, or the real service's multipart form (name, proposer_name, owner_email, owner_phone, date_of_birth, sex, breed, use, declaration... and an optional `upload`)",
  jsonToo: true,
});

/** Where each JSON path came from in the form, so a 422 names the part the client sent. */
const FORM_NAMES: Record<string, string> = {
  'horse.name': 'name',
  'horse.breed': 'breed',
  'horse.date_of_birth': 'date_of_birth',
  'horse.sex': 'sex',
  'horse.color': 'color',
  'horse.use': 'use',
  'horse.microchip_number': 'microchip_number',
  'horse.passport_number': 'passport_number',
  'horse.value': 'value',
  'owner.name': 'proposer_name',
  'owner.email': 'owner_email',
  'owner.phone': 'owner_phone',
  'owner.id': 'owner_id',
};

export function formFieldOf(path: string): string {
  if (FORM_NAMES[path]) return FORM_NAMES[path];
  if (path.startsWith('horse.history.')) return path.slice('horse.history.'.length);
  return path;
}

/** yes/no (and true/false, 1/0) as booleans; anything else stays as sent, to be refused by name. */
function yesNo(v: string | undefined): boolean | string | undefined {
  if (v === undefined || v === '') return undefined;
  if (/^(yes|true|1)$/i.test(v)) return true;
  if (/^(no|false|0)$/i.test(v)) return false;
  return v;
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

/** +9665XXXXXXXX and 9665XXXXXXXX are the same mobile as 05XXXXXXXX. */
function saudiMobile(v: string | undefined): string | undefined {
  const m = v === undefined ? null : /^(?:\+?966|0)(5\d{8})$/.exec(v.replace(/[\s-]/g, ''));
  return m ? `0${m[1]}` : blank(v);
}

function numberOrText(v: string | undefined): number | string | undefined {
  if (blank(v) === undefined) return undefined;
  return /^\d+(\.\d+)?$/.test(v!.trim()) ? Number(v) : v;
}

function jsonObject(v: string | undefined): unknown {
  if (blank(v) === undefined) return undefined;
  try {
    return JSON.parse(v!);
  } catch {
    return v;
  }
}

/** The multipart form as the JSON body the schema checks; keys the client did not send stay out. */
export function horseFormAsJson(upload: DocumentUpload): Record<string, unknown> {
  const f = upload.fields;
  const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  const history = defined({
    purchased: yesNo(f.purchased),
    purchase_date: blank(f.purchase_date),
    purchase_place: blank(f.purchase_place),
    did_participate: yesNo(f.did_participate),
    participation_details: blank(f.participation_details),
    has_abortion: yesNo(f.has_abortion),
    abortion_details: blank(f.abortion_details),
    has_embryo_transfers: yesNo(f.has_embryo_transfers),
    embryo_transfers_details: blank(f.embryo_transfers_details),
    recipient_or_donor: blank(f.recipient_or_donor),
  });
  return defined({
    horse: defined({
      name: f.name,
      breed: blank(f.breed_name) ?? f.breed,
      date_of_birth: f.date_of_birth,
      sex: f.sex?.toLowerCase(),
      color: blank(f.color),
      use: f.use?.toLowerCase(),
      microchip_number: blank(f.microchip_number),
      passport_number: blank(f.passport_number),
      value: numberOrText(f.value),
      history: Object.keys(history).length ? history : undefined,
    }),
    owner: defined({ name: f.proposer_name ?? f.owner_name, email: f.owner_email, phone: saudiMobile(f.owner_phone), id: blank(f.owner_id) }),
    declaration: yesNo(f.declaration),
    extra_fields: jsonObject(f.extra_fields),
  });
}
