import type { OpenAPIObject } from '@nestjs/swagger';
import {
  closeRequestSchemas,
  completeResponses,
  defaultSummary,
  describeOperations,
  describeParameters,
  exampleFromSchema,
  listTags,
  nameOperations,
  requireAllResponseFields,
  splitSharedSchemas,
} from './document-rules';
import { SpecificationRoute, specificationRouteOf } from '@estate/shared-kernel';

type Node = Record<string, any>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

function documentWith(paths: Node, schemas: Node = {}): OpenAPIObject {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas } } as OpenAPIObject;
}

/** A document whose body schema (with a nested Address) is also read back inside the response schema. */
function sharedAddressDocument(): OpenAPIObject {
  return documentWith(
    {
      '/v1/things': {
        post: { requestBody: json(ref('ThingBody')), responses: { 201: json({ type: 'object', properties: { data: ref('ThingView') } }) } },
      },
    },
    {
      AddressDto: { type: 'object', properties: { line: { type: 'string' }, extra: { type: ['string', 'null'] } }, required: ['line'] },
      ThingBody: { type: 'object', properties: { name: { type: 'string' }, address: { anyOf: [ref('AddressDto'), { type: 'null' }] } }, required: ['name'] },
      ThingView: {
        type: 'object',
        properties: { name: { type: 'string' }, note: { type: ['string', 'null'] }, total: { type: 'integer' }, address: { anyOf: [ref('AddressDto'), { type: 'null' }] } },
        required: ['name'],
      },
    },
  );
}

