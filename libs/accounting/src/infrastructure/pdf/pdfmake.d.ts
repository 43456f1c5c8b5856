/** The part of pdfmake 0.3's server build (`pdfmake/js/index.js`) the accounting uses; the package ships no types. */
declare module 'pdfmake' {
  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
    setUrlAccessPolicy(allowed: (url: string) => boolean): void;
    setLocalAccessPolicy(allowed: (path: string) => boolean): void;
    createPdf(definition: object, options?: object): OutputDocument;
  }
  const pdfmake: PdfMake;
  export = pdfmake;
}
