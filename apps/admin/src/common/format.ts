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
    /**
     * A timestamp's day in Riyadh, or a calendar day (`2026-12-01`, a start date or a birthdate) as it is; what is no
     * date (a masked `****-**-**`) is shown unchanged.
     */
    date: (iso: string | null | undefined) => {
      if (!iso) return '';
      const calendarDay = CALENDAR_DAY.test(iso);
      const when = new Date(calendarDay ? `${iso}T00:00:00Z` : iso);
      if (Number.isNaN(when.getTime())) return iso;
      return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: calendarDay ? 'UTC' : 'Asia/Riyadh' }).format(when);
    },
    dateTime: (iso: string | null | undefined) =>
      iso ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' }).format(new Date(iso)) : '',
    day: (isoDay: string) => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`)),
  };
}
