import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { Clock, LinkSigner, NotFoundError, parseListQuery, plainRows, ResourceList, runListQuery, UnitOfWork } from '@estate/shared-kernel';
import { LiveCases } from '@estate/case';
import { DeadlineFeedLink } from '../domain/deadline-feed-link';
import { deadlineFeedLinkOf } from '../resources/deadline-feed-link.record';

/** What a feed link's signature is for: a token signed for another use opens no calendar. */
const PURPOSE = 'deadline-feed';
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * The private calendar addresses of a case's deadlines: made, listed (without their tokens: an address is shown
 * once, when made), revoked; and the case a presented token opens, while its link and its case exist.
 */
@Injectable()
export class DeadlineFeedLinks {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly signer: LinkSigner,
    private readonly cases: LiveCases,
  ) {}

  async create(caseId: string): Promise<{ link: DeadlineFeedLink; token: string }> {
    const link = DeadlineFeedLink.create(ulid(), caseId, this.clock.now());
    await this.uow.run(async (em) => {
      em.persist(link);
      await em.flush();
    }, { caseId });
    return { link, token: this.signer.sign(PURPOSE, link.id) };
  }

  async list(caseId: string, rawQuery: Record<string, unknown>): Promise<ResourceList> {
    const query = parseListQuery(rawQuery, { filters: {}, sorts: ['created_at'] }, ['probate/deadlines/feed-links', { caseId }]);
    const page = await runListQuery(this.em, DeadlineFeedLink, { caseId }, query);
    return new ResourceList(page.rows.map(deadlineFeedLinkOf), page.meta);
  }

  async revoke(caseId: string, id: string): Promise<void> {
    const removed = await this.uow.run((em) => em.nativeDelete(DeadlineFeedLink, { caseId, id }), { caseId });
    if (removed === 0) throw new NotFoundError('deadline feed link');
  }

  /** The case whose deadlines a token opens; 404 for a forged token, a revoked link or a deleted case alike. */
  async caseOf(token: string): Promise<string> {
    const id = this.signer.verify(PURPOSE, token);
    if (!id || !ULID.test(id)) throw new NotFoundError('calendar');
    const [row] = await plainRows<{ case_id: string }>(this.em, 'select case_id from deadline_feed_links where id = $1', [id]);
    // Whether the case lives is the case context's answer: from memory once this process knows it, no second round trip.
    if (!row || !(await this.cases.isLive(row.case_id))) throw new NotFoundError('calendar');
    return row.case_id;
  }
}
