import { ValidationFailedError, ErrorDetail } from '../../platform/errors/domain-error';
import { AddressDto } from './address.dto';
import { validateAgainst } from './body-validation.pipe';
import {
  BooleanField,
  calendarDateProblem,
  DateField,
  DateTimeField,
  EmailField,
  EnumArrayField,
  EnumField,
  examplesOf,
  IntegerField,
  decimalsOf,
  isCalendarDate,
  MoneyField,
  notACalendarDay,
  NestedArrayField,
  NestedField,
  NumberField,
  StringArrayField,
  StringField,
  TextField,
} from './fields';

class ContactDto {
  @StringField({ required: true }) name: string;
  @StringField() nickname?: string | null;
  @TextField() notes?: string | null;
  @EmailField() email?: string | null;
  @EnumField(['open', 'closed']) status?: string | null;
  @EnumArrayField(['phone', 'mail'], { minItems: 1 }) channels?: string[] | null;
  @DateField() born_on?: string | null;
  @DateTimeField() called_at?: string | null;
  @MoneyField() amount?: number | null;
  @MoneyField({ min: 0 }) fee?: number | null;
  @NumberField({ min: 0, max: 1 }) confidence?: number | null;
  @IntegerField({ min: 1900, max: 2100 }) year?: number | null;
  @BooleanField() active?: boolean | null;
  @NestedField(() => AddressDto) address?: AddressDto | null;
  @NestedArrayField(() => AddressDto, { maxItems: 2 }) branches?: AddressDto[] | null;
  @StringArrayField({ maxItems: 3 }) tags?: string[] | null;
}

const ADDRESS = { address1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' };

async function detailsOf(body: unknown, dto: new () => object = ContactDto): Promise<ErrorDetail[]> {
  try {
    await validateAgainst(dto, body);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailedError);
    expect((error as ValidationFailedError).code).toBe('validation_error');
    return (error as ValidationFailedError).details ?? [];
  }
  return [];
}

async function fieldsOf(body: unknown): Promise<string[]> {
  return (await detailsOf(body)).map((detail) => detail.field);
}

