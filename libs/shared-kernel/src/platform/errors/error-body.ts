import { ApiProperty } from '@nestjs/swagger';
import { ErrorDetail } from './domain-error';

export class ErrorDetailBody implements ErrorDetail {
  @ApiProperty({ description: 'JSON path of the field or name of the parameter.', example: 'email' }) field: string;
  @ApiProperty({ description: 'What is wrong with it.', example: 'email must be a valid e-mail address' }) message: string;
}

export class ErrorObjectBody {
  @ApiProperty({ description: 'Stable machine-readable code, snake_case.', example: 'validation_error' }) code: string;
  @ApiProperty({ description: 'Human-readable explanation.', example: 'The request body is invalid.' }) message: string;
  @ApiProperty({ type: [ErrorDetailBody], required: false, description: 'One item per problem; absent when there are none.' }) details?: ErrorDetailBody[];
}

/** The specification's error envelope `{error: {code, message, details?}}`. */
export class ErrorBody {
  @ApiProperty({ type: ErrorObjectBody, description: 'The error.' }) error: ErrorObjectBody;
}

export function errorBody(code: string, message: string, details?: ErrorDetail[]): ErrorBody {
  return { error: details && details.length > 0 ? { code, message, details } : { code, message } };
}
