import { PartialType } from '@nestjs/swagger';
import { AddressDto } from './validation/address.dto';
import { NestedArrayField, NestedField, StringField } from './validation/fields';
import { shapeOf, withNulls } from './body-shape';

class ItemBody {
  @StringField() name?: string | null;
  @NestedField(() => AddressDto) address?: AddressDto | null;
}

class OuterBody {
  @StringField() title?: string | null;
  @NestedField(() => AddressDto) address?: AddressDto | null;
  @NestedArrayField(() => ItemBody) items?: ItemBody[] | null;
}

/** A new class (not a subclass of OuterBody) carrying copies of its metadata, as every patch DTO is. */
class PatchOuterBody extends PartialType(OuterBody, { skipNullProperties: false }) {}

describe('shapeOf / withNulls: unset reads null at every depth', () => {
  const shape = shapeOf(OuterBody);

  it('knows the fields of the body and of its nested objects and array items', () => {
    expect([...shape.fields.keys()].sort()).toEqual(['address', 'items', 'title']);
    expect([...(shape.fields.get('address')?.fields.keys() ?? [])].sort()).toEqual(['address1', 'address2', 'city', 'state', 'zip']);
    expect(shape.fields.get('title')).toBeNull();
    expect(shapeOf(OuterBody)).toBe(shape);
  });

  it('knows the nested objects and array items of a DTO derived with PartialType', () => {
    const patch = shapeOf(PatchOuterBody);
    expect([...patch.fields.keys()].sort()).toEqual(['address', 'items', 'title']);
    expect([...(patch.fields.get('address')?.fields.keys() ?? [])].sort()).toEqual(['address1', 'address2', 'city', 'state', 'zip']);
    expect([...(patch.fields.get('items')?.fields.get('address')?.fields.keys() ?? [])]).toHaveLength(5);
    expect(withNulls({ items: [{ name: 'x' }] }, patch)).toEqual({ title: null, address: null, items: [{ name: 'x', address: null }] });
  });

  it('fills missing nested fields with null, through arrays, keeping what is stored', () => {
    const address = { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' };
    expect(withNulls(address, shape.fields.get('address') ?? null)).toEqual({ ...address, address2: null });
    expect(withNulls([{ name: 'x' }, { address }], shape.fields.get('items') ?? null)).toEqual([
      { name: 'x', address: null },
      { name: null, address: { ...address, address2: null } },
    ]);
    expect(withNulls(undefined, shape.fields.get('address') ?? null)).toBeNull();
    expect(withNulls({ address1: 'a', legacy: 1 }, shape.fields.get('address') ?? null)).toMatchObject({ legacy: 1, zip: null });
  });
});
