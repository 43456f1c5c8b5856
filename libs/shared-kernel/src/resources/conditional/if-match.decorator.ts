import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The request's `If-Match` header, handed to the use case, which compares it with the stored version. */
export const IfMatch = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const header = context.switchToHttp().getRequest<Request>().headers['if-match'];
  return Array.isArray(header) ? header.join(',') : header;
});
