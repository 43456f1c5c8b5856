/**
 * The README's integrator quick start as an integrator writes it: a client generated from the served document
 * (openapi-typescript's `./schema` beside this file, generated with the binary-as-`Blob` transform of
 * scripts/openapi/client-types.js; openapi-fetch at run time), every call, body and answer typed by the document.
 * test/integrator-quickstart.e2e-spec.ts generates `./schema` from `/v1/openapi.json`, compiles this file against it
 * under `tsc --strict`, then runs it against the app: a document a generated client cannot use, or one that types a
 * call differently from what the server does, fails there. No answer is narrowed or cast: each is typed as it comes.
 */
import createClient from 'openapi-fetch';
import type { components, paths, webhooks } from './schema';

/**
 * JSON is the media type a call reads unless it says otherwise: a route that also answers CSV or PDF (the inventory,
 * the accounting) is typed by its JSON answer, and `parseAs: 'text'` or `'blob'` types the others.
 */
type Json = `${string}/json`;
type Api = ReturnType<typeof createClient<paths, Json>>;
type ErrorObject = components['schemas']['ErrorObjectBody'];
type TransferView = components['schemas']['TransferView'];
type Event = components['schemas']['Event'];
type TransferMove = webhooks['transfer.status_changed']['post']['requestBody']['content']['application/json'];

/** What the quick start made, for the next steps (and the test) to look at. */
export interface QuickstartRun {
  endpointId: string;
  secret: string;
  caseId: string;
  personId: string;
  estateAccountId: string;
  sourceAccountId: string;
  transferId: string;
  /** The refusal of a transfer over the account's limit, as the client reads it: code, rule, reason, reference. */
  refusal: { code: ErrorObject['code']; reason: components['schemas']['ErrorDetailReason']; message: string; docUrl: string };
}

export function quickstartClient(baseUrl: string, token: string): Api {
  return createClient<paths, Json>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
}

/** An error answer as one line: the code, what the server said and where the reference explains it. */
function failure(error: { error: ErrorObject }): Error {
  return new Error(`${error.error.code}: ${error.error.message} (${error.error.doc_url})`);
}

/**
 * Subscribe a local receiver, open a case with its deceased and authority, add an heir, the estate account and the
 * deceased's checking account, and request a transfer from one into the other (first one over the limit, refused).
 */
export async function runQuickstart(api: Api, receiverUrl: string): Promise<QuickstartRun> {
  const endpoint = await api.POST('/v1/webhook-endpoints', { body: { url: receiverUrl, enabled_events: ['*'], description: 'quick start receiver' } });
  if (endpoint.error) throw failure(endpoint.error);
  const secret: string = endpoint.data.data.secret;
  const ping = await api.POST('/v1/webhook-endpoints/{endpoint_id}/ping', { params: { path: { endpoint_id: endpoint.data.data.id } } });
  if (ping.error) throw failure(ping.error);

  const created = await api.POST('/v1/cases', {
    params: { header: { 'Idempotency-Key': 'quickstart-case-1' } },
    body: {
      deceased: { first_name: 'Margaret', last_name: 'Okafor', date_of_death: '2026-08-20', ssn: '123-45-6789' },
      authority: { level: 'level_2', types: ['executor_in_will'] },
    },
  });
  if (created.error) throw failure(created.error);
  const caseId = created.data.data.id;
  const scope = { params: { path: { case_id: caseId } } };

  const person = await api.POST('/v1/cases/{case_id}/persons', { ...scope, body: { first_name: 'Grace', last_name: 'Okafor', relationship: 'daughter', is_beneficiary: true } });
  if (person.error) throw failure(person.error);

  const bank = { institution_name: 'First Prairie Bank', institution_routing_number: '071000013', status: 'open' } as const;
  const estate = await api.POST('/v1/cases/{case_id}/bank-accounts', {
    ...scope,
    body: { ...bank, account_type: 'estate_account', ownership_type: 'estate', is_estate_account: true, account_number: '555500009999', current_balance: 0, available_balance: 0 },
  });
  if (estate.error) throw failure(estate.error);
  const source = await api.POST('/v1/cases/{case_id}/bank-accounts', {
    ...scope,
    body: { ...bank, account_type: 'checking', ownership_type: 'individual', account_number: '000123451234', current_balance: 1800, available_balance: 1800 },
  });
  if (source.error) throw failure(source.error);
  const limit: number = source.data.data.instant_transfer.max_transfer_amount;

  // Over the limit first: the refusal names the rule, the figures and where the reference explains the code.
  const tooMuch = await api.POST('/v1/cases/{case_id}/transfers', { ...scope, body: { bank_account_id: source.data.data.id, amount: limit + 1 } });
  if (!tooMuch.error) throw new Error(`a transfer of ${limit + 1} out of ${limit} was accepted`);
  const detail = tooMuch.error.error.details?.[0];
  if (!detail) throw new Error('transfer_not_allowed without details');

  const transfer = await api.POST('/v1/cases/{case_id}/transfers', { ...scope, body: { bank_account_id: source.data.data.id, amount: 1250, memo: 'funeral home invoice' } });
  if (transfer.error) throw failure(transfer.error);
  return {
    endpointId: endpoint.data.data.id,
    secret,
    caseId,
    personId: person.data.data.id,
    estateAccountId: estate.data.data.id,
    sourceAccountId: source.data.data.id,
    transferId: transfer.data.data.id,
    refusal: { code: tooMuch.error.error.code, reason: detail.reason, message: detail.message, docUrl: tooMuch.error.error.doc_url },
  };
}

