import { STATE_CODES } from '@estate/shared-kernel/domain';
import { FileIntestacyRules } from './file-intestacy-rules';

describe('FileIntestacyRules', () => {
  it('reads the committed rules once, checked: every state and DC, and the Uniform Probate Code baseline', () => {
    const book = new FileIntestacyRules();
    const rules = book.rules();
    expect(rules.states.map((state) => state.code).sort()).toEqual([...STATE_CODES].sort());
    expect(rules.upc_default.rule_source).toBe('upc_default');
    expect(book.rules()).toBe(rules);
  });
});
