import { etagOfVersion } from '@estate/shared-kernel';
import type { CaseFields } from './case-reading';

/** The case's ETag changes with its row and with its pending searches (which another context keeps). */
export function caseEtag(estateCase: Pick<CaseFields, 'id' | 'version'>, searchesTag: string): string {
  return etagOfVersion('case', estateCase.id, searchesTag ? `${estateCase.version}:${searchesTag}` : estateCase.version);
}
