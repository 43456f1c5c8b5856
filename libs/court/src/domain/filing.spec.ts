import { ValidationFailedError } from '@estate/shared-kernel/domain';
import { Filing, FilingFields } from './filing';

const NOW = new Date('2026-11-27T10:00:00Z');
const TODAY = '2026-11-27';
const draft = (extra: FilingFields = {}) => Filing.prepare('F1', 'C1', { filingType: 'petition', title: 'Petition', ...extra }, NOW, TODAY);

function refusal(action: () => unknown): string[] {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationFailedError) return (error.details ?? []).map((detail) => `${detail.field}:${detail.reason}`);
    throw error;
  }
  throw new Error('not refused');
}

describe('Filing', () => {
  it('is a draft by default; filing needs a date and a document', () => {
    const filing = draft();
    expect(filing.status).toBe('draft');
    expect(refusal(() => filing.revise({ status: 'filed' }, NOW, TODAY))).toEqual(['filed_date:required', 'document_ids:required']);
  });

  it('re-files a rejected filing with a new date and clears the response', () => {
    const filing = draft({ status: 'rejected', filedDate: '2026-10-01', responseDate: '2026-10-05', rejectionReason: 'Unsigned', documentIds: ['D1'] });
    expect(refusal(() => filing.revise({ status: 'filed' }, NOW, TODAY))).toEqual(['filed_date:rule']);
    const again = draft({ status: 'rejected', filedDate: '2026-10-01', responseDate: '2026-10-05', rejectionReason: 'Unsigned', documentIds: ['D1'] });
    expect(again.revise({ status: 'filed', filedDate: '2026-10-07' }, NOW, TODAY)).toBe(true);
    expect(again).toMatchObject({ status: 'filed', filedDate: '2026-10-07', responseDate: null, rejectionReason: null });
  });

  it('refuses moves off the list and out of final statuses; only draft and withdrawn are deletable', () => {
    const accepted = draft({ status: 'accepted', filedDate: '2026-10-01', responseDate: '2026-10-02', documentIds: ['D1'] });
    expect(refusal(() => accepted.revise({ status: 'withdrawn' }, NOW, TODAY))).toEqual(['status:rule']);
    expect(accepted.deletable()).toBe(false);
    expect(draft().deletable()).toBe(true);
    expect(draft({ status: 'withdrawn' }).deletable()).toBe(true);
    expect(refusal(() => draft({ status: 'filed', filedDate: '2026-11-28', documentIds: ['D1'] }))).toEqual(['filed_date:range']);
  });
});
