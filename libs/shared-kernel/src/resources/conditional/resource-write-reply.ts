import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { WriteReplyPresenter } from '../../platform/idempotency/write-reply';
import { isResource, presentResource } from './resource-reply';

/** A write that returns a resource answers `{data}` (or `{data, meta}`) with its ETag; anything else as it is. */
@Injectable()
export class ResourceWriteReplyPresenter extends WriteReplyPresenter {
  present(res: ServerResponse, result: unknown): unknown {
    return isResource(result) ? presentResource(res, result) : result;
  }
}
