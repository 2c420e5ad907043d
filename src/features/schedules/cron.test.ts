import { cronOf, formValuesOf, hasFiveFields } from './cron';

describe('formValuesOf', () => {
  it.each([
    ['15 * * * *', { preset: 'hourly', minute: 15 }],
    ['0 9 * * *', { preset: 'daily', time: '09:00' }],
    ['30 17 * * 1-5', { preset: 'weekly', time: '17:30', weekdays: [1, 2, 3, 4, 5] }],
    ['0 8 * * 1,3,5', { preset: 'weekly', time: '08:00', weekdays: [1, 3, 5] }],
    ['0 8 * * 7', { preset: 'weekly', weekdays: [0] }],
    ['*/5 * * * *', { preset: 'custom', cron: '*/5 * * * *' }],
    ['0 9 1 * *', { preset: 'custom' }],
    ['0 9 * * MON', { preset: 'custom' }],
    ['0 9 * *', { preset: 'custom', cron: '0 9 * *' }],
  ])('reads %s as its preset', (cron, expected) => {
    expect(formValuesOf(cron, 'Europe/Berlin')).toMatchObject({ ...expected, timezone: 'Europe/Berlin' });
  });

  it("starts a new schedule daily at 09:00 in the browser's zone", () => {
    expect(formValuesOf(null, null)).toMatchObject({
      preset: 'daily',
      time: '09:00',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});

describe('cronOf', () => {
  const base = formValuesOf(null, 'UTC');
  it.each([
    [{ preset: 'hourly', minute: 5 }, '5 * * * *'],
    [{ preset: 'daily', time: '07:45' }, '45 7 * * *'],
    [{ preset: 'weekly', time: '09:00', weekdays: [5, 1, 3] }, '0 9 * * 1,3,5'],
    [{ preset: 'custom', cron: '  0   9 * *  1-5 ' }, '0 9 * * 1-5'],
  ] as const)('builds %o into %s', (values, cron) => {
    expect(cronOf({ ...base, ...values, weekdays: [...('weekdays' in values ? values.weekdays : [])] })).toBe(
      cron,
    );
  });

  it('reads back every preset it builds', () => {
    for (const cron of ['5 * * * *', '45 7 * * *', '0 9 * * 1,3,5'])
      expect(cronOf(formValuesOf(cron, 'UTC'))).toBe(cron);
  });
});

describe('hasFiveFields', () => {
  it.each([
    ['0 9 * * 1-5', true],
    [' 0 9 * * * ', true],
    ['0 9 * *', false],
    ['0 9 * * * *', false],
    ['', false],
  ])('%j → %s', (cron, expected) => expect(hasFiveFields(cron)).toBe(expected));
});
