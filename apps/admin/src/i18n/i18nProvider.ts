import polyglotI18nProvider from 'ra-i18n-polyglot';
import { arabicConsoleMessages } from './ar';
import { englishConsoleMessages } from './en';

export type ConsoleLocale = 'en' | 'ar';

const STORE_KEY = 'RaStore.locale';

/** The locale react-admin remembered (its store keeps it in localStorage), so the first paint has the right direction. */
export function storedLocale(): ConsoleLocale {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) ?? '"en"') === 'ar' ? 'ar' : 'en';
  } catch {
    return 'en';
  }
}

const listeners = new Set<(l: ConsoleLocale) => void>();

/** Subscribes to locale changes (the app switches direction and emotion cache with them). */
export function onLocaleChange(fn: (l: ConsoleLocale) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const base = polyglotI18nProvider(
  (locale) => (locale === 'ar' ? arabicConsoleMessages : englishConsoleMessages),
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
