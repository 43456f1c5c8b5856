import { IntersectionType, OmitType, PartialType, PickType } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate, ValidationError } from 'class-validator';
import { AddressDto } from './address.dto';
import { NestedArrayField, NestedField, StringField } from './fields';
import { NESTED_TYPE_CONSTRAINT, nestedTypesIn } from './nested-type';

class ContactBody {
  @StringField({ required: true }) name: string;
}

class HolderBody {
  @StringField({ required: true }) title: string;
  @NestedField(() => AddressDto, { required: true }) address: AddressDto;
  @NestedArrayField(() => ContactBody) contacts?: ContactBody[] | null;
}

class ExtraBody {
  @NestedField(() => AddressDto) mailing_address?: AddressDto | null;
}

const nestedTypesOf = (dto: new () => object) => nestedTypesIn(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false));

function constraintNamesIn(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [...Object.keys(error.constraints ?? {}), ...constraintNamesIn(error.children ?? [])]);
}

describe('NestedType: the class of a nested field, read from class-validator metadata', () => {
  it('is recorded by NestedField and NestedArrayField, and only for them', () => {
    expect(nestedTypesOf(HolderBody)).toEqual(new Map<string, unknown>([['address', AddressDto], ['contacts', ContactBody]]));
  });

  it('is copied onto the classes @nestjs/swagger derives, which are not subclasses', () => {
    expect(nestedTypesOf(PartialType(HolderBody))).toEqual(nestedTypesOf(HolderBody));
    expect(nestedTypesOf(PickType(HolderBody, ['contacts'] as const))).toEqual(new Map([['contacts', ContactBody]]));
    expect(nestedTypesOf(OmitType(HolderBody, ['contacts'] as const))).toEqual(new Map([['address', AddressDto]]));
    expect(nestedTypesOf(IntersectionType(HolderBody, ExtraBody)).get('mailing_address')).toBe(AddressDto);
  });

  it.each([
    ['a valid body', { title: 'T', address: { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' }, contacts: [{ name: 'A' }] }],
    ['a nested object of the wrong type', { title: 'T', address: 'somewhere', contacts: 'A' }],
    ['a missing nested object', { title: 'T' }],
    ['null nested values', { title: 'T', address: null, contacts: [null] }],
    ['invalid nested fields', { title: 'T', address: { zip: 1, extra: true }, contacts: [{ name: 2 }, {}] }],
  ])('never fails, so class-validator never reports it: %s', async (_case, body) => {
    for (const dto of [HolderBody, PartialType(HolderBody, { skipNullProperties: false })]) {
      const errors = await validate(plainToInstance(dto, body), { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
      expect(constraintNamesIn(errors)).not.toContain(NESTED_TYPE_CONSTRAINT);
    }
  });
});
