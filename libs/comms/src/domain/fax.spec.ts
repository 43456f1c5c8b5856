import { ConflictError, ValidationFailedError } from '@estate/shared-kernel/domain';
import { Fax, FaxableDocument, FaxReferences, FaxRequest, faxNumberOf } from './fax';

const now = new Date('2026-09-01T12:00:00.000Z');
const origin = { id: '01JBX8Q9W4M8Z7T3K2N5R6P0FX', caseId: '01JBX8Q9W4M8Z7T3K2N5R6P0CS', fromNumber: '+12025550100', sentBy: '01JBX8Q9W4M8Z7T3K2N5R6P0US' };
const pdf = (id: string, pageCount: number | null = 2): FaxableDocument => ({ id, contentType: 'application/pdf', pageCount });
const tiff = (id: string, pageCount: number): FaxableDocument => ({ id, contentType: 'image/tiff', pageCount });

function refusal(request: FaxRequest, references: FaxReferences): Array<{ field: string; reason: string }> {
  try {
    Fax.queue(origin, request, references, now);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailedError);
    return (error as ValidationFailedError).details!.map(({ field, reason }) => ({ field, reason }));
  }
  throw new Error('the fax was queued');
}

function queued(overrides: Partial<FaxRequest> = {}): Fax {
  return Fax.queue(origin, { to_number: '+13125550142', document_ids: ['d1'], ...overrides }, { documents: [pdf('d1', 3)], contact: null }, now);
}

describe('Fax.queue', () => {
  it('counts the pages of its documents, plus the cover page unless it is turned off', () => {
    const references = { documents: [pdf('d1', 3), tiff('d2', 4)], contact: null };
    const fax = Fax.queue(origin, { to_number: '+13125550142', document_ids: ['d2', 'd1'] }, references, now);
    expect(fax).toMatchObject({ status: 'queued', pages: 8, pagesSent: 0, coverPage: true, documentIds: ['d2', 'd1'], queuedAt: now, nextCheckAt: now, sentBy: origin.sentBy });
    expect(Fax.queue(origin, { to_number: '+13125550142', document_ids: ['d1'], cover_page: false }, references, now).pages).toBe(3);
  });

  it('names each offending document by its position: absent, a duplicate, not PDF or TIFF, no page count', () => {
    const references = { documents: [pdf('d1'), { id: 'png', contentType: 'image/png', pageCount: null }, pdf('nopages', null)], contact: null };
    expect(refusal({ to_number: '+13125550142', document_ids: ['d1', 'elsewhere', 'd1', 'png', 'nopages'] }, references)).toEqual([
      { field: 'document_ids[1]', reason: 'rule' },
      { field: 'document_ids[2]', reason: 'conflict' },
      { field: 'document_ids[3]', reason: 'rule' },
      { field: 'document_ids[4]', reason: 'rule' },
    ]);
    expect(refusal({ to_number: '+13125550142', document_ids: [] }, references)).toEqual([{ field: 'document_ids', reason: 'range' }]);
  });

  it('refuses more than 100 pages, the cover page included', () => {
    const references = { documents: [pdf('a', 60), pdf('b', 39)], contact: null };
    expect(Fax.queue(origin, { to_number: '+13125550142', document_ids: ['a', 'b'] }, references, now).pages).toBe(100);
    expect(refusal({ to_number: '+13125550142', document_ids: ['a', 'b'], cover_page: false }, { ...references, documents: [pdf('a', 60), pdf('b', 41)] })).toEqual([
      { field: 'document_ids', reason: 'range' },
    ]);
    expect(refusal({ to_number: '+13125550142', document_ids: ['a', 'b'] }, { ...references, documents: [pdf('a', 60), pdf('b', 40)] })).toEqual([
      { field: 'document_ids', reason: 'range' },
    ]);
  });

  it('copies the named contact’s fax number when to_number is left out; to_number wins when both are sent', () => {
    const contact = { id: 'c1', fax: '+1 (312) 555-0199' };
    const fromContact = Fax.queue(origin, { document_ids: ['d1'], institution_contact_id: 'c1' }, { documents: [pdf('d1')], contact }, now);
    expect(fromContact).toMatchObject({ toNumber: '+13125550199', institutionContactId: 'c1' });
    expect(Fax.queue(origin, { to_number: '+13125550142', document_ids: ['d1'], institution_contact_id: 'c1' }, { documents: [pdf('d1')], contact }, now).toNumber).toBe('+13125550142');
  });

  it('needs to_number without a contact, with a contact without fax, and refuses a contact of another case or a fax number not in E.164', () => {
    const documents = [pdf('d1')];
    expect(refusal({ document_ids: ['d1'] }, { documents, contact: null })).toEqual([{ field: 'to_number', reason: 'required' }]);
    expect(refusal({ document_ids: ['d1'], institution_contact_id: 'c1' }, { documents, contact: { id: 'c1', fax: null } })).toEqual([{ field: 'to_number', reason: 'required' }]);
    expect(refusal({ document_ids: ['d1'], institution_contact_id: 'c1' }, { documents, contact: null })).toEqual([{ field: 'institution_contact_id', reason: 'rule' }]);
    expect(refusal({ document_ids: ['d1'], institution_contact_id: 'c1' }, { documents, contact: { id: 'c1', fax: '312 555 0199' } })).toEqual([
      { field: 'institution_contact_id', reason: 'rule' },
    ]);
    expect(faxNumberOf('+44 20 7946.0958')).toBe('+442079460958');
  });
});

