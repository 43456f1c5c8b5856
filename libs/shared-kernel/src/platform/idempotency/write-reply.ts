import type { ServerResponse } from 'node:http';

/**
 * Port: what a write handler's result becomes on the wire (its body, and headers such as the ETag), so that an
 * `Idempotency-Key` stores and replays exactly what was answered. The resource framework binds it (it presents its
 * resources); the platform knows no resource, so the unit of work asks through this instead of importing them.
 */
export abstract class WriteReplyPresenter {
  abstract present(res: ServerResponse, result: unknown): unknown;
}
