import type { SendResult } from '../../domain/delivery-rules';

/** The network side of webhooks (contract §14.8): the destination check, and one POST to the address checked. */
export abstract class WebhookTransport {
  /** Why `url` may not receive webhooks (resolving its host now), or undefined when it may. */
  abstract destinationProblem(url: string): Promise<string | undefined>;
  /**
   * POSTs `body` to `url` with `headers`, connecting only to an address that passed the destination rule at this very
   * resolution; never follows a redirect; gives up after the timeout. Never throws: failures are in the result.
   */
  abstract send(url: string, headers: Record<string, string>, body: string): Promise<SendResult>;
}