describe('Fax moves', () => {
  const later = new Date('2026-09-01T12:00:05.000Z');

  it('queued → sending → delivered, with the times and what the provider said', () => {
    const fax = queued();
    fax.startSending('sim-1', now);
    expect(fax).toMatchObject({ status: 'sending', sendingAt: now, providerFaxId: 'sim-1', nextCheckAt: now });
    fax.deliver(4, 'SIMFAX-1', later);
    expect(fax).toMatchObject({ status: 'delivered', pagesSent: 4, confirmationNumber: 'SIMFAX-1', deliveredAt: later, nextCheckAt: null, failedAt: null });
  });

  it('queued → failed when refused; sending → failed after some pages; nothing moves a final fax', () => {
    const refused = queued();
    refused.fail('invalid_number', 0, later, 'sim-2');
    expect(refused).toMatchObject({ status: 'failed', failureReason: 'invalid_number', providerFaxId: 'sim-2', failedAt: later, sendingAt: null, nextCheckAt: null });
    const broken = queued();
    broken.startSending('sim-3', now);
    broken.fail('transmission_error', 3, later);
    expect(broken).toMatchObject({ status: 'failed', failureReason: 'transmission_error', pagesSent: 3, providerFaxId: 'sim-3' });
    expect(() => broken.deliver(4, 'x', later)).toThrow('a failed fax cannot become delivered');
  });

  it('cancel: only from queued; any other status is 409 invalid_state and changes nothing', () => {
    const fax = queued();
    fax.cancel(later);
    expect(fax).toMatchObject({ status: 'cancelled', nextCheckAt: null, updatedAt: later });
    for (const status of ['sending', 'delivered', 'failed', 'cancelled'] as const) {
      const other = Object.assign(queued(), { status });
      const before = JSON.stringify(other);
      expect(() => other.cancel(later)).toThrow(ConflictError);
      try {
        other.cancel(later);
      } catch (error) {
        expect((error as ConflictError).code).toBe('invalid_state');
      }
      expect(JSON.stringify(other)).toBe(before);
    }
  });

  it('an unreachable provider: tries again after 1, 2, 4, 8 s, then fails with provider_unavailable', () => {
    const fax = queued();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      fax.providerUnreachable(now);
      waits.push(fax.nextCheckAt!.getTime() - now.getTime());
      expect(fax.status).toBe('queued');
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    fax.providerUnreachable(later);
    expect(fax).toMatchObject({ status: 'failed', failureReason: 'provider_unavailable', failedAt: later, nextCheckAt: null });
  });

  it('notes: the only field a patch writes; an equal value changes nothing', () => {
    const fax = queued({ notes: 'first' });
    expect(fax.reviseNotes('first', later)).toBe(false);
    expect(fax.updatedAt).toEqual(now);
    expect(fax.reviseNotes(null, later)).toBe(true);
    expect(fax).toMatchObject({ notes: null, updatedAt: later });
  });
});
