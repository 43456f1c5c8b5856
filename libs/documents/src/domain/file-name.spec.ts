import { cleanFileName, isCleanFileName } from './file-name';

describe('cleanFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ada\\scan 1.pdf', 'scan 1.pdf'],
    ['a\u0000b\u0007c\u001f\u007f\u0085.pdf', 'abc.pdf'],
    ['\u202egnp.exe\u200b.pdf', 'gnp.exe.pdf'],
    ['  spaced.pdf  ', 'spaced.pdf'],
    ['..', 'document'],
    ['dir/', 'document'],
    ['', 'document'],
    [undefined, 'document'],
    ['Übersicht.pdf', 'Übersicht.pdf'],
  ])('%j → %j', (raw, cleaned) => {
    expect(cleanFileName(raw)).toBe(cleaned);
  });

  it('keeps at most 255 characters, cutting on a code point', () => {
    expect(Array.from(cleanFileName('😀'.repeat(300))).length).toBe(255);
    expect(cleanFileName('a'.repeat(300))).toBe('a'.repeat(255));
  });

  it('tells a clean name from one the upload would have changed', () => {
    expect(isCleanFileName('report.pdf')).toBe(true);
    expect(isCleanFileName('../report.pdf')).toBe(false);
    expect(isCleanFileName('re\u0007port.pdf')).toBe(false);
  });
});
