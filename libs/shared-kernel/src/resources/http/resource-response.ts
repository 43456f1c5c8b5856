import { PageMeta } from '../pagination/page-meta';

/** A single resource plus its strong ETag; the conditional-response interceptor sends `{data}` with the header. */
export class SingleResource<T = unknown> {
  constructor(
    readonly data: T,
    readonly etag: string,
  ) {}
}

/** A page of resources; sent as `{data, meta}` with an ETag of the body. */
export class ResourceList<T = unknown> {
  constructor(
    readonly data: T[],
    readonly meta: PageMeta,
  ) {}
}
