import type { OpenAPIObject } from '@nestjs/swagger';
import { errorCodes, errorReferenceMarkdown } from '@estate/shared-kernel';

type Node = Record<string, any>;

/**
 * The error codes in the document: the `code` of `ErrorObjectBody` is an enum of every code the service answers, and
 * the description gains the "Errors" section whose anchors (`#error-{code}`) every error's `doc_url` points to. Run
 * when the document is built, after every context registered its codes.
 */
export function describeErrorCodes(document: OpenAPIObject): void {
  const code = (document.components?.schemas?.ErrorObjectBody as Node | undefined)?.properties?.code as Node | undefined;
  if (code) code.enum = errorCodes();
  document.info.description = [document.info.description ?? '', errorReferenceMarkdown()].filter(Boolean).join('\n\n');
}
