/** Contract §14.2: the resource keys of events, case-level then organization-level. */
export const EVENT_KEYS = [
  'case', 'deceased', 'authority', 'person', 'debt', 'institution_contact', 'bank_account', 'transaction', 'recurring_payment',
  'real_estate_valuation', 'vehicle', 'investment_account', 'retirement_account', 'life_insurance_policy', 'deadline', 'claim',
  'closure_step', 'closure_request', 'search', 'phone_call', 'email', 'transfer', 'probate_case', 'filing', 'executor', 'ein',
  'financial_account', 'account_beneficiary', 'signer', 'statement', 'document', 'goal', 'distribution', 'unclaimed_property',
  'real_estate_property', 'business', 'fax', 'notarization', 'identity_verification', 'collaborator', 'pro_user', 'webhook_endpoint',
] as const;

/** Contract §14.2: the keys whose moves of `status` are told as `{key}.status_changed` instead of `{key}.updated`. */
export const STATUS_CHANGED_KEYS: ReadonlySet<string> = new Set([
  'transfer', 'claim', 'deadline', 'search', 'phone_call', 'email', 'closure_step', 'closure_request', 'probate_case',
  'filing', 'ein', 'distribution', 'unclaimed_property', 'goal', 'fax', 'notarization', 'identity_verification',
  'collaborator', 'pro_user',
]);

const SCHEDULED_AND_SINGLE = ['deadline.reminder', 'deadline.overdue', 'webhook_endpoint.ping'];

/**
 * What a `type` filter or an endpoint's `enabled_events` may name: `*`, `{key}.*`, or a type of §14.2. Which of
 * `created`/`updated`/`deleted` a key has follows from its routes; naming one it never emits is allowed and matches
 * nothing, so a subscription stays valid when the route arrives.
 */
export const EVENT_TYPE_PATTERNS: readonly string[] = [
  '*',
  ...EVENT_KEYS.map((key) => `${key}.*`),
  ...EVENT_KEYS.flatMap((key) => [
    `${key}.created`,
    `${key}.updated`,
    `${key}.deleted`,
    ...(STATUS_CHANGED_KEYS.has(key) ? [`${key}.status_changed`] : []),
  ]),
  ...SCHEDULED_AND_SINGLE,
];
