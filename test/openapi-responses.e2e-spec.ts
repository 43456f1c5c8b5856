import { OpenApiResponses, recordResponseViolations, ResponseViolation } from './support/openapi-responses';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { runDocument, runValidators } from './support/run-openapi';

/**
 * The response checker every suite runs through (test/support/openapi-responses.ts) finds what it should: each kind
 * of disagreement with the document is reported, and agreeing responses are not.
 */

type Node = Record<string, any>;

describe('OpenAPI response checker (e2e)', () => {
  let t: TestApp;
  let caller: TestCaller;
  let doc: Node;
  let checker: OpenApiResponses;
  /** The checker every suite's app uses: the run's document, its validators generated once by the global setup. */
  let runChecker: OpenApiResponses;
  let caseId: string;

  beforeAll(async () => {
    t = await createTestApp();
    caller = await t.invite();
    doc = (await t.http().get('/v1/openapi.json').expect(200)).body;
    checker = new OpenApiResponses(doc);
    runChecker = new OpenApiResponses(runDocument(), runValidators());
    caseId = (await t.http().post('/v1/cases').set(caller.auth).send({}).expect(201)).body.data.id;
  });
  afterAll(() => t.close());

  const problems = (violations: ResponseViolation[]) => violations.map((violation) => violation.problem);

  it('matches literal segments before parameters', () => {
    expect(checker.templateOf(`/v1/cases/${caseId}/debts/type/collections`)).toBe('/v1/cases/{case_id}/debts/type/collections');
    expect(checker.templateOf(`/v1/cases/${caseId}/debts/x`)).toBe('/v1/cases/{case_id}/debts/{debt_id}');
    expect(checker.templateOf('/healthz')).toBeUndefined();
  });

  it.each([
    ['compiled as a schema is met', () => checker],
    ['precompiled once for the run', () => runChecker],
  ])('(%s) accepts a real response and reports a wrong type, a missing and an undocumented field, an undeclared status and media type', async (_how, checkerOf) => {
    const checker = checkerOf();
    const res = await t.http().get(`/v1/cases/${caseId}`).set(caller.auth).expect(200);
    const url = `/v1/cases/${caseId}`;
    expect(checker.check('GET', url, 200, 'application/json; charset=utf-8', res.text)).toEqual([]);
    const body = res.body as Node;
    expect(problems(checker.check('GET', url, 200, 'application/json', JSON.stringify({ data: { ...body.data, progress: 7 } })))[0]).toMatch(/\/data\/progress/);
    const { created_at: _dropped, ...withoutCreated } = body.data;
    expect(problems(checker.check('GET', url, 200, 'application/json', JSON.stringify({ data: withoutCreated })))[0]).toMatch(/created_at/);
    expect(problems(checker.check('GET', url, 200, 'application/json', JSON.stringify({ data: { ...body.data, secret: 1 } })))[0]).toMatch(/additional properties \(secret\)/);
    expect(problems(checker.check('GET', url, 418, 'application/json', '{}'))[0]).toMatch(/status 418 is not declared/);
    expect(problems(checker.check('GET', url, 200, 'text/html', '<p>'))[0]).toMatch(/content type "text\/html" is not declared/);
    expect(problems(checker.check('GET', url, 404, 'application/json', JSON.stringify({ message: 'gone' })))[0]).toMatch(/error/);
    expect(problems(checker.check('DELETE', url, 204, undefined, 'x'))[0]).toMatch(/body where the document declares none/);
    expect(checker.check('DELETE', url, 204, undefined, '')).toEqual([]);
  });

  it('has a precompiled validator for every JSON response the document declares', () => {
    const declared = new Set<string>();
    for (const item of Object.values(doc.paths as Node)) {
      for (const op of Object.values(item as Node)) {
        for (const response of Object.values((op as Node).responses ?? {})) {
          const schema = (response as Node).content?.['application/json']?.schema;
          if (schema) declared.add(JSON.stringify(schema));
        }
      }
    }
    expect(declared.size).toBeGreaterThan(50);
    expect(new Set(Object.keys(runValidators()!.files))).toEqual(declared);
  });

  it('checks non-JSON bodies for their declared content type only', async () => {
    const ics = `/v1/cases/${caseId}/probate/deadlines.ics`;
    expect(checker.check('GET', ics, 200, 'text/calendar; charset=utf-8', 'BEGIN:VCALENDAR')).toEqual([]);
    expect(problems(checker.check('GET', ics, 200, 'application/json', '{}'))[0]).toMatch(/not declared/);
  });

  it('records what the running server sends: a document demanding a field the server never sends is reported', async () => {
    const strict = structuredClone(doc);
    strict.components.schemas.PageMeta.required = [...(strict.components.schemas.PageMeta.required ?? []), 'never_sent'];
    strict.components.schemas.PageMeta.properties.never_sent = { type: 'string' };
    const seen: ResponseViolation[] = [];
    recordResponseViolations(t.app.getHttpServer(), new OpenApiResponses(strict), (violation) => seen.push(violation));
    await t.http().get(`/v1/cases/${caseId}/persons`).set(caller.auth).expect(200);
    expect(seen).toEqual([expect.objectContaining({ method: 'GET', template: '/v1/cases/{case_id}/persons', status: 200, problem: expect.stringMatching(/never_sent/) })]);
  });
});
