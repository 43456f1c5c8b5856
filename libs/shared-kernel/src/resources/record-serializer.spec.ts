import { EntitySchema } from '@mikro-orm/core';
import { serializeRecord, writableDocument } from './record-serializer';
import { toCamelCase } from './naming/naming';

interface Gadget {
  id: string;
  caseId: string;
  displayName: string | null;
  accountNumber: string | null;
  policyNumber?: string | null;
  vin?: string | null;
  ssn?: string | null;
  balance: number | null;
  purchasedOn: string | null;
  tags: string[];
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const GadgetSchema = new EntitySchema<Gadget>({
  name: 'SerializerTestGadget',
  tableName: 'serializer_test_gadgets',
  properties: {
    id: { type: 'string', primary: true },
    caseId: { type: 'string', hidden: true },
    displayName: { type: 'string', nullable: true },
    accountNumber: { type: 'string', nullable: true },
    policyNumber: { type: 'string', nullable: true },
    vin: { type: 'string', nullable: true },
    ssn: { type: 'string', nullable: true },
    balance: { type: 'number', nullable: true },
    purchasedOn: { type: 'string', nullable: true },
    tags: { type: 'json' },
    isActive: { type: 'boolean' },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
    version: { type: 'integer', version: true, hidden: true },
  },
});

const gadget: Gadget = {
  id: '01J0000000000000000000GADG',
  caseId: '01J00000000000000000000CAS',
  displayName: 'Family car',
  accountNumber: '000123456789',
  policyNumber: 'POL-55554444',
  vin: '1HGCM82633A004352',
  ssn: '123-45-6789',
  balance: 1234.5,
  purchasedOn: '2020-05-01',
  tags: ['a'],
  isActive: true,
  createdAt: new Date('2026-01-02T03:04:05.678Z'),
  updatedAt: new Date('2026-01-03T00:00:00.000Z'),
  version: 3,
};

const MASKED = new Set(['ssn', 'account_number', 'policy_number', 'vin']);

describe('serializeRecord', () => {
  const view = serializeRecord(gadget, GadgetSchema, undefined, MASKED);

  it('uses snake_case keys in schema order', () => {
    expect(Object.keys(view)).toEqual([
      'id',
      'display_name',
      'account_number',
      'policy_number',
      'vin',
      'ssn',
      'balance',
      'purchased_on',
      'tags',
      'is_active',
      'created_at',
      'updated_at',
    ]);
  });

  it('leaves hidden properties out', () => {
    expect(view).not.toHaveProperty('case_id');
    expect(view).not.toHaveProperty('caseId');
    expect(view).not.toHaveProperty('version');
  });

  it('writes Dates as ISO 8601 UTC with milliseconds', () => {
    expect(view.created_at).toBe('2026-01-02T03:04:05.678Z');
    expect(view.updated_at).toBe('2026-01-03T00:00:00.000Z');
  });

  it('masks the fields declared masked', () => {
    expect(view.ssn).toBe('*******6789');
    expect(view.account_number).toBe('********6789');
    expect(view.policy_number).toBe('********4444');
    expect(view.vin).toBe('*************4352');
    expect(serializeRecord(gadget, GadgetSchema, undefined, new Set(['vin']))).toMatchObject({ vin: '*************4352', ssn: '123-45-6789' });
  });

  it('masks a declared field inside nested values too', () => {
    const item = { fields: new Map([['account_number', null], ['label', null]]) };
    const shape = { fields: new Map([['tags', item]]) };
    const nested = serializeRecord({ ...gadget, tags: [{ account_number: '000123456789', label: 'x' }] }, GadgetSchema, shape, MASKED);
    expect(nested.tags).toEqual([{ account_number: '********6789', label: 'x' }]);
  });

  it('passes other values through', () => {
    expect(view.display_name).toBe('Family car');
    expect(view.balance).toBe(1234.5);
    expect(view.purchased_on).toBe('2020-05-01');
    expect(view.tags).toEqual(['a']);
    expect(view.is_active).toBe(true);
  });

  it('reads unset (undefined) properties as null, sensitive ones included', () => {
    const sparse = { id: 'x', createdAt: new Date(0), updatedAt: new Date(0) } as unknown as Gadget;
    const sparseView = serializeRecord(sparse, GadgetSchema, undefined, MASKED);
    expect(sparseView.display_name).toBeNull();
    expect(sparseView.balance).toBeNull();
    expect(sparseView.ssn).toBeNull();
    expect(sparseView.vin).toBeNull();
    expect(sparseView.account_number).toBeNull();
    expect(Object.values(sparseView)).not.toContain(undefined);
  });

  it('keeps null as null', () => {
    const nulls = serializeRecord({ ...gadget, displayName: null, accountNumber: null }, GadgetSchema, undefined, MASKED);
    expect(nulls.display_name).toBeNull();
    expect(nulls.account_number).toBeNull();
  });
});

describe('writableDocument', () => {
  it('collects the set writable fields, unmasked, skipping null and undefined', () => {
    const document = writableDocument({ ...gadget, displayName: null }, ['display_name', 'account_number', 'balance', 'created_at', 'vin'], toCamelCase);
    expect(document).toEqual({
      account_number: '000123456789',
      balance: 1234.5,
      created_at: '2026-01-02T03:04:05.678Z',
      vin: '1HGCM82633A004352',
    });
  });
});