describe('document rules', () => {
  it('gives a schema used on both sides a response copy, so each side states its own rule', () => {
    const doc = sharedAddressDocument();
    splitSharedSchemas(doc);
    const schemas = doc.components!.schemas as Node;
    expect(schemas.AddressView).toEqual(schemas.AddressDto);
    expect(schemas.ThingView.properties.address.anyOf[0]).toEqual(ref('AddressView'));
    expect(schemas.ThingBody.properties.address.anyOf[0]).toEqual(ref('AddressDto'));
  });

  it('requires every nullable or declared property of a response schema; an optional non-null one may be absent', () => {
    const doc = sharedAddressDocument();
    splitSharedSchemas(doc);
    requireAllResponseFields(doc);
    const schemas = doc.components!.schemas as Node;
    expect(schemas.ThingView.required).toEqual(['name', 'note', 'address']);
    expect(schemas.AddressView.required).toEqual(['line', 'extra']);
    expect(schemas.AddressDto.required).toEqual(['line']);
  });

  it('closes request schemas, nested ones included, and leaves response schemas open', () => {
    const doc = sharedAddressDocument();
    splitSharedSchemas(doc);
    closeRequestSchemas(doc);
    const schemas = doc.components!.schemas as Node;
    expect(schemas.ThingBody.additionalProperties).toBe(false);
    expect(schemas.AddressDto.additionalProperties).toBe(false);
    expect(schemas.ThingView.additionalProperties).toBeUndefined();
    expect(schemas.AddressView.additionalProperties).toBeUndefined();
  });

  it('adds the statuses a route shape implies, each with an example of its own code', () => {
    const doc = documentWith({
      '/v1/things/{thing_id}': {
        patch: {
          security: [{ bearer: [] }],
          parameters: [
            { name: 'thing_id', in: 'path', required: true },
            { name: 'If-Match', in: 'header' },
          ],
          requestBody: json(ref('X')),
          responses: { 200: json({ type: 'object' }) },
        },
        get: { parameters: [{ name: 'thing_id', in: 'path' }], responses: { 200: { ...json({ type: 'object' }), headers: { ETag: { schema: { type: 'string' } } } } } },
      },
    });
    completeResponses(doc);
    const patch = (doc.paths['/v1/things/{thing_id}'] as Node).patch;
    expect(Object.keys(patch.responses)).toEqual(['200', '400', '401', '404', '412', '413', '415', '422', '429', '500']);
    expect(Object.keys(patch.responses['404'].content['application/json'].examples)).toEqual(['not_found']);
    expect(patch.responses['404'].content['application/json'].examples.not_found.value.error.message).toBe('The thing was not found.');
    expect(Object.keys(patch.responses['422'].content['application/json'].examples)).toEqual(['validation_error']);
    const get = (doc.paths['/v1/things/{thing_id}'] as Node).get;
    expect(get.responses['304']).toBeDefined();
    expect(get.parameters.map((parameter: Node) => parameter.name)).toContain('If-None-Match');
    // Any route answers 400 for a path that is not valid percent-encoded UTF-8 (input guards), with that example.
    expect(Object.keys(get.responses)).toEqual(['200', '304', '400', '404']);
    expect(Object.values(get.responses['400'].content['application/json'].examples as Node).map((example: Node) => example.value.error.message)).toEqual([
      'The request path is not valid percent-encoded UTF-8.',
    ]);
  });

  it('lists the body statuses on a POST that takes no body: the body checks run before routing', () => {
    const doc = documentWith({ '/v1/things/{thing_id}/ping': { post: { security: [{ bearer: [] }], parameters: [{ name: 'thing_id', in: 'path' }], responses: { 201: json({ type: 'object' }) } } } });
    completeResponses(doc);
    expect(Object.keys((doc.paths['/v1/things/{thing_id}/ping'] as Node).post.responses)).toEqual(['201', '400', '401', '404', '413', '415', '422', '429', '500']);
  });

  it('declares every path template parameter, described, on each operation', () => {
    const doc = documentWith({ '/v1/cases/{case_id}/debts/type/collections': { get: { parameters: [{ name: 'page', in: 'query' }], responses: {} } } });
    describeParameters(doc);
    const get = (doc.paths['/v1/cases/{case_id}/debts/type/collections'] as Node).get;
    expect(get.parameters[1]).toEqual({ name: 'case_id', in: 'path', required: true, schema: { type: 'string' }, description: 'Id of the case (ULID).' });
  });

  it('names operations as a person would: by verb and record, actions by their verb, never with a number', () => {
    const list = { responses: { 200: json({ type: 'object', properties: { meta: {} } }) } };
    const doc = documentWith({
      '/v1/cases': { get: { ...list, operationId: 'CasesController_list' }, post: { operationId: 'CasesController_create', responses: {} } },
      '/v1/events': { get: { ...list } },
      '/v1/cases/{case_id}/events': { get: { ...list } },
      '/v1/cases/{case_id}/transfers/{transfer_id}/events': { get: { ...list } },
      '/v1/cases/{case_id}/transfers/{transfer_id}/cancel': { post: { summary: 'Cancel a transfer', responses: {} } },
      '/v1/cases/{case_id}/probate/deadlines/generate': { post: { summary: 'Generate the standard deadlines', responses: {} } },
      '/v1/cases/{case_id}/probate/deadlines.ics': { get: { summary: 'Deadlines as an iCalendar feed', responses: {} } },
      '/v1/webhook-endpoints/{endpoint_id}/rotate-secret': { post: { summary: "Rotate a webhook endpoint's secret", responses: {} } },
      '/v1/cases/{case_id}/emails/{email_id}/receipt': { get: { responses: {} } },
      '/v1/cases/{case_id}/persons/{person_id}': { patch: { operationId: 'PersonsController_', responses: {} }, delete: { operationId: 'PersonsController_', responses: {} } },
      '/v1/mine': { get: { operationId: 'keepMine', responses: {} } },
    });
    nameOperations(doc);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item as Node).map((operation: Node) => operation.operationId));
    expect(ids).toEqual([
      'listCases',
      'createCase',
      'listEvents',
      'listCaseEvents',
      'listTransferEvents',
      'cancelTransfer',
      'generateDeadlines',
      'getDeadlineCalendar',
      'rotateWebhookEndpointSecret',
      'getEmailReceipt',
      'updatePerson',
      'deletePerson',
      'keepMine',
    ]);
  });

  it('refuses an operation id it can only make unique with a number', () => {
    const doc = documentWith({ '/v1/persons/{person_id}': { patch: { responses: {} } }, '/v1/other/persons/{person_id}': { patch: { responses: {} } } });
    expect(() => nameOperations(doc)).toThrow(/operationId "updatePerson" of PATCH \/v1\/other\/persons\/\{person_id\} is already taken/);
  });

  it('summarises and describes operations without citing any document but itself', () => {
    const doc = documentWith({
      '/v1/cases/{case_id}/persons/{person_id}': { patch: { responses: {} }, get: { summary: 'Mine', description: 'Given.', responses: {} } },
    });
    describeOperations(doc);
    const item = doc.paths['/v1/cases/{case_id}/persons/{person_id}'] as Node;
    expect(item.patch.summary).toBe('Update a person of a case (merge patch)');
    expect(item.patch.description).toMatch(/^JSON Merge Patch/);
    expect(item.patch.description).not.toMatch(/Specification|route #|§/);
    expect(item.get).toMatchObject({ summary: 'Mine', description: 'Given.' });
    expect(defaultSummary('get', '/v1/cases/{case_id}/searches', { responses: { 200: json({ properties: { meta: {} } }) } })).toBe('List the searches of a case');
    expect(defaultSummary('post', '/v1/cases/{case_id}/searches', {})).toBe('Create a search of a case');
    expect(defaultSummary('post', '/v1/cases/{case_id}/institution-contacts', {})).toBe('Create an institution contact of a case');
  });

  it('composes an example from the fields, resolving references and skipping null', () => {
    const doc = sharedAddressDocument();
    (doc.components!.schemas as Node).AddressDto.properties.line.example = '12 Elm Street';
    expect(exampleFromSchema(doc, ref('ThingBody'))).toEqual({ name: 'text', address: { line: '12 Elm Street', extra: 'text' } });
    expect(exampleFromSchema(doc, ref('ThingBody'), 0, true)).toEqual({ name: 'text' });
  });

  it('lists every used tag at the top level with its description, those of the given order first', () => {
    const doc = documentWith({
      '/v1/a': { get: { tags: ['alpha'], responses: {} } },
      '/v1/b': { get: { tags: ['beta'], responses: {} } },
      '/v1/c': { get: { tags: ['gamma'], responses: {} } },
    });
    listTags(doc, { alpha: 'The alphas.', beta: 'The betas.', gamma: 'The gammas.' }, ['gamma', 'beta', 'delta']);
    expect(doc.tags).toEqual([
      { name: 'gamma', description: 'The gammas.' },
      { name: 'beta', description: 'The betas.' },
      { name: 'alpha', description: 'The alphas.' },
    ]);
  });

  it('refuses a tag without a description instead of naming its first path', () => {
    const doc = documentWith({ '/v1/a': { get: { tags: ['alpha'], responses: {} } }, '/v1/b': { get: { tags: ['beta'], responses: {} } } });
    expect(() => listTags(doc, { alpha: 'The alphas.' })).toThrow('the tag "beta" has no description');
  });
});

describe('specification routes', () => {
  const routes: SpecificationRoute[] = [
    { number: 3, method: 'patch', path: '/cases/{case_id}/debts/{debt_id}' },
    { number: 9, method: 'patch', path: '/cases/{case_id}/persons/{person_id}' },
  ];

  it('finds an operation by method and path shape, whatever its parameter names', () => {
    expect(specificationRouteOf(routes, 'PATCH', '/v1/cases/{case_id}/persons/{person_id}')?.number).toBe(9);
    expect(specificationRouteOf(routes, 'patch', '/v1/cases/{id}/debts/{x}')?.number).toBe(3);
    expect(specificationRouteOf(routes, 'get', '/v1/cases/{case_id}/persons')).toBeUndefined();
  });
});
