/** What accepting an invitation answers (contract-extensions §13.4): `organization_id` null for a guest, `token` null for an existing user. */
export interface Accepted {
  user_id: string;
  organization_id: string | null;
  token: string | null;
}
