import { loadFundsHoldSettings } from './funds-hold-settings';

describe('loadFundsHoldSettings', () => {
  it('holds settled money two banking days by default, or as many as TRANSFER_FUNDS_HOLD_BANKING_DAYS says', () => {
    expect(loadFundsHoldSettings({}).bankingDays).toBe(2);
    expect(loadFundsHoldSettings({ TRANSFER_FUNDS_HOLD_BANKING_DAYS: '5' }).bankingDays).toBe(5);
    expect(loadFundsHoldSettings({ TRANSFER_FUNDS_HOLD_BANKING_DAYS: '0' }).bankingDays).toBe(0);
  });

  it.each(['-1', '1.5', 'two', '61'])('refuses %s', (raw) => {
    expect(() => loadFundsHoldSettings({ TRANSFER_FUNDS_HOLD_BANKING_DAYS: raw })).toThrow(`TRANSFER_FUNDS_HOLD_BANKING_DAYS must be a whole number of banking days from 0 to 60, got "${raw}"`);
  });
});
