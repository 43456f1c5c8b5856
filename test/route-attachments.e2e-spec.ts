import { UnitOfWorkInterceptor } from '../libs/shared-kernel/src/platform/idempotency/unit-of-work.interceptor';
import { BodyValidationPipe } from '../libs/shared-kernel/src/resources/validation/body-validation.pipe';
import { UploadInterceptor } from '@estate/documents';
import { createTestApp, TestApp, TestCaller } from './support/test-app';

/**
 * Issue 7: the unit of work and body validation are attached per route, not globally, so a read runs neither. Every
 * write route must still get the unit of work (first), every route reading a body its validation, and no read either.
 * Issue 17: they are ordinary Nest decorators (`@WriteRoute()`, `@ValidBody()`). Issue 34: observed, not read from
 * Nest's metadata (its keys are internal): every route the served document lists is called once, and what ran is
 * what our own interceptors and pipe saw.
 */

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
/** An id that names nothing: a route's guards pass (its case exists), its interceptors run, its handler answers 404. */
const NOTHING = '01JBX8Q9W4M8Z7T3K2N5R6P0ZZ';

interface Route {
  method: string;
  path: string;
  readsJson: boolean;
}

interface Observed {
  /** Our interceptors in the order they ran for the request. */
  interceptors: string[];
  /** Whether the body validation pipe ran, and on what. */
  validated: Array<'body' | 'other'>;
}

describe('kernel: what each route runs besides its handler (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let routes: Route[];
  const seen = new Map<string, Observed>();
  let current: Observed | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    const document = (await t.http().get('/v1/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    routes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', ...WRITES].includes(method))
        .map(([method, operation]) => ({ method, path, readsJson: operation.requestBody?.content?.['application/json'] !== undefined })),
    );

    type Intercept = UnitOfWorkInterceptor['intercept'];
    const record = (name: string, original: Intercept): Intercept =>
      function (this: unknown, context, next) {
        current?.interceptors.push(name);
        return original.call(this, context, next);
      };
    const unitOfWork = UnitOfWorkInterceptor.prototype.intercept;
    const upload = UploadInterceptor.prototype.intercept;
    const transform = BodyValidationPipe.prototype.transform;
    jest.spyOn(UnitOfWorkInterceptor.prototype, 'intercept').mockImplementation(record('unit of work', unitOfWork));
    jest.spyOn(UploadInterceptor.prototype, 'intercept').mockImplementation(record('upload', upload));
    jest.spyOn(BodyValidationPipe.prototype, 'transform').mockImplementation(function (this: BodyValidationPipe, value, metadata) {
      current?.validated.push(metadata.type === 'body' ? 'body' : 'other');
      return transform.call(this, value, metadata);
    });

    // Every route once, the case's own DELETE last (it ends the case the others are called in).
    const caseId = (await t.http().post('/v1/cases').set(owner.auth).send({}).expect(201)).body.data.id as string;
    const ordered = [...routes].sort((a, b) => Number(a.method === 'delete' && a.path === '/v1/cases/{case_id}') - Number(b.method === 'delete' && b.path === '/v1/cases/{case_id}'));
    for (const route of ordered) {
      const url = route.path.replace('{case_id}', caseId).replace(/\{[a-z_]+\}/g, NOTHING);
      current = { interceptors: [], validated: [] };
      const call = t.http()[route.method as 'get'](url).set(owner.auth);
      // A body no route takes: a route that validates its body refuses it (422) before its handler runs.
      await (WRITES.has(route.method) ? call.send({ probe_field_no_route_has: 1 }) : call);
      seen.set(`${route.method.toUpperCase()} ${route.path}`, current);
      current = undefined;
    }
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const named = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

  it('puts the unit of work first on every write route and on no read', () => {
    const writes = routes.filter((route) => WRITES.has(route.method));
    const reads = routes.filter((route) => route.method === 'get');
    expect(writes.length).toBeGreaterThan(40);
    expect(reads.length).toBeGreaterThan(40);
    // An upload is read (streamed to disk) before its unit of work opens, so a slow client never holds the case row:
    // a JSON body is refused by the upload's reader, so its unit of work never opens here.
    const uploads = writes.filter((route) => seen.get(named(route))!.interceptors[0] === 'upload');
    expect(uploads.map(named).sort()).toEqual(['POST /v1/cases/{case_id}/bank-accounts/{account_id}/statements', 'POST /v1/cases/{case_id}/documents']);
    expect(writes.filter((route) => !uploads.includes(route) && seen.get(named(route))!.interceptors[0] !== 'unit of work').map(named)).toEqual([]);
    expect(reads.filter((route) => seen.get(named(route))!.interceptors.length > 0).map(named)).toEqual([]);
  });

  it('validates the body on every route that reads one, and runs no pipe on the others', () => {
    const reading = routes.filter((route) => route.readsJson);
    expect(reading.length).toBeGreaterThan(20);
    expect(reading.filter((route) => !seen.get(named(route))!.validated.includes('body')).map(named)).toEqual([]);
    // No pipe on a whole route: it would run for every parameter (`@Req`, `@Query`), reads included.
    expect(routes.filter((route) => seen.get(named(route))!.validated.includes('other')).map(named)).toEqual([]);
    expect(routes.filter((route) => !route.readsJson && seen.get(named(route))!.validated.length > 0).map(named)).toEqual([]);
  });

  it('still answers 422 for an invalid body and 201 for a valid one (the pipe runs)', async () => {
    const bad = await t.http().post('/v1/cases').set(owner.auth).send({ estate_value: 'priceless' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('validation_error');
    expect(bad.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'estate_value' })]));
    expect((await t.http().post('/v1/cases').set(owner.auth).send({ estate_value: 'under_25k' })).status).toBe(201);
  });
});
