/**
 * The admin API answers field problems in English (the partner API's words). On an Arabic page the
 * messages a medical employee or declaration form can meet are shown in Arabic; any other stays as it is.
 */
const AR: Array<[RegExp, string]> = [
  [/^The reason field is required\.$/, 'السبب مطلوب.'],
  [/^The reason may not be greater than 500 characters\.$/, 'يجب ألا يزيد السبب على ٥٠٠ حرف.'],
  [/^The name is required\.$/, 'الاسم مطلوب.'],
  [/^The name must be at least 2 characters\.$/, 'يجب ألا يقل الاسم عن حرفين.'],
  [/^The nationality iso (is required|must be a two-letter country code such as SA)\.$/, 'الجنسية رمز دولة من حرفين مثل SA.'],
  [/^The date of birth is required\.$/, 'تاريخ الميلاد مطلوب.'],
  [/^The gender must be male or female\.$/, 'اختر الجنس: ذكر أو أنثى.'],
  [/^The nationality id must be 10 digits starting with 1\.$/, 'رقم الهوية الوطنية ١٠ أرقام يبدأ بالرقم 1.'],
  [/^The iqama id must be 10 digits starting with 2\.$/, 'رقم الإقامة ١٠ أرقام يبدأ بالرقم 2.'],
  [/^Send either a nationality id or an iqama id, not both\.$/, 'أدخل رقم الهوية الوطنية أو رقم الإقامة، لا كليهما.'],
  [/^A Saudi national \(nationality SA\) needs a nationality id\.$/, 'يحتاج المواطن السعودي (الجنسية SA) إلى رقم هوية وطنية.'],
  [/^A resident \(nationality other than SA\) needs an iqama id\.$/, 'يحتاج المقيم (جنسية غير SA) إلى رقم إقامة.'],
  [/^The date of birth must be a valid Hijri.*$/, 'تاريخ الميلاد للسعودي تاريخ هجري (أم القرى) صحيح بالصيغة YYYY-MM-DD.'],
  [/^The date of birth must be a valid Gregorian.*$/, 'تاريخ الميلاد للمقيم تاريخ ميلادي صحيح بالصيغة YYYY-MM-DD.'],
  [/^The date of birth must be in the past\.$/, 'يجب أن يكون تاريخ الميلاد في الماضي.'],
  [/^An employee must be \d+ to \d+ years old\.$/, 'يجب أن يكون عمر الموظف بين ١٨ و١١٠ سنوات.'],
  [/^The mobile number is required\.$/, 'رقم الجوال مطلوب.'],
  [/^The mobile number must be 10 digits starting with 05\.$/, 'رقم الجوال ١٠ أرقام يبدأ بـ 05.'],
  [/^The category must be one of: .*$/, 'اختر الفئة: أساسي أو قياسي أو مميز أو تنفيذي.'],
  [/^This id is already used by (.+)\.$/, 'هذا الرقم مستخدم لدى: $1.'],
  [/^This email is already used by (.+)\.$/, 'هذا البريد مستخدم لدى: $1.'],
  [/^The email must be a valid email address\.$/, 'البريد الإلكتروني غير صحيح.'],
  [/^The list must keep at least one employee.*$/, 'يجب أن يبقى في القائمة موظف واحد على الأقل: أضف موظفًا آخر أولًا أو استورد قائمة جديدة.'],
  [/^The .+ answer must be yes or no\.$/, 'أجب بنعم أو لا.'],
  [/^The chronic disease answer needs at least one option.*$/, 'اختر خيارًا واحدًا على الأقل (أو «لا شيء مما سبق»).'],
  [/^"None of the above" cannot be combined with a condition\.$/, '«لا شيء مما سبق» لا يُجمع مع مرض.'],
];

function sentenceAr(sentence: string): string {
  for (const [pattern, words] of AR) if (pattern.test(sentence)) return sentence.replace(pattern, words);
  return sentence;
}

/** `message` (one or more sentences) in Arabic where the console knows the sentence, the rest unchanged. */
export function apiMessageAr(message: string): string {
  return message
    .split(/(?<=\.)\s+/)
    .map(sentenceAr)
    .join(' ');
}
