import type { Response } from 'supertest';
import { SingletonResource, toSnakeCase } from '@estate/shared-kernel';
import { detailFields, expectError } from './api-assertions';
import type { TestApp, TestCaller } from './test-app';

/**
 * The generic e2e contract of a one-per-case resource (`singletonResource({...})`: the deceased, the authority, the
 * executor): `GET` 404 while the case has none, `PUT` that creates (201) or replaces whole (200), the merge `PATCH` and
 * `DELETE` when declared, conditional writes, masking, foreign and unknown cases, races with other writers and with the
 * case's deletion.
 * Everything the code declares is read from the declaration; the spec adds bodies and the response's fields. Each
 * resource's suite then tests only its own rules (dates, SSN forms, the authority's types).
 */

type Body = Record<string, unknown>;
type View = Record<string, any>;

export interface SingletonContractSpec {
  app: () => TestApp;
  resource: SingletonResource<any>;
  /** Every field of the response. */
  fields: readonly string[];
  /** A valid `PUT` body with the required fields only. */
  minimal: () => Body;
  /** A valid `PUT` body setting every field (masked ones in full), different from `minimal()` in each field it shares. */
  full: () => Body;
  /** What the response reads for fields `minimal()` leaves out, beyond `null` (derived fields). */
  derived?: (body: Body) => Body;
  /** The required fields of `PUT`: each missing or `null` is a 422 naming it. */
  required: readonly string[];
  /** Two merge patches applied in turn to a record made from `full()`, when the resource has `PATCH`. */
  patches?: readonly [Body, Body];
  /** Full values of the masked fields (set by `full()`), checked masked in every response. */
  masked?: Record<string, string>;
}

const UNKNOWN_CASE_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const STRONG_ETAG = /^"[^"]+"$/;

function masked(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : '*'.repeat(value.length - 4) + value.slice(-4);
}

