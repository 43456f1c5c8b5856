import { ErrorDetail, ValidationFailedError } from '../../platform/errors/domain-error';
import { AddressDto } from './address.dto';
import { validateAgainst } from './body-validation.pipe';
import { NestedField, StringField } from './fields';

class HolderDto {
  @StringField({ required: true }) name: string;
  @NestedField(() => AddressDto) address?: AddressDto | null;
}

const ADDRESS = { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' };

async function detailsOf(dto: new () => object, body: unknown): Promise<ErrorDetail[]> {
  try {
    await validateAgainst(dto, body);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailedError);
    return (error as ValidationFailedError).details ?? [];
  }
  return [];
}

const fieldsOf = async (body: unknown) => (await detailsOf(AddressDto, body)).map((detail) => detail.field);

describe('AddressDto', () => {
  it('accepts a complete address, with or without address2', async () => {
    expect(await fieldsOf(ADDRESS)).toEqual([]);
    expect(await fieldsOf({ ...ADDRESS, address2: 'Apt 4', zip: '62701-1234' })).toEqual([]);
    expect(await fieldsOf({ ...ADDRESS, address2: null })).toEqual([]);
  });

  it('requires address1 and city', async () => {
    const { address1: _a, city: _c, ...rest } = ADDRESS;
    expect((await fieldsOf(rest)).sort()).toEqual(['address1', 'city']);
  });

  it('requires zip', async () => {
    const { zip: _zip, ...rest } = ADDRESS;
    expect(await fieldsOf(rest)).toEqual(['zip']);
  });

  it('requires state', async () => {
    const { state: _state, ...rest } = ADDRESS;
    expect(await fieldsOf(rest)).toEqual(['state']);
  });

  it.each([
    ['state', null],
    ['state', 17],
    ['zip', null],
    ['zip', 62701],
  ])('rejects %s = %j', async (field, value) => {
    expect(await fieldsOf({ ...ADDRESS, [field]: value })).toEqual([field]);
  });

  it.each(['il', 'Ill', 'I', '1L'])('rejects state %j', async (state) => {
    expect(await fieldsOf({ ...ADDRESS, state })).toEqual(['state']);
  });

  it.each(['6270', '627011', '62701-12', 'ABCDE', '62701 1234'])('rejects zip %j', async (zip) => {
    expect(await fieldsOf({ ...ADDRESS, zip })).toEqual(['zip']);
  });

  it('reports a bad nested zip at address.zip', async () => {
    const details = await detailsOf(HolderDto, { name: 'Ann', address: { ...ADDRESS, zip: 'x' } });
    expect(details).toEqual([{ field: 'address.zip', message: expect.stringContaining('address.zip must be'), reason: 'format' }]);
  });

  it('reports a missing nested zip at address.zip', async () => {
    const { zip: _zip, ...rest } = ADDRESS;
    const details = await detailsOf(HolderDto, { name: 'Ann', address: rest });
    expect(details.map((detail) => detail.field)).toEqual(['address.zip']);
  });
});
