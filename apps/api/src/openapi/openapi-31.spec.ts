import type { OpenAPIObject } from '@nestjs/swagger';
import { finishOpenApiDocument } from './openapi-31';

function documentWith(schemas: Record<string, unknown>, paths: Record<string, unknown> = {}): OpenAPIObject {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas } } as OpenAPIObject;
}

describe('finishOpenApiDocument', () => {
  it('turns nullable scalars and enums into 3.1 null types', () => {
    const doc = finishOpenApiDocument(
      documentWith({ A: { type: 'object', properties: { name: { type: 'string', nullable: true }, level: { type: 'string', enum: ['x'], nullable: true } } } }),
    );
    const properties = (doc.components!.schemas!.A as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(properties.name).toEqual({ type: ['string', 'null'] });
    expect(properties.level).toEqual({ type: ['string', 'null'], enum: ['x', null] });
  });

  it('wraps nullable references in anyOf and drops nullable: false', () => {
    const doc = finishOpenApiDocument(documentWith({ A: { properties: { address: { $ref: '#/x', nullable: true }, id: { type: 'string', nullable: false } } } }));
    const properties = (doc.components!.schemas!.A as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(properties.address).toEqual({ anyOf: [{ $ref: '#/x' }, { type: 'null' }] });
    expect(properties.id).toEqual({ type: 'string' });
    expect(JSON.stringify(doc)).not.toContain('nullable');
  });

  it('wraps a nullable reference written as allOf beside type object (as @nestjs/swagger 11.4 writes it) in anyOf with null', () => {
    const doc = finishOpenApiDocument(documentWith({ A: { properties: { address: { allOf: [{ $ref: '#/x' }], type: 'object', nullable: true, description: 'd' } } } }));
    const properties = (doc.components!.schemas!.A as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(properties.address).toEqual({ anyOf: [{ $ref: '#/x' }, { type: 'null' }], description: 'd' });
  });

  it('declares application/merge-patch+json on PATCH bodies', () => {
    const schema = { $ref: '#/components/schemas/P' };
    const doc = finishOpenApiDocument(documentWith({}, { '/x': { patch: { requestBody: { content: { 'application/json': { schema } } } }, post: { requestBody: { content: { 'application/json': { schema } } } } } }));
    const path = doc.paths['/x'] as { patch: { requestBody: { content: Record<string, unknown> } }; post: { requestBody: { content: Record<string, unknown> } } };
    expect(path.patch.requestBody.content['application/merge-patch+json']).toEqual({ schema });
    expect(path.post.requestBody.content['application/merge-patch+json']).toBeUndefined();
  });
});
