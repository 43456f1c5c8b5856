import { createTestApp, TestApp } from './support/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates and reads a case', async () => {
    const caller = await t.invite();
    const created = await t.http().post('/v1/cases').set(caller.auth).send({ progress: 'just_started' }).expect(201);
    const read = await t.http().get(`/v1/cases/${created.body.data.id}`).set(caller.auth).expect(200);
    expect(read.body.data.progress).toBe('just_started');
  });
});
