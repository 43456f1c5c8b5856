import { summaryNeedOnCreate, summaryNeedOnPatch } from './call-summary-rule';

describe('call summary rule', () => {
  const transcript = 'We will need the will.';

  it('create: a transcript without a summary gets one, and action items unless some were sent', () => {
    expect(summaryNeedOnCreate({ transcript })).toEqual({ transcript, summary: true, actionItems: true });
    expect(summaryNeedOnCreate({ transcript, summary: null, action_items: [] })).toEqual({ transcript, summary: true, actionItems: false });
    expect(summaryNeedOnCreate({ transcript, summary: 'Mine.' })).toBeNull();
    expect(summaryNeedOnCreate({ summary: 'Mine.' })).toBeNull();
    expect(summaryNeedOnCreate({ transcript: '  ' })).toBeNull();
  });

  const call = { transcript, summary: 'Old summary.', actionItems: [{ description: 'Send the will.', completed: true }] };

  it('patch: a new transcript regenerates the summary but never replaces existing action items', () => {
    expect(summaryNeedOnPatch(call, { transcript: 'Please call back.' })).toEqual({ transcript: 'Please call back.', summary: true, actionItems: false });
    expect(summaryNeedOnPatch({ ...call, actionItems: [] }, { transcript: 'Please call back.' })).toEqual({
      transcript: 'Please call back.',
      summary: true,
      actionItems: true,
    });
  });

  it('patch: a summary sent is kept; the same transcript or other fields change nothing', () => {
    expect(summaryNeedOnPatch(call, { transcript: 'Please call back.', summary: 'Mine.' })).toBeNull();
    expect(summaryNeedOnPatch(call, { transcript })).toBeNull();
    expect(summaryNeedOnPatch(call, { notes: 'n', action_items: [] })).toBeNull();
  });

  it('patch: clearing the summary of a call with a transcript asks for a new one', () => {
    expect(summaryNeedOnPatch(call, { summary: null })).toEqual({ transcript, summary: true, actionItems: false });
    expect(summaryNeedOnPatch({ ...call, transcript: null }, { summary: null })).toBeNull();
    expect(summaryNeedOnPatch(call, { transcript: null })).toBeNull();
  });
});
