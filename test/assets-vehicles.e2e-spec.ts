import { vehicleResource } from '@estate/assets';
import { representationOf } from '@estate/shared-kernel';
import { createTestApp, TestApp, TestCaller } from './support/test-app';
import { detailFields, expectError } from './support/api-assertions';
import { created, newCase, newContact } from './support/assets-holdings-fixtures';

const VIN = '4T1B11HK5KU123456';
const MINIMAL = { vehicle_type: 'automobile', year: 2019, make: 'Toyota', model: 'Camry' };

describe('vehicles (e2e)', () => {
  let t: TestApp;
  let owner: TestCaller;
  let caseId: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.invite();
    caseId = await newCase(t, owner);
    base = `/v1/cases/${caseId}/vehicles`;
  });
  afterAll(() => t.close());

  it('stores the VIN encrypted and returns it masked in every response', async () => {
    const res = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, vin: VIN });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(representationOf(vehicleResource).sort());
    expect(res.body.data).toMatchObject({ case_id: caseId, vin: '*************3456', disposition_details: null, equity_estimate: null });
    const id = res.body.data.id;
    const row = (await t.sql<{ vin: string }>('select vin from vehicles where id = $1', [id]))[0];
    expect(row.vin).not.toContain('3456');
    expect(row.vin.startsWith('v1:')).toBe(true);
    expect((await t.http().get(`${base}/${id}`).set(owner.auth).expect(200)).body.data.vin).toBe('*************3456');
    expect((await t.http().get(base).set(owner.auth).expect(200)).body.data.find((v: { id: string }) => v.id === id).vin).toBe('*************3456');
    const patched = await t.http().patch(`${base}/${id}`).set(owner.auth).send({ vin: 'JH4KA8260MC000077' }).expect(200);
    expect(patched.body.data.vin).toBe('*************0077');
    expect(JSON.stringify(patched.body)).not.toContain('JH4KA8260MC');
  });

  it('merges disposition_details field by field and computes equity = value − lien payoff unless given', async () => {
    const vehicle = await created(t, owner, base, {
      ...MINIMAL,
      estimated_value: 14500.55,
      lien_payoff_amount: 3200.45,
      disposition: 'sell',
      disposition_details: { buyer_name: 'Lee Motors', sale_price: 8500 },
    });
    expect(vehicle.equity_estimate).toBe(11300.1);
    expect(vehicle.disposition_details).toEqual({ transferred_to: null, sale_price: 8500, sale_date: null, buyer_name: 'Lee Motors' });
    const res = await t.http().patch(`${base}/${vehicle.id}`).set(owner.auth).send({ disposition_details: { sale_date: '2026-10-01', buyer_name: null }, lien_payoff_amount: null }).expect(200);
    expect(res.body.data.disposition_details).toEqual({ transferred_to: null, sale_price: 8500, sale_date: '2026-10-01', buyer_name: null });
    expect(res.body.data.equity_estimate).toBe(14500.55);
    const given = await t.http().patch(`${base}/${vehicle.id}`).set(owner.auth).send({ equity_estimate: 9000 }).expect(200);
    expect(given.body.data.equity_estimate).toBe(9000);
    const cleared = await t.http().patch(`${base}/${vehicle.id}`).set(owner.auth).send({ disposition_details: null, equity_estimate: null }).expect(200);
    expect(cleared.body.data).toMatchObject({ disposition_details: null, equity_estimate: 14500.55 });
  });

  it('refuses invalid bodies with one detail per problem', async () => {
    const bad = await t.http().post(base).set(owner.auth).send({ vehicle_type: 'spaceship', year: 2019.5, make: '', disposition: 'burn', mileage: -1, disposition_details: { sale_price: 'lots', sale_date: '01/10/2026' }, colour: 'red' });
    expectError(bad, 422, 'validation_error');
    expect(detailFields(bad)).toEqual(
      expect.arrayContaining(['vehicle_type', 'year', 'make', 'model', 'disposition', 'mileage', 'disposition_details.sale_price', 'disposition_details.sale_date', 'colour']),
    );
    const vehicle = await created(t, owner, base, MINIMAL);
    const patch = await t.http().patch(`${base}/${vehicle.id}`).set(owner.auth).send({ make: null, year: null, vehicle_type: 'car', estimated_value: 1.001, case_id: caseId });
    expectError(patch, 422, 'validation_error');
    expect(detailFields(patch)).toEqual(expect.arrayContaining(['make', 'year', 'vehicle_type', 'estimated_value', 'case_id']));
  });

  it('institution_contact_id names a contact of the same case, and is released when the contact is deleted', async () => {
    const contact = await newContact(t, owner, caseId);
    const otherCase = await newCase(t, owner);
    const otherContact = await newContact(t, owner, otherCase);
    const refused = await t.http().post(base).set(owner.auth).send({ ...MINIMAL, institution_contact_id: otherContact });
    expectError(refused, 422, 'validation_error');
    expect(detailFields(refused)).toEqual(['institution_contact_id']);
    const vehicle = await created(t, owner, base, { ...MINIMAL, institution_contact_id: contact });
    expect(vehicle.institution_contact_id).toBe(contact);
    await t.http().delete(`/v1/cases/${caseId}/institution-contacts/${contact}`).set(owner.auth).expect(204);
    expect((await t.http().get(`${base}/${vehicle.id}`).set(owner.auth).expect(200)).body.data.institution_contact_id).toBeNull();
  });
});
