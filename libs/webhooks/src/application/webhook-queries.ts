import { Injectable } from '@nestjs/common';
import { ListQuery, NotFoundError, ResourceList, UnitOfWork } from '@estate/shared-kernel';
import { WebhookStore } from './ports/webhook-store.port';

/**
 * The read side of contract §14.4 and §14.6: endpoint lists and delivery logs of one organization, paged by the
 * kernel's list statements (page mode with totals, or its keyset cursors bound to the list and its filters), each
 * record presented from its row by its declaration's view.
 */
@Injectable()
export class WebhookQueries {
  constructor(
    private readonly store: WebhookStore,
    private readonly uow: UnitOfWork,
  ) {}

  async endpoints(organizationId: string, query: ListQuery): Promise<ResourceList> {
    const page = await this.store.listEndpoints(organizationId, query);
    return new ResourceList(page.rows, page.meta);
  }

  async deliveries(organizationId: string, endpointId: string, query: ListQuery): Promise<ResourceList> {
    const endpoint = await this.uow.run(() => this.store.findEndpoint(organizationId, endpointId));
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    const page = await this.store.listDeliveries(endpoint.id, query);
    return new ResourceList(page.rows, page.meta);
  }
}
