import { dirname, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import type PdfMake from 'pdfmake';
import { AccountingPdf, AccountingPdfRequest } from '../../application/ports/accounting-pdf.port';
import { accountingPdfDefinition } from './accounting-pdf-layout';

/** Roboto, as the pdfmake package ships it: nothing is fetched, at install or at run time. */
const FONT_DIRECTORY = join(dirname(require.resolve('pdfmake/fonts/Roboto.js')), 'Roboto');
const ROBOTO = {
  normal: join(FONT_DIRECTORY, 'Roboto-Regular.ttf'),
  bold: join(FONT_DIRECTORY, 'Roboto-Medium.ttf'),
  italics: join(FONT_DIRECTORY, 'Roboto-Italic.ttf'),
  bolditalics: join(FONT_DIRECTORY, 'Roboto-MediumItalic.ttf'),
};

let loaded: typeof PdfMake | undefined;

/** pdfmake (with pdfkit and the fonts' metrics) is loaded by the first PDF, not by every start of the service. */
function renderer(): typeof PdfMake {
  if (loaded) return loaded;
  const pdfmake = require('pdfmake') as typeof PdfMake;
  // The document names no image or URL: the renderer may read the fonts and nothing else.
  pdfmake.setFonts({ Roboto: ROBOTO });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => Object.values(ROBOTO).includes(path));
  return (loaded = pdfmake);
}

/**
 * The accounting's PDF through pdfmake (pure JavaScript, pdfkit underneath). pdfkit derives the file identifier from
 * the document's info, whose `CreationDate` is the accounting's own time, and names embedded fonts by their order:
 * one accounting renders the same bytes on every fetch.
 */
@Injectable()
export class PdfmakeAccountingPdf extends AccountingPdf {
  render(request: AccountingPdfRequest): Promise<Buffer> {
    return renderer().createPdf(accountingPdfDefinition(request)).getBuffer();
  }
}