/** The transfer as it stands, and the two balances it moved. */
export async function transferOutcome(api: Api, run: QuickstartRun): Promise<{ status: TransferView['status']; source: number | null; estate: number | null }> {
  const scope = { case_id: run.caseId };
  const transfer = await api.GET('/v1/cases/{case_id}/transfers/{transfer_id}', { params: { path: { ...scope, transfer_id: run.transferId } } });
  if (transfer.error) throw failure(transfer.error);
  const source = await api.GET('/v1/cases/{case_id}/bank-accounts/{account_id}', { params: { path: { ...scope, account_id: run.sourceAccountId } } });
  if (source.error) throw failure(source.error);
  const estate = await api.GET('/v1/cases/{case_id}/bank-accounts/{account_id}', { params: { path: { ...scope, account_id: run.estateAccountId } } });
  if (estate.error) throw failure(estate.error);
  return { status: transfer.data.data.status, source: source.data.data.available_balance, estate: estate.data.data.available_balance };
}

/** What the estate's paperwork came to, for the test to compare with what the server holds. */
export interface EstatePapers {
  documentId: string;
  /** The bytes downloaded back, with the case's token and by the signed link. */
  downloaded: Uint8Array;
  linked: Uint8Array;
  /** A forged link's refusal, read as the JSON error it is. */
  forgedLink: ErrorObject['code'];
  inventoryNetEstate: number;
  inventoryCsv: string;
  live: { status: 'live'; from: string; computedAt: string };
  liveCsv: string;
  livePdf: Blob;
  settled: { id: string; sequence: number; status: 'settled'; from: string; to: string; createdBy: string };
  settledPdf: Blob;
  /** The settlement retried under a new key: what the refusal says. */
  retry: { code: ErrorObject['code']; message: string };
}

/**
 * The estate's paperwork: the death certificate uploaded as a `Blob` (multipart) and downloaded back, with the token
 * and by a signed link; the inventory as JSON and CSV; the court accounting computed live as JSON, CSV and PDF, then
 * settled through `to`, read back by its number, and settled again by mistake. (A live accounting's `id`, `sequence`
 * and `created_by` are declared `null` and always are; openapi-fetch 0.17's `Readable` drops properties whose only
 * type is `null` from what it types, so they are not read here.)
 */
