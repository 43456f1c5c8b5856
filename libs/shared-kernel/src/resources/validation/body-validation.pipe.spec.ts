import { PartialType } from '@nestjs/swagger';
import { ErrorDetail, ValidationFailedError } from '../../platform/errors/domain-error';
import { BodyValidationPipe, validateAgainst } from './body-validation.pipe';
import { EnumField, IntegerField, StringField } from './fields';

class CreateThingBody {
  @StringField({ required: true }) title: string;
  @IntegerField({ required: true, min: 0 }) count: number;
  @StringField() note?: string | null;
  @EnumField(['a', 'b']) kind?: string | null;
}

class PatchThingBody extends PartialType(CreateThingBody, { skipNullProperties: false }) {}

async function errorOf(dto: new () => object, body: unknown): Promise<ValidationFailedError | undefined> {
  try {
    await validateAgainst(dto, body);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailedError);
    return error as ValidationFailedError;
  }
}

async function detailsOf(dto: new () => object, body: unknown): Promise<ErrorDetail[]> {
  return (await errorOf(dto, body))?.details ?? [];
}

describe('validateAgainst', () => {
  it('resolves for a valid body', async () => {
    await expect(validateAgainst(CreateThingBody, { title: 'x', count: 1 })).resolves.toBeUndefined();
  });

  it.each([
    ['null', null],
    ['an array', [{ title: 'x', count: 1 }]],
    ['a string', 'title'],
    ['a number', 5],
    ['undefined', undefined],
  ])('rejects %s as body with a 422 naming the whole body', async (_label, body) => {
    const error = await errorOf(CreateThingBody, body);
    expect(error?.code).toBe('validation_error');
    expect(error?.message).toBe('The request body must be a JSON object.');
    expect(error?.details).toEqual([{ field: '', message: 'the body must be a JSON object', reason: 'type' }]);
  });

  it('reports missing required fields', async () => {
    expect((await detailsOf(CreateThingBody, {})).map((d) => d.field).sort()).toEqual(['count', 'title']);
  });

  it('a body of no fields (an action route): {} passes, every field sent is unknown', async () => {
    class NoFields {}
    await expect(validateAgainst(NoFields, {})).resolves.toBeUndefined();
    expect(await detailsOf(NoFields, { reason: 'x', id: 'abc' })).toEqual([
      { field: 'reason', message: 'reason is not a writable field of this resource', reason: 'unknown_field' },
      { field: 'id', message: 'id is not a writable field of this resource', reason: 'unknown_field' },
    ]);
  });

  it('reports unknown fields as not writable', async () => {
    expect(await detailsOf(CreateThingBody, { title: 'x', count: 1, id: 'abc', created_at: 'now' })).toEqual([
      { field: 'id', message: 'id is not a writable field of this resource', reason: 'unknown_field' },
      { field: 'created_at', message: 'created_at is not a writable field of this resource', reason: 'unknown_field' },
    ]);
  });
});

describe('validateAgainst and prototype keys', () => {
  it.each([
    ['{"__proto__":{"admin":true}}', ['__proto__']],
    ['{"title":"x","count":1,"constructor":{"prototype":{"admin":true}}}', ['constructor']],
    ['{"title":"x","count":1,"prototype":1}', ['prototype']],
    ['{"title":"x","count":1,"note":"a\\u0000b"}', ['note']],
  ])('refuses %s with 422 naming the key (a PATCH DTO too), before class-transformer can assign a prototype', async (text, fields) => {
    for (const dto of [CreateThingBody, PatchThingBody]) {
      const error = await errorOf(dto, JSON.parse(text));
      expect(error?.code).toBe('validation_error');
      expect(error?.details?.map((detail) => detail.field)).toEqual(fields);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('PartialType(…, { skipNullProperties: false }) for merge patches', () => {
  it('accepts an empty patch', async () => {
    expect(await detailsOf(PatchThingBody, {})).toEqual([]);
  });

  it('skips fields that are absent (undefined)', async () => {
    expect(await detailsOf(PatchThingBody, { note: 'x' })).toEqual([]);
    expect(await detailsOf(PatchThingBody, { title: undefined, count: undefined })).toEqual([]);
  });

  it('rejects null on a required field', async () => {
    expect((await detailsOf(PatchThingBody, { title: null })).map((d) => d.field)).toEqual(['title']);
    expect((await detailsOf(PatchThingBody, { count: null })).map((d) => d.field)).toEqual(['count']);
  });

  it('accepts null on an optional field', async () => {
    expect(await detailsOf(PatchThingBody, { note: null, kind: null })).toEqual([]);
  });

  it('still validates present values', async () => {
    expect((await detailsOf(PatchThingBody, { kind: 'c', count: -1 })).map((d) => d.field).sort()).toEqual(['count', 'kind']);
  });

  it('still rejects unknown fields', async () => {
    expect(await detailsOf(PatchThingBody, { version: 3 })).toEqual([{ field: 'version', message: 'version is not a writable field of this resource', reason: 'unknown_field' }]);
  });
});

describe('BodyValidationPipe', () => {
  const pipe = new BodyValidationPipe();

  it('returns the plain body as sent, nulls included', async () => {
    const body = { title: 'x', count: 2, note: null };
    const result = await pipe.transform(body, { type: 'body', metatype: CreateThingBody });
    expect(result).toBe(body);
    expect(result).not.toBeInstanceOf(CreateThingBody);
  });

  it('rejects an invalid body with ValidationFailedError', async () => {
    await expect(pipe.transform({ title: 'x' }, { type: 'body', metatype: CreateThingBody })).rejects.toBeInstanceOf(ValidationFailedError);
  });

  it('reads a missing body as an empty object', async () => {
    await expect(pipe.transform(undefined, { type: 'body', metatype: PatchThingBody })).resolves.toEqual({});
    await expect(pipe.transform(undefined, { type: 'body', metatype: CreateThingBody })).rejects.toBeInstanceOf(ValidationFailedError);
  });

  it('leaves query and path parameters alone', async () => {
    const query = { page: '0', anything: 'goes' };
    await expect(pipe.transform(query, { type: 'query', metatype: CreateThingBody })).resolves.toBe(query);
    await expect(pipe.transform('abc', { type: 'param', metatype: String })).resolves.toBe('abc');
  });

  it('leaves bodies typed as native types or untyped alone', async () => {
    await expect(pipe.transform('raw', { type: 'body', metatype: String })).resolves.toBe('raw');
    const anything = { whatever: 1 };
    await expect(pipe.transform(anything, { type: 'body', metatype: Object })).resolves.toBe(anything);
    await expect(pipe.transform(anything, { type: 'body' })).resolves.toBe(anything);
  });
});
