import { Test } from '@nestjs/testing';
import { ProbateReference } from '../../application/probate-reference.service';
import { ProbateReferenceFiles } from '../../application/ports/probate-reference-files.port';
import { FileProbateReference } from './file-probate-reference';
import { jurisdictionRules } from './jurisdiction-rules.loader';
import { probateForms, validateProbateForms } from './probate-forms.loader';
import { formIdOf } from '../../domain/probate-form';

const STATES = () => jurisdictionRules().states.map((state) => state.code);

describe('the forms catalogue file', () => {
  it('validates against its JSON Schema, with the forms the contract names', () => {
    const { file, sha256 } = probateForms(STATES());
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const ids = file.forms.map((form) => form.id);
    for (const id of ['US-SS-4', 'US-56', 'US-1041', 'US-706', 'US-4506-T', 'CA-DE-111', 'CA-DE-121', 'CA-DE-140', 'CA-DE-147', 'CA-DE-150', 'CA-DE-157', 'CA-DE-160', 'CA-DE-305', 'CA-DE-310']) {
      expect(ids).toContain(id);
    }
  });

  it.each([
    ['a purpose outside the set', (file: Record<string, any>) => (file.forms[0].purpose = 'tax_return'), /forms\/0\/purpose/],
    ['a missing title', (file: Record<string, any>) => delete file.forms[0].title, /forms\/0 must have required property 'title'/],
    ['an id that is not state-number', (file: Record<string, any>) => (file.forms[0].id = 'US-SS4'), /whose id is not US-SS-4/],
    ['a repeated form', (file: Record<string, any>) => file.forms.push(file.forms[0]), /repeats the form US-SS-4/],
    ['a form of an unknown state', (file: Record<string, any>) => Object.assign(file.forms[0], { state: 'ZZ', id: 'ZZ-SS-4' }), /unknown state ZZ/],
    ['a state without a source', (file: Record<string, any>) => Object.assign(file.forms[0], { state: 'TX', id: 'TX-SS-4' }), /cites no source for the forms of TX/],
  ])('refuses %s, naming the file and the problem', (_what, breakIt, message) => {
    const broken = structuredClone(probateForms(STATES()).file) as unknown as Record<string, any>;
    breakIt(broken);
    expect(() => validateProbateForms(broken, STATES())).toThrow(/libs\/court\/reference-data\/probate-forms.json/);
    expect(() => validateProbateForms(broken, STATES())).toThrow(message);
  });

  it('makes ids from state and number, upper case, spaces to dashes', () => {
    expect(formIdOf('CA', 'DE-111')).toBe('CA-DE-111');
    expect(formIdOf('us', 'ss 4')).toBe('US-SS-4');
  });
});

describe('formExists (for the filings port, §10.2)', () => {
  it("is true for the state's own forms and federal ones, false for another state's or an unknown form", async () => {
    const module = await Test.createTestingModule({ providers: [ProbateReference, { provide: ProbateReferenceFiles, useClass: FileProbateReference }] }).compile();
    const reference = module.get(ProbateReference);
    expect(reference.formExists('CA-DE-111', 'CA')).toBe(true);
    expect(reference.formExists('US-SS-4', 'NY')).toBe(true);
    expect(reference.formExists('CA-DE-111', 'NY')).toBe(false);
    expect(reference.formExists('CA-DE-999', 'CA')).toBe(false);
  });
});
