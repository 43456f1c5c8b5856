import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from 'class-validator';
import { ValidationFailedError } from '../../platform/errors/domain-error';
import { jsonInputProblems } from '../../platform/http/json-input';
import { toErrorDetails } from './validation-details';
import { acceptorOf } from './body-acceptor';

const NATIVE_TYPES: unknown[] = [String, Boolean, Number, Array, Object];

export async function validateAgainst(dto: new () => object, body: unknown): Promise<void> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationFailedError([{ field: '', message: 'the body must be a JSON object', reason: 'type' }], 'The request body must be a JSON object.');
  }
  // Before plainToInstance, which assigns key by key: a `__proto__` key would replace the instance's prototype, and
  // class-validator would then never see it as an unknown field. The HTTP body was checked on entry already; this
  // keeps every other caller (a merged document, a use case run outside HTTP) to the same rule.
  const problems = jsonInputProblems(body);
  if (problems.length > 0) throw new ValidationFailedError(problems);
  // The common case, a valid body, is answered by the DTO's compiled checks; any doubt, and every refusal with its
  // details, is class-validator's.
  if (acceptorOf(dto)?.(body as Record<string, unknown>)) return;
  // A body of no fields (an action route's optional body, `POST …/cancel`): every field sent is unknown. class-validator
  // would answer such a class with one detail naming no field, even for `{}`.
  if (getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).length === 0) {
    const unknown = Object.keys(body);
    if (unknown.length === 0) return;
    throw new ValidationFailedError(unknown.map((field) => ({ field, message: `${field} is not a writable field of this resource`, reason: 'unknown_field' })));
  }
  const instance = plainToInstance(dto, body, { enableImplicitConversion: false });
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw new ValidationFailedError(toErrorDetails(errors));
}

/**
 * Validates `@Body()` against its DTO class and hands the controller the plain object as sent, so that merge patch
 * still sees which keys were present and which were `null` (RFC 7396). Query and path parameters are parsed by the
 * list machinery and answer 400, not 422.
 */
@Injectable()
export class BodyValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body' || !metadata.metatype || NATIVE_TYPES.includes(metadata.metatype)) return value;
    // No body at all reads as an empty object: a PATCH that changes nothing, a POST with only defaults.
    const body = value ?? {};
    await validateAgainst(metadata.metatype as new () => object, body);
    return body;
  }
}
