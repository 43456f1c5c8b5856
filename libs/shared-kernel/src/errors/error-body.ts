import { ApiProperty } from '@nestjs/swagger';
import { ErrorDetail } from './domain-error';

export class ErrorDetailBody implements ErrorDetail {
  @ApiProperty({ example: 'email' }) field: string;
  @ApiProperty({ example: 'email must be a valid e-mail address' }) message: string;
}

export class ErrorObjectBody {
  @ApiProperty({ example: 'validation_error' }) code: string;
  @ApiProperty({ example: 'The request body is invalid.' }) message: string;
  @ApiProperty({ type: [ErrorDetailBody], required: false }) details?: ErrorDetailBody[];
}

/** The specification's error envelope `{error: {code, message, details?}}`. */
export class ErrorBody {
  @ApiProperty({ type: ErrorObjectBody }) error: ErrorObjectBody;
}

export function errorBody(code: string, message: string, details?: ErrorDetail[]): ErrorBody {
  return { error: details && details.length > 0 ? { code, message, details } : { code, message } };
}
