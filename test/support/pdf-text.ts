/**
 * The text of a PDF, read back with pdf-parse (a dev dependency; its bundled pdf.js runs in Node without a worker).
 * The library's own module is required: its index reads a test file of its own when it is not required by a parent.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parse = require('pdf-parse/lib/pdf-parse.js') as (bytes: Buffer) => Promise<{ text: string; numpages: number }>;

export async function pdfText(bytes: Buffer): Promise<string> {
  return (await parse(bytes)).text;
}
