/** Value sets of debts, from the specification's Debt table and the `#1` debt type code set. */
export const DEBT_TYPES = [
  'AGR', 'AUL', 'AUT', 'AO', 'ATY', 'BCC', 'BMP', 'BPG', 'BUS', 'C/C', 'C/G', 'C/M', 'C/S', 'CCP', 'CEL', 'CGA', 'CHG',
  'CIL', 'CKG', 'CLC', 'CLS', 'COL', 'CON', 'COS', 'CRC', 'CSA', 'CSL', 'D/C', 'DCS', 'DEP', 'EDU', 'EXM', 'F/C', 'F/S',
  'FCO', 'FHA', 'FMH', 'FSC', 'G/B', 'G/F', 'G/G', 'GEA', 'GFS', 'GMD', 'GOP', 'H+O', 'H/E', 'HEI', 'H/I', 'HHG', 'I/L',
  'INS', 'ISC', 'LBP', 'LEA', 'LPI', 'LIC', 'M/H', 'MED', 'MRI', 'NCS', 'NTE', 'P/S', 'PHG', 'PPI', 'R/C', 'R/E', 'R/F',
  'R/O', 'R/S', 'R/V', 'RCK', 'REC', 'REN', 'RES', 'S/S', 'SCC', 'SAA', 'SC0', 'SDL', 'SEC', 'SGL', 'SHI', 'SMP', 'SUM',
  'TSL', 'UDL', 'UGL', 'UNK', 'UNS', 'UTI', 'ZZZ', '7B', '3A', '00', '95', '8A', '85', '9B', '10', '15', '98', '6B', '93',
  '37', '4D', '6C', '07', 'G1', '96', '7A', '47', '48', '91', '14', '18', '5C', '0F', '43', '34', '8B', '12', '33', '16',
  '50', '0C', '05', '2C', '75', '71', '69', '73', '72', '74', '70', '23', '89', '6D', '04', '22', '78', '49', '06', '1B',
  '13', '1A', '3C', '17', '90', '86', '21', '20', '03', '1C', '83', '26', '08', '19', '27', '5B', '25', '77', '11', '29',
  '5A', '94', '2A', '7C', '09', '68', '02', '66', '9A', '87', '30', '0A', '67', '65', '31', '01', '92', 'ZZ', '0G',
] as const;

/** `#2`: the debt types that make a debt a collection account. */
export const COLLECTION_DEBT_TYPES = ['COL', '48'] as const;

export const DEBT_CONDITIONS = [
  'DECEASED', 'CHARGEOFF', 'BANKRUPTCY', 'TRANSFER', 'REPOSSESSION', 'CLOSED', 'BANKRUPTCYPET', 'COLLECTIONS',
  'DELINQUENT120', 'DELINQUENT90', 'DELINQUENT60', 'DELINQUENT30', 'REFINANCED', 'LOST', 'OPEN', 'PAID', 'UNKNOWN',
] as const;

export const RESPONSIBILITY_CODES = [
  '1', 'B', 'I', '8', 'C', '5', 'S', '2', 'J', '4', 'P', '3', 'A', '7', 'M', '0', 'O', 'U', '9', 'T', 'X',
] as const;

export const NOTIFICATION_STATUSES = ['not_notified', 'notified', 'acknowledged', 'resolved'] as const;

export type DebtType = (typeof DEBT_TYPES)[number];
export type DebtCondition = (typeof DEBT_CONDITIONS)[number];
export type ResponsibilityCode = (typeof RESPONSIBILITY_CODES)[number];
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
