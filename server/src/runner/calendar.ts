import { type Locator, type Page } from 'playwright-core';

// A date picker whose field opens a calendar in a dialog and takes no typing (Mantine's DatePickerInput,
// a button): the day is clicked in the calendar, as a person does, paging months until it is shown.

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

export interface CalendarDate {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

/** A date as people write it for a step: 2026-12-10, 10 December 2026, December 10, 2026 (null: none). */
export function calendarDate(text: string): CalendarDate | null {
  const value = text.trim();
  const valid = (year: number, month: number, day: number): CalendarDate | null => {
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
      ? { year, month, day }
      : null;
  };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return valid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const monthOf = (word: string) =>
    MONTHS.findIndex((month) => word.length >= 3 && month.startsWith(word.toLowerCase())) + 1;
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})$/i.exec(value);
  if (dayFirst && monthOf(dayFirst[2]))
    return valid(Number(dayFirst[3]), monthOf(dayFirst[2]), Number(dayFirst[1]));
  const monthFirst = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(value);
  if (monthFirst && monthOf(monthFirst[1]))
    return valid(Number(monthFirst[3]), monthOf(monthFirst[1]), Number(monthFirst[2]));
  return null;
}

/**
 * The names a calendar's day button may have for the date: its day, month (by name or short name) and
 * year in any order ("10 December 2026", "Thursday, December 10, 2026"), or the ISO date.
 */
export function dayName(date: CalendarDate): RegExp {
  const month = MONTHS[date.month - 1];
  const iso = `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
  return new RegExp(
    `^(?=.*(?:^|\\D)0?${date.day}(?:st|nd|rd|th)?(?:\\D|$))(?=.*\\b(?:${month}|${month.slice(0, 3)})\\b)(?=.*\\b${date.year}\\b)|^${iso}$`,
    'i',
  );
}

/** The calendar's button that shows the next (or previous) month: by its direction, name or title. */
export function pagerSelector(direction: 'next' | 'previous'): string {
  return `button[data-direction="${direction}"], button[aria-label*="${direction}" i], button[title*="${direction}" i]`;
}

/** How many months the calendar is paged forward, then back, looking for the day. */
export const MONTHS_FORWARD = 24;
export const MONTHS_BACK = 48;

/**
 * Opens the field's calendar and clicks the day, paging months forward then back until it is shown.
 * Returns the day button's name (what the exported code clicks by).
 */
export async function pickDay(
  page: Page,
  field: Locator,
  value: string,
  known: string | undefined,
  options: { timeout: number; signal?: AbortSignal },
): Promise<string> {
  const date = calendarDate(value);
  if (!date) throw new Error(`A calendar's day is picked by a date, and "${value}" is not one.`);
  await field.click(options);
  const calendar = page.getByRole('dialog').filter({ visible: true }).last();
  await calendar.waitFor({ state: 'visible', ...options });
  const day = calendar
    .getByRole('button', known ? { name: known, exact: true } : { name: dayName(date) })
    .filter({ visible: true })
    .first();
  const turns: ['next' | 'previous', number][] = [
    ['next', MONTHS_FORWARD],
    ['previous', MONTHS_BACK],
  ];
  // A calendar that names the month it shows ("December 2026") is paged the right way first.
  const shown = new RegExp(`\\b(${MONTHS.join('|')})\\s+(\\d{4})\\b`, 'i').exec(
    await calendar.innerText(options).catch(() => ''),
  );
  if (shown) {
    const months =
      (date.year - Number(shown[2])) * 12 + date.month - (MONTHS.indexOf(shown[1].toLowerCase()) + 1);
    if (months < 0) turns.reverse();
  }
  for (const [direction, most] of turns)
    for (let turn = 0; turn < most && !(await day.isVisible()); turn++) {
      const pager = calendar.locator(pagerSelector(direction)).first();
      if (!(await pager.isVisible()) || !(await pager.isEnabled())) break;
      await pager.click(options);
    }
  if (!(await day.isVisible()))
    throw new Error(`The calendar shows no day ${value} (its months were paged through).`);
  const name =
    known ?? ((await day.getAttribute('aria-label', options)) || (await day.innerText(options))).trim();
  await day.click(options);
  return name;
}