describe('field decorators (validated through validateAgainst)', () => {
  it('accepts a minimal valid body', async () => {
    expect(await detailsOf({ name: 'Ann' })).toEqual([]);
  });

  it('accepts a full valid body', async () => {
    const body = {
      name: 'Ann',
      nickname: 'A',
      notes: 'n'.repeat(10_000),
      email: 'ann@example.com',
      status: 'open',
      channels: ['phone', 'mail'],
      born_on: '2024-02-29',
      called_at: '2026-09-01T12:00:00.000Z',
      amount: -12.34,
      fee: 0,
      confidence: 0.5,
      year: 1999,
      active: false,
      address: ADDRESS,
      branches: [ADDRESS],
      tags: ['x', 'y'],
    };
    expect(await detailsOf(body)).toEqual([]);
  });

  describe('the reason of each detail', () => {
    const reasonOf = async (body: unknown) => (await detailsOf(body)).map(({ field, reason }) => [field, reason]);

    it('says "is required" for an absent required field, whatever its type, and for null', async () => {
      expect(await detailsOf({})).toEqual([{ field: 'name', message: 'name is required', reason: 'required' }]);
      expect(await detailsOf({ name: null })).toEqual([{ field: 'name', message: 'name is required and cannot be null', reason: 'required' }]);
      expect(await detailsOf({ name: 'Ann', address: { address1: '1 Main St', city: 'Springfield', state: 'IL' } })).toEqual([
        { field: 'address.zip', message: 'address.zip is required', reason: 'required' },
      ]);
    });

    it('tells a wrong type, a value outside the set, a bad format, a value out of range and an unknown field apart', async () => {
      expect(await reasonOf({ name: 42 })).toEqual([['name', 'type']]);
      expect(await reasonOf({ name: 'Ann', amount: '12.50' })).toEqual([['amount', 'type']]);
      expect(await reasonOf({ name: 'Ann', active: 'yes' })).toEqual([['active', 'type']]);
      expect(await reasonOf({ name: 'Ann', address: 'Springfield' })).toEqual([['address', 'type']]);
      expect(await reasonOf({ name: 'Ann', status: 'pending' })).toEqual([['status', 'enum']]);
      expect(await reasonOf({ name: 'Ann', channels: ['fax'] })).toEqual([['channels', 'enum']]);
      expect(await reasonOf({ name: 'Ann', email: 'nope' })).toEqual([['email', 'format']]);
      expect(await reasonOf({ name: 'Ann', called_at: '2026-09-01T12:00:00' })).toEqual([['called_at', 'format']]);
      expect(await reasonOf({ name: 'x'.repeat(201) })).toEqual([['name', 'range']]);
      expect(await reasonOf({ name: 'Ann', year: 1800 })).toEqual([['year', 'range']]);
      expect(await reasonOf({ name: 'Ann', fee: -0.01 })).toEqual([['fee', 'range']]);
      expect(await reasonOf({ name: 'Ann', tags: ['a', 'b', 'c', 'd'] })).toEqual([['tags', 'range']]);
      expect(await reasonOf({ name: 'Ann', channels: [] })).toEqual([['channels', 'range']]);
      expect(await reasonOf({ name: 'Ann', id: 'x' })).toEqual([['id', 'unknown_field']]);
    });
  });

  describe('required and optional strings', () => {
    it('reports a missing required string', async () => {
      const details = await detailsOf({});
      expect(details).toEqual([{ field: 'name', message: 'name is required', reason: 'required' }]);
    });

    it('rejects null and an empty string on a required string', async () => {
      expect(await fieldsOf({ name: null })).toEqual(['name']);
      expect(await fieldsOf({ name: '' })).toEqual(['name']);
    });

    it('allows null and omission on an optional field', async () => {
      const body = { name: 'Ann', nickname: null, email: null, status: null, born_on: null, called_at: null, amount: null, year: null, address: null, active: null };
      expect(await detailsOf(body)).toEqual([]);
    });

    it('rejects a non-string and an over-long string', async () => {
      expect(await fieldsOf({ name: 42 })).toEqual(['name']);
      expect(await fieldsOf({ name: 'x'.repeat(201) })).toEqual(['name']);
      expect(await fieldsOf({ name: 'x'.repeat(200) })).toEqual([]);
      expect(await fieldsOf({ name: 'Ann', notes: 'x'.repeat(10_001) })).toEqual(['notes']);
    });
  });

  describe('email', () => {
    it('rejects a malformed address with a readable message', async () => {
      expect(await detailsOf({ name: 'Ann', email: 'not-an-email' })).toEqual([{ field: 'email', message: 'email must be a valid e-mail address', reason: 'format' }]);
      expect(await fieldsOf({ name: 'Ann', email: 'a@' })).toEqual(['email']);
    });
  });

  describe('enum', () => {
    it('rejects a value outside the set, naming the set', async () => {
      expect(await detailsOf({ name: 'Ann', status: 'pending' })).toEqual([{ field: 'status', message: 'status must be one of: open, closed', reason: 'enum' }]);
    });

    it('rejects string arrays with too few items when a minimum is set', async () => {
      class Listed {
        @StringArrayField({ required: true, minItems: 1, maxItems: 2 }) ids: string[];
      }
      expect(await detailsOf({ ids: [] }, Listed)).toEqual([{ field: 'ids', message: 'ids must have at least 1 item', reason: 'range' }]);
      expect(await detailsOf({ ids: ['a', 'b', 'c'] }, Listed)).toEqual([{ field: 'ids', message: 'ids may have at most 2 items', reason: 'range' }]);
      expect(await detailsOf({ ids: ['a'] }, Listed)).toEqual([]);
    });

    it('rejects enum arrays with foreign items or too few items', async () => {
      expect(await fieldsOf({ name: 'Ann', channels: ['phone', 'fax'] })).toEqual(['channels']);
      expect(await fieldsOf({ name: 'Ann', channels: [] })).toEqual(['channels']);
      expect(await fieldsOf({ name: 'Ann', channels: 'phone' })).toEqual(['channels']);
    });
  });

  describe('date', () => {
    it('accepts 2024-02-29 and rejects 2026-02-30 as no calendar date, not as a malformed one', async () => {
      expect(await fieldsOf({ name: 'Ann', born_on: '2024-02-29' })).toEqual([]);
      expect(await detailsOf({ name: 'Ann', born_on: '2026-02-30' })).toEqual([
        { field: 'born_on', message: 'born_on is not a calendar date: 2026-02-30 does not exist, February 2026 has 28 days', reason: 'format' },
      ]);
      expect(await detailsOf({ name: 'Ann', born_on: '2025-02-29' })).toEqual([
        { field: 'born_on', message: 'born_on is not a calendar date: 2025-02-29 does not exist, February 2025 has 28 days', reason: 'format' },
      ]);
      expect(await detailsOf({ name: 'Ann', born_on: '2026-13-01' })).toEqual([
        { field: 'born_on', message: 'born_on is not a calendar date: 2026-13-01 has no month 13 (months run from 01 to 12)', reason: 'format' },
      ]);
      // Malformed, and out of the accepted range, each say so.
      expect(await detailsOf({ name: 'Ann', born_on: '01/09/2026' })).toEqual([{ field: 'born_on', message: 'born_on must be a date in YYYY-MM-DD format from 1800-01-01 to 2199-12-31', reason: 'format' }]);
      expect(await detailsOf({ name: 'Ann', born_on: '1799-12-31' })).toEqual([{ field: 'born_on', message: 'born_on must be a date from 1800-01-01 to 2199-12-31', reason: 'format' }]);
    });

    it('calendarDateProblem words a query or path parameter the same way; notACalendarDay reads the date of a date-time too', () => {
      expect(calendarDateProblem('as_of', '2026-04-31')).toEqual({ field: 'as_of', message: 'as_of is not a calendar date: 2026-04-31 does not exist, April 2026 has 30 days', reason: 'format' });
      expect(calendarDateProblem('as_of', '2026-04-30')).toBeUndefined();
      expect(calendarDateProblem('as_of', 20260430)?.message).toBe('as_of must be a date in YYYY-MM-DD format from 1800-01-01 to 2199-12-31');
      expect(notACalendarDay('2026-02-30T10:00:00Z')).toBe('2026-02-30 does not exist, February 2026 has 28 days');
      expect(notACalendarDay('2026-00-10')).toBe('2026-00-10 has no month 00 (months run from 01 to 12)');
      expect(notACalendarDay('2026-02-00')).toBe('2026-02-00 does not exist, February 2026 has 28 days');
      expect(notACalendarDay('2024-02-29T00:00:00Z')).toBeUndefined();
      expect(notACalendarDay('yesterday')).toBeUndefined();
    });

    it.each(['2025-02-29', '2026-13-01', '2026-00-10', '2026-9-1', '2026-09-01T00:00:00Z', '01/09/2026', ''])('rejects %j', async (value) => {
      expect(await fieldsOf({ name: 'Ann', born_on: value })).toEqual(['born_on']);
    });

    it('isCalendarDate accepts 1800-01-01 to 2199-12-31 only (contract §3.1)', () => {
      for (const date of ['1800-01-01', '2199-12-31', '2000-02-29']) expect(isCalendarDate(date)).toBe(true);
      for (const date of ['1799-12-31', '2200-01-01', '9999-12-31', '0001-01-01', '0000-00-00']) expect(isCalendarDate(date)).toBe(false);
    });

    it('isCalendarDate rejects non-strings', () => {
      expect(isCalendarDate(20260101)).toBe(false);
      expect(isCalendarDate(new Date())).toBe(false);
      expect(isCalendarDate('2000-02-29')).toBe(true);
      expect(isCalendarDate('1900-02-29')).toBe(false);
    });
  });

  describe('date-time', () => {
    it.each(['2026-09-01T12:00:00.000Z', '2026-09-01T12:00:00Z', '2026-09-01T14:00:00+02:00', '2026-09-01T12:00Z'])('accepts %j', async (value) => {
      expect(await fieldsOf({ name: 'Ann', called_at: value })).toEqual([]);
    });

    it.each(['2026-09-01T12:00:00', '2026-09-01T12:00:00.000', '2026-09-01', '2026-09-01 12:00:00Z', '2026-02-30T12:00:00Z', 'yesterday'])(
      'rejects %j (a time zone is required)',
      async (value) => {
        expect(await fieldsOf({ name: 'Ann', called_at: value })).toEqual(['called_at']);
      },
    );

    it('says a well-formed date-time on a day that does not exist is no calendar date', async () => {
      expect(await detailsOf({ name: 'Ann', called_at: '2026-02-30T12:00:00Z' })).toEqual([
        { field: 'called_at', message: 'called_at is not a calendar date: 2026-02-30 does not exist, February 2026 has 28 days', reason: 'format' },
      ]);
      expect((await detailsOf({ name: 'Ann', called_at: 'yesterday' }))[0].message).toBe('called_at must be an ISO 8601 date-time, e.g. 2026-09-01T12:00:00.000Z');
    });
  });

  describe('money and numbers', () => {
    it('rejects three decimals', async () => {
      expect(await detailsOf({ name: 'Ann', amount: 1.005 })).toEqual([{ field: 'amount', message: 'amount must be a number with at most 2 decimals', reason: 'format' }]);
      expect(await fieldsOf({ name: 'Ann', amount: 10.12 })).toEqual([]);
    });

    it('rejects tiny numbers written in exponent notation (6e-323, 1e-7) with the envelope detail, not a crash', async () => {
      for (const amount of [6e-323, 1e-7, 1.5e-7, 5e-324]) {
        expect(await detailsOf({ name: 'Ann', amount })).toEqual([{ field: 'amount', message: 'amount must be a number with at most 2 decimals', reason: 'format' }]);
      }
      expect(await fieldsOf({ name: 'Ann', amount: 1e21 })).toEqual(['amount']);
      expect(await fieldsOf({ name: 'Ann', amount: 0.1 })).toEqual([]);
    });

    it('counts decimals in any notation', () => {
      expect([0, 1, 1.1, 10.12, 123.456, 1e-7, 1.5e-7, 6e-323, 1e21, -0.05].map(decimalsOf)).toEqual([0, 0, 1, 2, 3, 7, 8, 323, 0, 2]);
    });

    it('rejects amounts out of range and accepts the limits', async () => {
      expect(await fieldsOf({ name: 'Ann', amount: 1_000_000_000_000 })).toEqual(['amount']);
      expect(await fieldsOf({ name: 'Ann', amount: -1_000_000_000_000 })).toEqual(['amount']);
      expect(await fieldsOf({ name: 'Ann', amount: 999_999_999_999.99 })).toEqual([]);
      expect(await fieldsOf({ name: 'Ann', amount: -999_999_999_999.99 })).toEqual([]);
    });

    it('honours a money minimum', async () => {
      expect(await fieldsOf({ name: 'Ann', fee: -0.01 })).toEqual(['fee']);
    });

    it('rejects a numeric string (no implicit conversion)', async () => {
      expect(await fieldsOf({ name: 'Ann', amount: '12.50' })).toEqual(['amount']);
    });

    it('enforces number ranges', async () => {
      expect(await fieldsOf({ name: 'Ann', confidence: 1.01 })).toEqual(['confidence']);
      expect(await fieldsOf({ name: 'Ann', confidence: 1 })).toEqual([]);
    });

    it('requires integers to be integers within range', async () => {
      expect(await detailsOf({ name: 'Ann', year: 1999.5 })).toEqual([{ field: 'year', message: 'year must be an integer', reason: 'type' }]);
      expect(await fieldsOf({ name: 'Ann', year: '1999' })).toEqual(['year']);
      expect(await fieldsOf({ name: 'Ann', year: 1899 })).toEqual(['year']);
      expect(await fieldsOf({ name: 'Ann', year: 2101 })).toEqual(['year']);
    });
  });

  it('rejects a non-boolean boolean', async () => {
    expect(await fieldsOf({ name: 'Ann', active: 'true' })).toEqual(['active']);
  });

  describe('nested objects', () => {
    it('reports a nested problem with its JSON path', async () => {
      const details = await detailsOf({ name: 'Ann', address: { ...ADDRESS, zip: '6270' } });
      expect(details).toEqual([{ field: 'address.zip', message: expect.stringMatching(/^address\.zip /), reason: 'format' }]);
    });

    it('reports an unknown nested property as not writable', async () => {
      const details = await detailsOf({ name: 'Ann', address: { ...ADDRESS, country: 'US' } });
      expect(details).toEqual([{ field: 'address.country', message: 'address.country is not a writable field of this resource', reason: 'unknown_field' }]);
    });

    it('rejects a nested field that is not an object', async () => {
      expect(await fieldsOf({ name: 'Ann', address: 'Springfield' })).toContain('address');
    });

    it('indexes the path of items of a nested array', async () => {
      const details = await detailsOf({ name: 'Ann', branches: [ADDRESS, { ...ADDRESS, state: 'il' }] });
      expect(details.map((detail) => detail.field)).toEqual(['branches.1.state']);
    });

    it('limits nested arrays and string arrays', async () => {
      expect(await fieldsOf({ name: 'Ann', branches: [ADDRESS, ADDRESS, ADDRESS] })).toEqual(['branches']);
      expect(await fieldsOf({ name: 'Ann', tags: ['a', 'b', 'c', 'd'] })).toEqual(['tags']);
      expect(await fieldsOf({ name: 'Ann', tags: ['a', 1] })).toEqual(['tags']);
    });
  });

  it('reports an unknown property as "is not a writable field"', async () => {
    expect(await detailsOf({ name: 'Ann', id: 'x' })).toEqual([{ field: 'id', message: 'id is not a writable field of this resource', reason: 'unknown_field' }]);
  });

  it('reports every problem, one detail per field', async () => {
    const fields = await fieldsOf({ email: 'x', status: 'nope', born_on: '2026-02-30', amount: 1.001, unknown: 1 });
    expect(fields.sort()).toEqual(['amount', 'born_on', 'email', 'name', 'status', 'unknown']);
  });
});

describe('examplesOf', () => {
  class Place {
    @StringField({ required: true, example: '12 Elm Street' }) street: string;
    @StringField() note?: string | null;
    @DateField() visited?: string | null;
  }
  class Visit extends Place {
    @EnumField(['open', 'closed'], { example: 'open' }) status?: string | null;
  }

  it("gives a class's property examples by field, in their order; a field without one is left out, a date takes the kind's", () => {
    expect(examplesOf(Place)).toEqual({ street: '12 Elm Street', visited: '2026-09-01' });
    expect(Object.keys(examplesOf(Place))).toEqual(['street', 'visited']);
  });

  it("adds a subclass's own to those it inherits, leaving the parent's as they were", () => {
    expect(examplesOf(Visit)).toEqual({ street: '12 Elm Street', visited: '2026-09-01', status: 'open' });
    expect(examplesOf(Place)).not.toHaveProperty('status');
  });

  it('reads the examples of a class of the kernel (the address)', () => {
    expect(examplesOf(AddressDto)).toEqual({ address1: '12 Elm Street', address2: 'Apt 4B', city: 'Springfield', state: 'IL', zip: '62701' });
  });
});