export function describeSingletonContract(spec: SingletonContractSpec): void {
  const resource = spec.resource;
  const table = (resource.schema.meta as { tableName?: string; collection?: string }).tableName ?? resource.schema.meta.collection;
  const fieldList = [...spec.fields].sort();
  const maskedFields = Object.keys(spec.masked ?? {});
  for (const field of resource.maskedFields) if (!spec.masked?.[field]) throw new Error(`${resource.name}: spec.masked needs a full value for ${field}`);
  if (resource.patch && !spec.patches) throw new Error(`${resource.name} has PATCH: spec.patches is required`);

  /** What a `PUT` body reads back as: masked fields masked, left-out fields null (or derived). */
  const viewOf = (body: Body): View => {
    const view: View = Object.fromEntries(fieldList.map((field) => [field, null]));
    for (const [field, value] of Object.entries(body)) view[field] = maskedFields.includes(field) && typeof value === 'string' ? masked(value) : value;
    return { ...view, ...(spec.derived?.(body) ?? {}) };
  };

  describe(`/v1/cases/{case_id}/${resource.path} — the one-per-case contract (${resource.name})`, () => {
    let t: TestApp;
    let owner: TestCaller;
    let stranger: TestCaller;
    const url = (caseId: string) => `/v1/cases/${caseId}/${resource.path}`;

    async function newCase(caller: TestCaller = owner): Promise<string> {
      const res = await t.http().post('/v1/cases').set(caller.auth).send({});
      expect(res.status).toBe(201);
      return res.body.data.id;
    }

    async function rows(caseId: string): Promise<View[]> {
      return t.sql(`select * from ${table} where case_id = $1`, [caseId]);
    }

    async function put(caseId: string, body: Body, caller: TestCaller = owner): Promise<Response> {
      return t.http().put(url(caseId)).set(caller.auth).send(body);
    }

    beforeAll(async () => {
      t = spec.app();
      [owner, stranger] = [await t.invite(), await t.invite()];
    });

    it('GET is 404 while the case has none; the first PUT is 201, then GET 200 with the same view and a strong ETag; 304 on If-None-Match', async () => {
      const caseId = await newCase();
      expectError(await t.http().get(url(caseId)).set(owner.auth), 404, 'not_found');
      const created = await put(caseId, spec.full());
      expect(created.status).toBe(201);
      expect(created.headers.etag).toMatch(STRONG_ETAG);
      expect(Object.keys(created.body.data).sort()).toEqual(fieldList);
      expect(created.body.data).toEqual(viewOf(spec.full()));
      const read = await t.http().get(url(caseId)).set(owner.auth);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(created.body.data);
      expect(read.headers.etag).toBe(created.headers.etag);
      for (const tag of [read.headers.etag, '*']) {
        const cached = await t.http().get(url(caseId)).set(owner.auth).set('If-None-Match', tag);
        expect(cached.status).toBe(304);
        expect(cached.text).toBeFalsy();
      }
      expect((await t.http().get(url(caseId)).set(owner.auth).set('If-None-Match', '"other"')).status).toBe(200);
      expect(await rows(caseId)).toHaveLength(1);
    });

    it('a later PUT replaces the record whole (200): fields it leaves out read null; one row, a new ETag', async () => {
      const caseId = await newCase();
      const created = await put(caseId, spec.full());
      const replaced = await put(caseId, spec.minimal());
      expect(replaced.status).toBe(200);
      expect(replaced.headers.etag).not.toBe(created.headers.etag);
      expect(replaced.body.data).toEqual(viewOf(spec.minimal()));
      expect((await t.http().get(url(caseId)).set(owner.auth).expect(200)).body.data).toEqual(replaced.body.data);
      const stored = await rows(caseId);
      expect(stored).toHaveLength(1);
      for (const field of fieldList.filter((name) => !(name in spec.minimal()) && !(name in (spec.derived?.(spec.minimal()) ?? {})))) {
        if (toSnakeCase(field) in stored[0]) expect([field, stored[0][toSnakeCase(field)]]).toEqual([field, null]);
      }
    });

    it('the events carry the record as the responses show it: created, then replaced with the former values of the fields that changed', async () => {
      const caseId = await newCase();
      const created = (await put(caseId, spec.full())).body.data as View;
      const replaced = (await put(caseId, spec.minimal())).body.data as View;
      const key = resource.manifest.events.key;
      const events = await t.sql<{ type: string; data: { object: View; previous_attributes?: View } }>(
        `select type, data from events where case_id = $1 and starts_with(type, $2) order by id`,
        [caseId, `${key}.`],
      );
      expect(events.map((event) => event.type)).toEqual([`${key}.created`, expect.stringMatching(new RegExp(`^${key}\\.(updated|status_changed)$`))]);
      expect(events.map((event) => event.data.object)).toEqual([created, replaced]);
      const changed = Object.keys(created).filter((field) => field !== 'updated_at' && JSON.stringify(created[field]) !== JSON.stringify(replaced[field]));
      expect(events[1].data.previous_attributes).toEqual(Object.fromEntries(changed.map((field) => [field, created[field]])));
    });

    it('422 naming each required field missing or null, and an unknown field; nothing written, then the record unchanged', async () => {
      const caseId = await newCase();
      const invalid: Array<{ body: Body; fields: string[] }> = [
        ...spec.required.map((field) => {
          const { [field]: _left, ...rest } = spec.minimal();
          return { body: rest, fields: [field] };
        }),
        ...spec.required.map((field) => ({ body: { ...spec.minimal(), [field]: null }, fields: [field] })),
        { body: { ...spec.minimal(), favourite_colour: 'green' }, fields: ['favourite_colour'] },
      ];
      for (const { body, fields } of invalid) {
        const res = await put(caseId, body);
        expectError(res, 422, 'validation_error');
        expect(detailFields(res).sort()).toEqual([...fields].sort());
      }
      expect(await rows(caseId)).toHaveLength(0);
      await put(caseId, spec.full()).then((res) => expect(res.status).toBe(201));
      const [before] = await rows(caseId);
      for (const { body } of invalid) expectError(await put(caseId, body), 422, 'validation_error');
      expect((await rows(caseId))[0]).toEqual(before);
    });

    it('If-Match: 412 when stale (row unchanged) or when there is no record yet (none created); 200 with the current ETag', async () => {
      const empty = await newCase();
      expectError(await t.http().put(url(empty)).set(owner.auth).set('If-Match', '*').send(spec.minimal()), 412, 'precondition_failed');
      expect(await rows(empty)).toHaveLength(0);

      const caseId = await newCase();
      const created = await put(caseId, spec.minimal());
      const [before] = await rows(caseId);
      const stale = await t.http().put(url(caseId)).set(owner.auth).set('If-Match', '"stale"').send(spec.full());
      expectError(stale, 412, 'precondition_failed');
      expect((await rows(caseId))[0]).toEqual(before);
      const ok = await t.http().put(url(caseId)).set(owner.auth).set('If-Match', created.headers.etag).send(spec.full());
      expect(ok.status).toBe(200);
      expect(ok.headers.etag).not.toBe(created.headers.etag);
      expectError(await t.http().put(url(caseId)).set(owner.auth).set('If-Match', created.headers.etag).send(spec.minimal()), 412, 'precondition_failed');
      expect((await t.http().get(url(caseId)).set(owner.auth).expect(200)).body.data).toEqual(viewOf(spec.full()));
    });

    it('another organization’s case and an unknown case: 404 on every route, nothing written or leaked; 415 for a body that is not JSON', async () => {
      const foreign = await newCase(stranger);
      await put(foreign, spec.full(), stranger).then((res) => expect(res.status).toBe(201));
      const [before] = await rows(foreign);
      const secrets = Object.values(spec.masked ?? {});
      for (const caseId of [foreign, UNKNOWN_CASE_ID, 'not-a-case']) {
        const answers = [
          await t.http().get(url(caseId)).set(owner.auth),
          await put(caseId, spec.minimal()),
          ...(resource.patch && spec.patches ? [await t.http().patch(url(caseId)).set(owner.auth).send(spec.patches[0])] : []),
          ...(resource.deletable ? [await t.http().delete(url(caseId)).set(owner.auth)] : []),
        ];
        for (const res of answers) {
          expectError(res, 404, 'not_found');
          for (const secret of secrets) expect(res.text).not.toContain(secret);
        }
      }
      expect((await rows(foreign))[0]).toEqual(before);

      const caseId = await newCase();
      expectError(await t.http().put(url(caseId)).set(owner.auth).set('Content-Type', 'text/plain').send('a=b'), 415, 'unsupported_media_type');
      const mergePatch = await t.http().put(url(caseId)).set(owner.auth).set('Content-Type', 'application/merge-patch+json').send(JSON.stringify(spec.minimal()));
      expectError(mergePatch, 415, 'unsupported_media_type');
      expect(await rows(caseId)).toHaveLength(0);
    });

    it('concurrent first PUTs: exactly one 201, the others replace (200); one row', async () => {
      for (let round = 0; round < 3; round++) {
        const caseId = await newCase();
        const statuses = (await Promise.all(Array.from({ length: 6 }, () => put(caseId, spec.minimal())))).map((res) => res.status).sort();
        expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
        expect(await rows(caseId)).toHaveLength(1);
      }
    });

    it('PUTs racing the case’s DELETE never leave a record on the deleted case', async () => {
      for (let round = 0; round < 6; round++) {
        const caseId = await newCase();
        await put(caseId, spec.minimal());
        const statuses = await Promise.all([
          put(caseId, spec.full()).then((res) => res.status),
          t.http().delete(`/v1/cases/${caseId}`).set(owner.auth).then((res) => res.status),
          put(caseId, spec.minimal()).then((res) => res.status),
          put(caseId, spec.full()).then((res) => res.status),
        ]);
        expect(statuses[1]).toBe(204);
        for (const status of [statuses[0], ...statuses.slice(2)]) expect([200, 404]).toContain(status);
        expect(await rows(caseId)).toHaveLength(0);
      }
    });

    if (resource.patch && spec.patches) {
      const patches = spec.patches;
      it('PATCH merges: only the fields sent change, with a new ETag; an empty patch changes nothing', async () => {
        const caseId = await newCase();
        let current: View = (await put(caseId, spec.full())).body.data;
        let etag = (await t.http().get(url(caseId)).set(owner.auth).expect(200)).headers.etag as string;
        for (const [index, patch] of patches.entries()) {
          const request = t.http().patch(url(caseId)).set(owner.auth);
          const res = index === 0 ? await request.send(patch) : await request.set('Content-Type', 'application/merge-patch+json').send(JSON.stringify(patch));
          expect(res.status).toBe(200);
          const sent = Object.entries(patch).map(([field, value]) => [field, maskedFields.includes(field) && typeof value === 'string' ? masked(value) : value]);
          // A visible `updated_at` moves with the change.
          const expected = { ...current, ...Object.fromEntries(sent), ...('updated_at' in current ? { updated_at: expect.any(String) } : {}) };
          expect(res.body.data).toEqual(expected);
          expect(res.headers.etag).not.toBe(etag);
          if ('updated_at' in current) expect(res.body.data.updated_at > current.updated_at).toBe(true);
          [current, etag] = [res.body.data, res.headers.etag];
        }
        const [before] = await rows(caseId);
        const empty = await t.http().patch(url(caseId)).set(owner.auth).send({});
        expect(empty.status).toBe(200);
        expect(empty.body.data).toEqual(current);
        const { version: _v, updated_at: _u, ...kept } = before;
        expect((await rows(caseId))[0]).toMatchObject(kept);
      });

      it('PATCH: 404 while the case has none (none created); 412 when stale; 422 for null on a required field or an unknown one, row unchanged', async () => {
        const empty = await newCase();
        expectError(await t.http().patch(url(empty)).set(owner.auth).send(patches[0]), 404, 'not_found');
        expect(await rows(empty)).toHaveLength(0);

        const caseId = await newCase();
        const created = await put(caseId, spec.full());
        const [before] = await rows(caseId);
        expectError(await t.http().patch(url(caseId)).set(owner.auth).set('If-Match', '"stale"').send(patches[0]), 412, 'precondition_failed');
        for (const field of spec.required) {
          const res = await t.http().patch(url(caseId)).set(owner.auth).send({ [field]: null });
          expectError(res, 422, 'validation_error');
          expect(detailFields(res)).toEqual([field]);
        }
        const unknown = await t.http().patch(url(caseId)).set(owner.auth).send({ favourite_colour: 'green' });
        expectError(unknown, 422, 'validation_error');
        expect(detailFields(unknown)).toEqual(['favourite_colour']);
        expectError(await t.http().patch(url(caseId)).set(owner.auth).set('Content-Type', 'text/plain').send('a=b'), 415, 'unsupported_media_type');
        expect((await rows(caseId))[0]).toEqual(before);
        await t.http().patch(url(caseId)).set(owner.auth).set('If-Match', created.headers.etag).send(patches[0]).expect(200);
      });
    }

    if (resource.deletable) {
      it('DELETE: 204, then GET, PATCH and DELETE are 404 and no row is left; `{name}.deleted` with the last state; a new PUT creates (201) with a new ETag', async () => {
        const caseId = await newCase();
        const created = await put(caseId, spec.full());
        const last = (await t.http().get(url(caseId)).set(owner.auth).expect(200)).body.data;
        const deleted = await t.http().delete(url(caseId)).set(owner.auth);
        expect(deleted.status).toBe(204);
        expect(deleted.text).toBeFalsy();
        expect(await rows(caseId)).toHaveLength(0);
        expectError(await t.http().get(url(caseId)).set(owner.auth), 404, 'not_found');
        if (spec.patches) expectError(await t.http().patch(url(caseId)).set(owner.auth).send(spec.patches[0]), 404, 'not_found');
        expectError(await t.http().delete(url(caseId)).set(owner.auth), 404, 'not_found');
        const events = await t.sql<{ data: { object: View } }>(`select data from events where case_id = $1 and type = $2`, [caseId, `${resource.manifest.events.key}.deleted`]);
        expect(events.map((event) => event.data.object)).toEqual([last]);
        const again = await put(caseId, spec.full());
        expect(again.status).toBe(201);
        expect(again.headers.etag).not.toBe(created.headers.etag);
        expect(await rows(caseId)).toHaveLength(1);
      });

      it('DELETE: 412 when If-Match is stale (the row stays); 204 with the current ETag', async () => {
        const caseId = await newCase();
        const created = await put(caseId, spec.minimal());
        const [before] = await rows(caseId);
        expectError(await t.http().delete(url(caseId)).set(owner.auth).set('If-Match', '"stale"'), 412, 'precondition_failed');
        expect((await rows(caseId))[0]).toEqual(before);
        expect((await t.http().delete(url(caseId)).set(owner.auth).set('If-Match', created.headers.etag)).status).toBe(204);
        expect(await rows(caseId)).toHaveLength(0);
      });
    }

    if (maskedFields.length > 0) {
      it(`masks ${maskedFields.join(', ')} in every response (PUT, GET${resource.patch ? ', PATCH' : ''})`, async () => {
        const caseId = await newCase();
        const expectMasked = (res: Response) => {
          for (const [field, value] of Object.entries(spec.masked ?? {})) {
            expect(res.body.data[field]).toBe(masked(value));
            expect(res.text).not.toContain(value);
          }
        };
        expectMasked(await put(caseId, spec.full()));
        expectMasked(await t.http().get(url(caseId)).set(owner.auth).expect(200));
        expectMasked(await put(caseId, spec.full()));
        if (resource.patch && spec.patches) expectMasked(await t.http().patch(url(caseId)).set(owner.auth).send(spec.patches[0]).expect(200));
      });
    }
  });
}
