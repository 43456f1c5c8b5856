import { documentResource, statementResource } from '@estate/documents';
import { describeDeclaredContracts } from '../support/declared-contracts';
import { newBankAccount } from '../support/assets-holdings-fixtures';
import { UNSET } from '../support/resource-contract';
import { pdfBytes, upload } from '../support/document-files';
import type { TestApp, TestCaller } from '../support/test-app';

const DAY_MS = 24 * 3600 * 1000;

/** A response read back after a change made through SQL. */
async function readBack(t: TestApp, caller: TestCaller, collection: string, id: string): Promise<Record<string, any>> {
  return (await t.http().get(`${collection}/${id}`).set(caller.auth).expect(200)).body.data;
}

/** A body's text fields as multipart text parts (numbers written out; what is left out stays out). */
function textParts(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null).map(([name, value]) => [name, String(value)]));
}

let periods = 0;
/** Two days of their own for each statement, a week after the previous one's: no two statements of an account overlap. */
function nextPeriod(): { period_start: string; period_end: string } {
  const start = Date.UTC(2001, 0, 1) + periods++ * 7 * DAY_MS;
  return { period_start: new Date(start).toISOString().slice(0, 10), period_end: new Date(start + DAY_MS).toISOString().slice(0, 10) };
}

/** The first signer's address decides the simulated notary's outcome: this one's is an ordinary session. */
const SIGNERS = [{ name: 'Grace Okafor', email: 'grace.okafor@example.com' }];

describeDeclaredContracts('documents', {
  // The provider processor off, so that no notarization moves under the checks (the moves are their own suite's).
  env: { PROVIDER_PROCESSOR: 'off' },
  beyond: {
    // A document is created by a multipart upload, its fields as text parts and `file_name` the file part's name (the
    // upload's rules — types, sizes, digests, names, the relation — are the documents' own suite's). A relation names a
    // record of the case: the example's (a bank account) is made for it and sent; any other a body gives (a filter's
    // values) is set in SQL after the upload, both columns together, as the relation rule would have them.
    document: {
      seed: async (t, caller, place, body) => {
        const { file_name: fileName, related_type: relatedType, related_id: relatedId, ...fields } = body;
        const example = documentResource.examples!.full;
        const related = relatedType === example.related_type && relatedId === example.related_id && relatedType === 'bank_account';
        const relation = related ? { related_type: relatedType, related_id: await newBankAccount(t, caller, place.caseId) } : {};
        const res = await upload(t, caller, place.caseId, { filename: (fileName as string | undefined) ?? 'document.pdf', fields: textParts({ ...fields, ...relation }) });
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
        if (related || (relatedType === undefined && relatedId === undefined)) return res.body.data;
        await t.sql('update documents set related_type = $2, related_id = $3 where id = $1', [res.body.data.id, relatedType ?? null, relatedId ?? null]);
        return readBack(t, caller, place.collection, res.body.data.id);
      },
      // Beside the related types' (the first three, then none): no relation on the same rows.
      samples: { related_id: ['01JBX8Q9W4M8Z7T3K2N5R6P0AA', '01JBX8Q9W4M8Z7T3K2N5R6P0AB', '01JBX8Q9W4M8Z7T3K2N5R6P0AC', UNSET] },
    },
    // A statement rests on a document of the case: each is a multipart upload to its account's statements, the file
    // becoming its document. Statements of one account never share a day, so each takes a period of its own, and a
    // period the body gives (a sort's values, ties among them) is set in SQL after. The JSON create, the upload's
    // rules and the periods' are the statements' own suite's.
    statement: {
      parent: newBankAccount,
      seed: async (t, caller, place, body) => {
        const { period_start: start, period_end: end, ...fields } = body;
        const request = t.http().post(place.collection).set(caller.auth);
        for (const [name, value] of Object.entries(textParts({ ...fields, ...nextPeriod() }))) request.field(name, value);
        const made = await request.attach('file', pdfBytes(2), { filename: 'statement.pdf', contentType: 'application/pdf' });
        expect({ status: made.status, error: made.body.error }).toEqual({ status: 201, error: undefined });
        const example = statementResource.examples!.minimal;
        if (start === example.period_start && end === example.period_end) return made.body.data;
        // One day where the body's start would come after its end (a sort's value with the example's start).
        const [first, last] = [String(start ?? end), String(end ?? start)];
        await t.sql('update statements set period_start = $2, period_end = $3 where id = $1', [made.body.data.id, first <= last ? first : last, last]);
        return readBack(t, caller, place.collection, made.body.data.id);
      },
    },
    // A notarization notarizes a PDF document of the case, one per record (uploaded for it), signed by people the
    // declaration gives no example of (the signers the own suite's simulator tests send). What a create needs and the
    // provider's steps are the notarizations' own suite's.
    notarization: {
      seed: async (t, caller, place, body) => {
        const document = await upload(t, caller, place.caseId, { fields: { type: 'small_estate_affidavit' } });
        expect({ status: document.status, error: document.body.error }).toEqual({ status: 201, error: undefined });
        const res = await t.http().post(place.collection).set(caller.auth).send({ signers: SIGNERS, ...body, document_id: document.body.data.id });
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
        return res.body.data;
      },
      // Ends only, set in the column: nothing moves a record that has ended.
      samples: { status: ['declined', 'failed', 'cancelled'] },
    },
  },
});
