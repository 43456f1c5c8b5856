/**
 * `TRANSFER_FUNDS_HOLD_BANKING_DAYS` (default 2): how many banking days after settlement a transfer's money stays held
 * before it is available in the estate account, when the network is a real one (contract §8; R01 and the other
 * codes a bank sends for an entry it cannot post come within two banking days).
 */
export class FundsHoldSettings {
  constructor(readonly bankingDays: number) {}
}

const MAX_BANKING_DAYS = 60;

export function loadFundsHoldSettings(env: NodeJS.ProcessEnv): FundsHoldSettings {
  const raw = env.TRANSFER_FUNDS_HOLD_BANKING_DAYS;
  if (raw === undefined || raw.trim() === '') return new FundsHoldSettings(2);
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > MAX_BANKING_DAYS) {
    throw new Error(`TRANSFER_FUNDS_HOLD_BANKING_DAYS must be a whole number of banking days from 0 to ${MAX_BANKING_DAYS}, got "${raw}"`);
  }
  return new FundsHoldSettings(value);
}
