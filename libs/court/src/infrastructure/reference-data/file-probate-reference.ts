import { Injectable } from '@nestjs/common';
import { ProbateReferenceFiles, type VersionedReference } from '../../application/ports/probate-reference-files.port';
import type { JurisdictionRules } from '../../domain/jurisdiction-rules';
import type { ProbateFormsFile } from '../../domain/probate-form';
import { jurisdictionFileDigest, jurisdictionRules } from './jurisdiction-rules.loader';
import { probateForms } from './probate-forms.loader';

/** The reference files read from `libs/court/reference-data`. */
@Injectable()
export class FileProbateReference extends ProbateReferenceFiles {
  jurisdictions(): VersionedReference<JurisdictionRules> {
    return { content: jurisdictionRules(), sha256: jurisdictionFileDigest() };
  }

  forms(): VersionedReference<ProbateFormsFile> {
    const { file, sha256 } = probateForms(jurisdictionRules().states.map((state) => state.code));
    return { content: file, sha256 };
  }
}
