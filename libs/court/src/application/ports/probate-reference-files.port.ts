import type { JurisdictionRules } from '../../domain/jurisdiction-rules';
import type { ProbateFormsFile } from '../../domain/probate-form';

/** A committed reference file, validated, with the SHA-256 of its text (the `ETag` of the routes that read it). */
export interface VersionedReference<T> {
  content: T;
  sha256: string;
}

/** The committed, schema-validated reference files of §10.3 and §10.4 (loaded once, at start-up). */
export abstract class ProbateReferenceFiles {
  abstract jurisdictions(): VersionedReference<JurisdictionRules>;
  abstract forms(): VersionedReference<ProbateFormsFile>;
}
