import { Injectable } from '@nestjs/common';
import { encodeCursor, ListQuery, NotFoundError, PageMeta, ResourceList, UnitOfWork } from '@estate/shared-kernel';
import { Page, PageRequest, WebhookStore } from './ports/webhook-store.port';
import { presentDelivery, presentEndpoint } from './presentation';

function pageRequestOf(query: ListQuery): PageRequest {
  const cursor = query.cursor === undefined ? undefined : query.cursor === null ? null : { createdAt: new Date(query.cursor.value as Date), id: query.cursor.id };
  return { page: query.page, perPage: query.perPage, sortOrder: query.sortOrder, cursor };
}

function listOf<T>(query: ListQuery, page: Page<T>, present: (row: T) => Record<string, unknown>): ResourceList {
  const data = page.rows.map(present);
  let meta: PageMeta;
  if (query.cursor === undefined) {
    const total = page.totalCount ?? 0;
    const totalPages = Math.ceil(total / query.perPage);
    meta = { page: query.page, per_page: query.perPage, total_count: total, total_pages: totalPages, next_cursor: null, has_more: query.page < totalPages };
  } else {
    meta = { page: 1, per_page: query.perPage, next_cursor: page.last ? encodeCursor(query, { value: page.last.createdAt, id: page.last.id }) : null, has_more: page.hasMore };
  }
  return new ResourceList(data, meta);
}

/** The read side of contract §14.4 and §14.6: endpoint lists and delivery logs of one organization. */
@Injectable()
export class WebhookQueries {
  constructor(
    private readonly store: WebhookStore,
    private readonly uow: UnitOfWork,
  ) {}

  async endpoints(organizationId: string, query: ListQuery): Promise<ResourceList> {
    return listOf(query, await this.store.listEndpoints(organizationId, pageRequestOf(query)), presentEndpoint);
  }

  async deliveries(organizationId: string, endpointId: string, query: ListQuery): Promise<ResourceList> {
    const endpoint = await this.uow.run((em) => this.store.findEndpoint(em, organizationId, endpointId));
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    const filter = (name: string) => query.filters.find((candidate) => candidate.name === name)?.values ?? [];
    const page = await this.store.listDeliveries(endpoint.id, { status: filter('status'), eventType: filter('event_type') }, pageRequestOf(query));
    return listOf(query, page, presentDelivery);
  }
}
