/** The specification's address object as stored inside a record. */
export interface StoredAddress {
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** How to reach a department of an institution (specification, Institution contact `contact_methods`). */
export interface ContactMethods {
  phone?: string | null;
  phone_hours?: string | null;
  phone_extension?: string | null;
  fax?: string | null;
  email?: string | null;
  mailing_address?: StoredAddress | null;
  website?: string | null;
}