export async function estatePapers(api: Api, caseId: string, certificate: Blob, to: string): Promise<EstatePapers> {
  const path = { case_id: caseId };
  const uploaded = await api.POST('/v1/cases/{case_id}/documents', {
    params: { path },
    body: { file: certificate, type: 'death_certificate', title: 'Death certificate' },
    bodySerializer(body) {
      const form = new FormData();
      form.append('type', body.type);
      if (body.title) form.append('title', body.title);
      form.append('file', body.file, 'death-certificate.pdf');
      return form;
    },
  });
  if (uploaded.error) throw failure(uploaded.error);
  const documentId: string = uploaded.data.data.id;
  const content = await api.GET('/v1/cases/{case_id}/documents/{document_id}/content', { params: { path: { ...path, document_id: documentId } }, parseAs: 'arrayBuffer' });
  if (content.error) throw failure(content.error);
  const link = await api.POST('/v1/cases/{case_id}/documents/{document_id}/download-links', { params: { path: { ...path, document_id: documentId } }, body: { expires_in: 120 } });
  if (link.error) throw failure(link.error);
  const token = new URL(link.data.data.url).pathname.split('/').pop() ?? '';
  const linked = await api.GET('/v1/document-downloads/{token}', { params: { path: { token } }, parseAs: 'arrayBuffer' });
  if (linked.error) throw failure(linked.error);
  // Another signature: its first character changed (the last one carries padding bits too).
  const signatureAt = token.lastIndexOf('.') + 1;
  const forgedToken = `${token.slice(0, signatureAt)}${token[signatureAt] === 'A' ? 'B' : 'A'}${token.slice(signatureAt + 1)}`;
  const forged = await api.GET('/v1/document-downloads/{token}', { params: { path: { token: forgedToken } }, parseAs: 'arrayBuffer' });
  if (!forged.error) throw new Error('a forged download link answered the bytes');

  const inventory = await api.GET('/v1/cases/{case_id}/inventory', { params: { path } });
  if (inventory.error) throw failure(inventory.error);
  const inventoryCsv = await api.GET('/v1/cases/{case_id}/inventory', { params: { path, query: { format: 'csv' } }, parseAs: 'text' });
  if (inventoryCsv.error) throw failure(inventoryCsv.error);

  const live = await api.GET('/v1/cases/{case_id}/accounting', { params: { path, query: { to } } });
  if (live.error) throw failure(live.error);
  const liveCsv = await api.GET('/v1/cases/{case_id}/accounting', { params: { path, query: { to, format: 'csv' } }, parseAs: 'text' });
  if (liveCsv.error) throw failure(liveCsv.error);
  const livePdf = await api.GET('/v1/cases/{case_id}/accounting', { params: { path, query: { to, format: 'pdf' } }, parseAs: 'blob' });
  if (livePdf.error) throw failure(livePdf.error);

  const settlement = await api.POST('/v1/cases/{case_id}/accountings', { params: { path, header: { 'Idempotency-Key': `settle-${caseId}` } }, body: { to } });
  if (settlement.error) throw failure(settlement.error);
  const settled = await api.GET('/v1/cases/{case_id}/accountings/{sequence}', { params: { path: { ...path, sequence: settlement.data.data.sequence } } });
  if (settled.error) throw failure(settled.error);
  const settledPdf = await api.GET('/v1/cases/{case_id}/accountings/{sequence}', { params: { path: { ...path, sequence: settled.data.data.sequence }, query: { format: 'pdf' } }, parseAs: 'blob' });
  if (settledPdf.error) throw failure(settledPdf.error);
  const retry = await api.POST('/v1/cases/{case_id}/accountings', { params: { path, header: { 'Idempotency-Key': `settle-again-${caseId}` } }, body: { to } });
  if (!retry.error) throw new Error('the same period was settled twice');

  const account = settled.data.data;
  return {
    documentId,
    downloaded: new Uint8Array(content.data),
    linked: new Uint8Array(linked.data),
    forgedLink: forged.error.error.code,
    inventoryNetEstate: inventory.data.data.totals.net_estate,
    inventoryCsv: inventoryCsv.data,
    live: { status: live.data.data.status, from: live.data.data.from, computedAt: live.data.data.computed_at },
    liveCsv: liveCsv.data,
    livePdf: livePdf.data,
    settled: { id: account.id, sequence: account.sequence, status: account.status, from: account.from, to: account.to, createdBy: account.created_by },
    settledPdf: settledPdf.data,
    retry: { code: retry.error.error.code, message: retry.error.error.message },
  };
}

/**
 * The receiver's side: a verified delivery typed by the document's `webhooks` section, narrowed on `type` to its
 * resource's view.
 */
export function describeEvent(event: Event): string {
  switch (event.type) {
    case 'transfer.status_changed': {
      const moved: TransferMove = event;
      return `transfer ${moved.data.object.id} ${moved.data.object.status}`;
    }
    case 'webhook_endpoint.ping':
      return `ping ${event.data.object.url}`;
    default:
      return event.type;
  }
}
