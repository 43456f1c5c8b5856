import { PageMeta } from '../pagination/page-meta';

/** A single resource plus its strong ETag; the conditional-response interceptor sends `{data}` with the header. */
export class SingleResource<T = unknown> {
  constructor(
    readonly data: T,
    readonly etag: string,
  ) {}
}

/**
 * A page of resources; sent as `{data, meta}` with an ETag of the body, or with `etag` when the list has a version of
 * its own (a committed reference file's SHA-256, contract-extensions §10.4).
 */
export class ResourceList<T = unknown> {
  constructor(
    readonly data: T[],
    readonly meta: PageMeta,
    readonly etag?: string,
  ) {}
}
