/** The kinds of account an institution contact handles (specification, Institution contact `account_types`). */
export const HANDLED_ACCOUNT_TYPES = ['bank', 'debt', 'investment', 'retirement', 'insurance'] as const;

export type HandledAccountType = (typeof HANDLED_ACCOUNT_TYPES)[number];
