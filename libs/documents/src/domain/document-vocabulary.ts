/** Contract §11.1: what a document is. */
export const DOCUMENT_TYPES = [
  'death_certificate',
  'will',
  'codicil',
  'trust_document',
  'letters_testamentary',
  'letters_of_administration',
  'small_estate_affidavit',
  'court_filing',
  'court_order',
  'bank_statement',
  'bank_document',
  'account_closure_form',
  'credit_report',
  'tax_return',
  'ein_confirmation',
  'property_deed',
  'valuation_report',
  'insurance_policy',
  'birth_certificate',
  'marriage_certificate',
  'government_id',
  'power_of_attorney',
  'notarized_document',
  'fax_confirmation',
  'correspondence',
  'receipt',
  'invoice',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The only contents a document may have, each known by its first bytes (contract §11.1). */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** Contract §14.2's case-level resource keys: what a document may be related to. */
export const RELATED_TYPES = [
  'case',
  'deceased',
  'authority',
  'person',
  'debt',
  'institution_contact',
  'bank_account',
  'transaction',
  'recurring_payment',
  'real_estate_valuation',
  'vehicle',
  'investment_account',
  'retirement_account',
  'life_insurance_policy',
  'deadline',
  'claim',
  'closure_step',
  'closure_request',
  'search',
  'phone_call',
  'email',
  'transfer',
  'probate_case',
  'filing',
  'executor',
  'ein',
  'financial_account',
  'account_beneficiary',
  'signer',
  'statement',
  'document',
  'goal',
  'distribution',
  'unclaimed_property',
  'real_estate_property',
  'business',
  'fax',
  'notarization',
  'identity_verification',
  'collaborator',
  'accounting',
] as const;

/** 25 MiB: exactly this many bytes are accepted, one more is `413` (contract §11.1). */
export const MAX_DOCUMENT_BYTES = 26_214_400;

export const DEFAULT_FILE_NAME = 'document';
export const MAX_FILE_NAME_LENGTH = 255;
