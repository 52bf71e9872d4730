import { useLocaleState } from 'react-admin';
import { intlLocale } from '../i18n/i18nProvider';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The console's one formatter of numbers, money and dates, in its language (Arabic: Arabic-Indic digits and the
 * Arabic name of the riyal). Every amount and date on screen goes through it.
 */
export function useFormat() {
  const [locale] = useLocaleState();
  const tag = intlLocale(locale);
  return {
    locale,
    number: (n: number) => new Intl.NumberFormat(tag).format(n),
    money: (amount: string | number) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 }).format(Number(amount)),
    /** A timestamp's day in Riyadh, or a calendar day (`2026-12-01`, a start date or a birthdate) as it is. */
    date: (iso: string | null | undefined) =>
      iso
        ? CALENDAR_DAY.test(iso)
          ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))
          : new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'Asia/Riyadh' }).format(new Date(iso))
        : '',
    dateTime: (iso: string | null | undefined) =>
      iso ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' }).format(new Date(iso)) : '',
    day: (isoDay: string) => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`)),
  };
}
