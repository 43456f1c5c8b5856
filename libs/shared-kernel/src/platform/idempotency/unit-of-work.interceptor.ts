import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { hash } from 'node:crypto';
import { from, lastValueFrom, Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/principal';
import { assertCaseAccessChecked, CASE_ID_PARAM, checkedCaseOwnerOf } from '../access/case-access';
import { BadRequestError, ConflictError, DomainError } from '../errors/domain-error';
import { errorBody } from '../errors/error-body';
import { NOT_STORED_FOR_IDEMPOTENCY, statusOfCode } from '../errors/error-status';
import { EntityManager } from '@mikro-orm/postgresql';
import { CASE_HELD_BY_FIRST_READ, UnitOfWork } from '../transactions/unit-of-work';
import { Claim, IdempotencyStore, KeyTaken, StoredResponse } from './idempotency.store';
import { WriteReplyPresenter } from './write-reply';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** Ends the write's transaction when its key was already answered (replay, mismatch, or a duplicate in progress). */
class KeyAnswered extends Error {
  constructor(readonly claim: Exclude<Claim, { outcome: 'claimed' }>) {
    super(claim.outcome);
  }
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` count as the same body. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function fingerprintOf(req: Request): string {
  return hash('sha256', `${req.method}\n${req.originalUrl}\n${canonicalJson(req.body)}`, 'hex');
}

/**
 * One database transaction per write request (contract §5), which the use cases it calls join, and
 * `Idempotency-Key` on POST (contract §6) recorded in that same transaction. A write to a case holds the case row
 * first (the one lock order: case row, then the resource's rows). Guards (auth, rate limit, case access) run before
 * this, so their refusals store nothing; body validation, preconditions and 500s roll the key back with the write;
 * domain refusals are stored and replayed. Attached to the write routes only (`@WriteRoute()`): a read has no interceptor.
 */
@Injectable()
export class UnitOfWorkInterceptor implements NestInterceptor {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: IdempotencyStore,
    private readonly replies: WriteReplyPresenter,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    if (!WRITE_METHODS.has(req.method)) return next.handle();
    const caseHeldByFirstRead = Reflect.getMetadata(CASE_HELD_BY_FIRST_READ, context.getHandler()) === true;
    return from(this.run(req, context.switchToHttp().getResponse<Response>(), next, caseHeldByFirstRead));
  }

  private async run(req: Request & AuthenticatedRequest, res: Response, next: CallHandler, caseHeldByFirstRead: boolean): Promise<unknown> {
    const caseId = req.params?.[CASE_ID_PARAM] as string | undefined;
    if (caseId !== undefined) assertCaseAccessChecked(req);
    const scoped = this.scopedKeyOf(req, caseId);
    if (!scoped) {
      return this.uow.run(() => this.handled(res, next), { caseId, caseHeldByFirstRead });
    }
    const { organizationId, key } = scoped;
    const fingerprint = fingerprintOf(req);

    // The key is claimed first in the write's own transaction; any answer but `claimed` ends it before the case lock.
    // It holds the request's case in the same statement (the unit of work defers the case's hold to it).
    const claimKey = async (em: EntityManager) => {
      const holding = caseId === undefined ? undefined : { caseId, caseRow: this.uow.caseRow() };
      const claim = await this.keys.claim(em, organizationId, key, fingerprint, holding);
      if (claim.outcome !== 'claimed') throw new KeyAnswered(claim);
      if (caseId === undefined) return;
      if (claim.caseHeld) this.uow.caseHeldAlong(em, caseId);
      else await this.uow.holdDeferredCase(em);
    };
    try {
      return await this.uow.run(
        async (em) => {
          const body = await this.handled(res, next);
          const etag = res.getHeader('ETag');
          await this.keys.record(em, organizationId, key, fingerprint, { status: res.statusCode, body, etag: typeof etag === 'string' ? etag : null });
          return body;
        },
        { caseId, first: claimKey, caseHeldByFirstRead: true },
      );
    } catch (error) {
      if (error instanceof KeyAnswered) return this.answered(res, error.claim);
      if (error instanceof DomainError && !NOT_STORED_FOR_IDEMPOTENCY.has(error.code)) {
        const refusal = { status: statusOfCode(error.code), body: errorBody(req, error.code, error.message, error.details), etag: null };
        if (await this.keys.recordRefusal(organizationId, key, fingerprint, refusal)) throw error;
      }
      // Its claim's snapshot may have missed the answer of a duplicate that held the key an instant before: this
      // request's write rolled back, and the key's answer is the one to give.
      const answer = await this.keys.answer(organizationId, key, fingerprint).catch(() => undefined);
      if (answer !== undefined) return this.answered(res, answer);
      if (error instanceof KeyTaken) return this.answered(res, { outcome: 'in_progress' });
      throw error;
    }
  }

  private answered(res: Response, claim: Exclude<Claim, { outcome: 'claimed' }>): unknown {
    if (claim.outcome === 'replay') return this.replay(res, claim.response);
    if (claim.outcome === 'mismatch') {
      throw new ConflictError('idempotency_conflict', 'This Idempotency-Key was used with a different method, path or body.');
    }
    throw new ConflictError('idempotency_conflict', 'A request with this Idempotency-Key is still in progress; retry shortly.');
  }

  /** The handler's answer as it will be sent (a resource presented with its ETag), so a key stores what was answered. */
  private async handled(res: Response, next: CallHandler): Promise<unknown> {
    const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
    return this.replies.present(res, result);
  }

  /**
   * The key's scope (contract §6: keys are per organization). A guest (§13.1: no organization) writes only under the
   * cases shared with it: its keys are kept under the case's organization, as its own (the user and a digest of the
   * key), so they never meet the keys of that organization's members.
   */
  private scopedKeyOf(req: Request & AuthenticatedRequest, caseId: string | undefined): { organizationId: string; key: string } | undefined {
    const key = this.idempotencyKeyOf(req);
    const principal = req.principal;
    if (!key || !principal) return undefined;
    if (principal.organizationId !== null) return { organizationId: principal.organizationId, key };
    if (caseId === undefined) return undefined;
    return { organizationId: checkedCaseOwnerOf(req), key: `guest:${principal.userId}:${hash('sha256', key, 'hex')}` };
  }

  private idempotencyKeyOf(req: Request): string | undefined {
    if (req.method !== 'POST') return undefined;
    const key = req.headers['idempotency-key'];
    if (key === undefined) return undefined;
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
      throw new BadRequestError('Invalid Idempotency-Key header.', [
        { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 visible ASCII characters', reason: 'format' },
      ]);
    }
    return key;
  }

  private replay(res: Response, stored: StoredResponse): unknown {
    // A request that found the key answered only at its end ran its handler: what it set is not the answer.
    for (const header of ['ETag', 'Location', 'Last-Modified']) res.removeHeader(header);
    res.status(stored.status);
    res.setHeader('Idempotent-Replayed', 'true');
    if (stored.etag) res.setHeader('ETag', stored.etag);
    return stored.body;
  }
}
