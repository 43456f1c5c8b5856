import { PartialType, PickType } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AddressDto } from './address.dto';
import { acceptorOf } from './body-acceptor';
import {
  BooleanField,
  DateField,
  DateTimeField,
  EmailField,
  EnumArrayField,
  EnumField,
  IntegerField,
  MoneyField,
  NestedArrayField,
  NestedField,
  StringArrayField,
  StringField,
  TextField,
} from './fields';

class ContactBody {
  @StringField({ required: true }) name: string;
  @EmailField() email?: string | null;
}

class EverythingBody {
  @StringField({ required: true }) title: string;
  @StringField({ max: 5, pattern: /^[A-Z]+$/ }) code?: string | null;
  @TextField() notes?: string | null;
  @EmailField() email?: string | null;
  @EnumField(['a', 'b']) kind?: string | null;
  @EnumArrayField(['x', 'y'], { minItems: 1 }) tags?: string[] | null;
  @IntegerField({ min: 0, max: 10 }) count?: number | null;
  @MoneyField() amount?: number | null;
  @BooleanField() flag?: boolean | null;
  @DateField() day?: string | null;
  @DateTimeField() at?: string | null;
  @NestedField(() => AddressDto) address?: AddressDto | null;
  @NestedArrayField(() => ContactBody, { maxItems: 3 }) contacts?: ContactBody[] | null;
  @StringArrayField({ maxItems: 2 }) aliases?: string[] | null;
}

class PatchEverythingBody extends PartialType(EverythingBody, { skipNullProperties: false }) {}

/** A new class, not a subclass: @nestjs/swagger copies the decorators' metadata onto it. */
const PickedNestedBody = PickType(EverythingBody, ['address', 'contacts'] as const);

async function classValidatorAccepts(dto: new () => object, body: object): Promise<boolean> {
  const instance = plainToInstance(dto, body, { enableImplicitConversion: false });
  return (await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true })).length === 0;
}

const address = { address1: '12 Elm Street', address2: null, city: 'Springfield', state: 'IL', zip: '62701' };
const valid = {
  title: 'Estate',
  code: 'AB',
  notes: 'n',
  email: 'a@example.com',
  kind: 'a',
  tags: ['x', 'y'],
  count: 3,
  amount: 10.25,
  flag: true,
  day: '2026-02-28',
  at: '2026-09-01T12:00:00.000Z',
  address,
  contacts: [{ name: 'A', email: null }],
  aliases: ['one'],
};

/** One field changed to a value of every sort a client may send: the acceptor's verdict must never be kinder. */
const ODD_VALUES: unknown[] = [
  null,
  '',
  ' ',
  'x'.repeat(201),
  'lower',
  'ZZZZZZ',
  0,
  -1,
  11,
  1.5,
  10.255,
  1e-7,
  true,
  'true',
  [],
  ['x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x'],
  ['z'],
  [null],
  [1],
  {},
  { name: 'A' },
  { ...address, zip: 'nope' },
  { ...address, extra: 1 },
  { ...address, state: null },
  [{ name: 'A' }, { name: 'B', other: true }],
  [{ name: null }],
  ['one', 'two', 'three'],
  '2026-02-30',
  '2026-09-01T12:00:00',
  '2026-09-01T12:00:00+02:00',
  'not an email',
];

describe('acceptorOf', () => {
  it('accepts a valid body without class-validator, on create and patch', () => {
    expect(acceptorOf(EverythingBody)?.(valid)).toBe(true);
    expect(acceptorOf(PatchEverythingBody)?.({ notes: null, count: 2 })).toBe(true);
    expect(acceptorOf(PatchEverythingBody)?.({})).toBe(true);
  });

  it('leaves to class-validator an unknown key, a missing required field, a null required field in a patch', () => {
    expect(acceptorOf(EverythingBody)?.({ ...valid, surprise: 1 })).toBe(false);
    const { title: _title, ...withoutTitle } = valid;
    expect(acceptorOf(EverythingBody)?.(withoutTitle)).toBe(false);
    expect(acceptorOf(PatchEverythingBody)?.({ title: null })).toBe(false);
  });

  it('checks nested objects and array items on derived DTOs too, by the class the field decorator recorded', () => {
    for (const dto of [PatchEverythingBody, PickedNestedBody]) {
      expect(acceptorOf(dto)?.({ address, contacts: [{ name: 'A' }] })).toBe(true);
      expect(acceptorOf(dto)?.({ address: { ...address, zip: 'nope' } })).toBe(false);
      expect(acceptorOf(dto)?.({ address: { ...address, extra: 1 } })).toBe(false);
      expect(acceptorOf(dto)?.({ contacts: [{ name: 'A', other: true }] })).toBe(false);
      expect(acceptorOf(dto)?.({ contacts: [{ name: null }] })).toBe(false);
    }
  });

  it.each(Object.keys(valid))('never accepts what class-validator refuses, whatever %s holds', async (field) => {
    for (const dto of [EverythingBody, PatchEverythingBody]) {
      for (const odd of ODD_VALUES) {
        const body = { ...valid, [field]: odd };
        const accepted = acceptorOf(dto)!(body);
        const verdict = await classValidatorAccepts(dto, body);
        if (accepted) expect({ field, odd, verdict }).toEqual({ field, odd, verdict: true });
      }
    }
  });

  it('accepts most of what class-validator accepts (the fast path is the common one)', async () => {
    let agreed = 0;
    let acceptedByValidator = 0;
    for (const field of Object.keys(valid)) {
      for (const odd of ODD_VALUES) {
        const body = { ...valid, [field]: odd };
        if (!(await classValidatorAccepts(PatchEverythingBody, body))) continue;
        acceptedByValidator++;
        if (acceptorOf(PatchEverythingBody)!(body)) agreed++;
      }
    }
    expect(acceptedByValidator).toBeGreaterThan(20);
    expect(agreed).toBe(acceptedByValidator);
  });
});
