import { Injectable } from '@nestjs/common';
import { PageCounter } from '../application/page-counter.port';
import { DocumentContentType } from '../domain/document-vocabulary';
import { pageCountOf } from './page-count';

@Injectable()
export class FilePageCounter extends PageCounter {
  count(path: string, contentType: DocumentContentType): Promise<number | null> {
    return pageCountOf(path, contentType);
  }
}
