import { ApiProperty } from '@nestjs/swagger';
import { DETAIL_REASONS, DetailReason, ErrorDetail } from './domain-error';
import { errorDocUrl, EXAMPLE_ORIGIN, REFERENCE_PATH, RequestOrigin } from './error-reference';

export class ErrorDetailBody implements ErrorDetail {
  @ApiProperty({ description: 'JSON path of the field or name of the parameter.', example: 'email' }) field: string;
  @ApiProperty({ description: 'What is wrong with it, for people; the wording may change.', example: 'email must be a valid e-mail address' }) message: string;
  @ApiProperty({
    enum: [...DETAIL_REASONS],
    enumName: 'ErrorDetailReason',
    description:
      'Why, stable for code to branch on: `required` missing or null; `type` the wrong JSON type; `enum` not one of the listed values; `format` the ' +
      'wrong shape (a date, an e-mail address, a pattern, decimals); `range` too small, large, long or many; `unknown_field` a body member the ' +
      'resource does not have; `unknown_parameter` a query parameter the route does not take; `conflict` the state of other records (or, for a ' +
      'cursor, another list) forbids it; `rule` a business rule refuses the value.',
    example: 'format',
  })
  reason: DetailReason;
}

export class ErrorObjectBody {
  // The enum is the catalog's, filled in when the document is built (contexts register codes of their own first).
  @ApiProperty({ description: 'Stable machine-readable code, snake_case; the reference\'s "Errors" section explains each.', example: 'validation_error' }) code: string;
  @ApiProperty({ description: 'Human-readable explanation.', example: 'The request body is invalid.' }) message: string;
  @ApiProperty({ type: [ErrorDetailBody], required: false, description: 'One item per problem; absent when there are none.' }) details?: ErrorDetailBody[];
  @ApiProperty({
    format: 'uri',
    description: 'The reference\'s explanation of `code`: this service\'s `/v1/docs` page, at the anchor `#error-{code}`.',
    example: `${EXAMPLE_ORIGIN}${REFERENCE_PATH}#error-validation_error`,
  })
  doc_url: string;
}

/** The specification's error envelope `{error: {code, message, details?, doc_url}}`. */
export class ErrorBody {
  @ApiProperty({ type: ErrorObjectBody, description: 'The error.' }) error: ErrorObjectBody;
}

/** The envelope of one error, its `doc_url` on the host `req` reached. */
export function errorBody(req: RequestOrigin, code: string, message: string, details?: ErrorDetail[]): ErrorBody {
  const doc_url = errorDocUrl(req, code);
  return { error: details && details.length > 0 ? { code, message, details, doc_url } : { code, message, doc_url } };
}
