import { hash } from 'node:crypto';
import { PreconditionFailedError } from '../../platform/errors/domain-error';

/**
 * A strong ETag derived from the row's version column: it changes exactly when the stored resource changes. The one-shot
 * `hash` rather than a `Hash` object: every write and read computes one (issue 39).
 */
export function etagOfVersion(kind: string, id: string, version: number | string): string {
  return `"${hash('sha256', `${kind}:${id}:${version}`, 'base64url').slice(0, 27)}"`;
}

/** A strong ETag of a list body: lists span many rows, so their tag is a digest of what was sent. */
export function etagOfBody(body: unknown): string {
  return etagOfText(JSON.stringify(body));
}

/** The same tag from the JSON text itself, when it is made anyway to be sent. */
export function etagOfText(text: string): string {
  return `"${hash('sha256', text, 'base64url').slice(0, 27)}"`;
}

function parseTagList(header: string): string[] {
  return header.split(',').map((tag) => tag.trim()).filter(Boolean);
}

/** `If-None-Match`: weak comparison (RFC 9110 §13.1.2), `*` matches any existing resource. */
export function ifNoneMatchHits(header: string | undefined, current: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.replace(/^W\//, '');
  return parseTagList(header).some((tag) => tag === '*' || strip(tag) === current);
}

/** `If-Match`: strong comparison (RFC 9110 §13.1.1); a mismatch is 412 precondition_failed (contract §6). */
export function assertIfMatch(header: string | undefined, current: string): void {
  if (header === undefined) return;
  const matches = parseTagList(header).some((tag) => tag === '*' || tag === current);
  if (!matches) throw new PreconditionFailedError();
}
