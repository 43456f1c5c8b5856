import { ERROR_STATUS } from './error-status';
import { ERROR_EXPLANATIONS, errorCodes, errorDocUrl, errorReferenceMarkdown, registerErrorCodes } from './error-reference';

describe('the error reference', () => {
  it('explains every code the service answers, so that every doc_url leads to a row', () => {
    expect(Object.keys(ERROR_STATUS).filter((code) => !ERROR_EXPLANATIONS[code])).toEqual([]);
    const markdown = errorReferenceMarkdown();
    for (const code of errorCodes()) expect(markdown).toContain(`| <a id="error-${code}"></a>\`${code}\` | ${ERROR_STATUS[code]} | ${ERROR_EXPLANATIONS[code]} |`);
  });

  it('lists the codes by status', () => {
    const statuses = errorCodes().map((code) => ERROR_STATUS[code]);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
  });

  it('builds doc_url on the host the request reached, the protocol it came by', () => {
    expect(errorDocUrl({ protocol: 'https', headers: { host: 'api.firm.example:8443' } }, 'validation_error')).toBe('https://api.firm.example:8443/v1/docs#error-validation_error');
    expect(errorDocUrl({ protocol: 'http', headers: {} }, 'not_found')).toBe('http://localhost/v1/docs#error-not_found');
  });

  it('takes a context\'s own codes with their explanation, and refuses one registered with another status', () => {
    registerErrorCodes({ document_sealed: { status: 409, explanation: 'The document is sealed.' } });
    expect(ERROR_STATUS.document_sealed).toBe(409);
    expect(errorReferenceMarkdown()).toContain('<a id="error-document_sealed"></a>');
    expect(() => registerErrorCodes({ not_found: { status: 410, explanation: 'gone' } })).toThrow('already registered with status 404');
    delete (ERROR_STATUS as Record<string, number>).document_sealed;
    delete (ERROR_EXPLANATIONS as Record<string, string>).document_sealed;
  });
});
