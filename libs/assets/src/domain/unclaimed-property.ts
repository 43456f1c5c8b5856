/**
 * Unclaimed property (contract-extensions §12.5) is the probate context's record, and an asset of the estate once its
 * claim is paid: the catalogue of asset kinds lists it, and probate hands its records over through ports.
 */

/** A paid unclaimed-property claim, as the probate context reports it to the inventory. */
export interface PaidUnclaimedProperty {
  id: string;
  holderName: string;
  propertyType: string;
  state: string;
  claimNumber: string | null;
  claimPaidAmount: number | null;
  createdAt: Date;
}
