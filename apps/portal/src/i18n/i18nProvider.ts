import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { arabicRa } from '../../../admin/src/i18n/ar';
import { ar } from './ar';
import { en } from './en';

export type PortalLocale = 'en' | 'ar';

const STORE_KEY = 'RaStore.locale';

/** The locale react-admin remembered (its store keeps it in localStorage), so the first paint has the right direction. */
export function storedLocale(): PortalLocale {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) ?? '"en"') === 'ar' ? 'ar' : 'en';
  } catch {
    return 'en';
  }
}

const listeners = new Set<(l: PortalLocale) => void>();

export function onLocaleChange(fn: (l: PortalLocale) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// react-admin's own words in Arabic are the console's (one translation for both apps).
const base = polyglotI18nProvider(
  (locale) => (locale === 'ar' ? { ...englishMessages, ...ar, ra: arabicRa } : { ...englishMessages, ...en }),
  storedLocale(),
  [
    { locale: 'en', name: 'English' },
    { locale: 'ar', name: 'العربية' },
  ],
  { allowMissing: true },
);

export const i18nProvider = {
  ...base,
  changeLocale: async (locale: string) => {
    await base.changeLocale(locale);
    for (const fn of listeners) fn(locale === 'ar' ? 'ar' : 'en');
  },
};

/** BCP 47 tags for Intl: Arabic (Saudi) digits and Gregorian dates, British English dates. */
export const intlLocale = (locale: string) => (locale === 'ar' ? 'ar-SA-u-ca-gregory-nu-arab' : 'en-GB');
