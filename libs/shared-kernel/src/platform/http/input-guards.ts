import type { NextFunction, Request, Response } from 'express';
import type { ErrorDetail } from '../errors/domain-error';
import { errorBody } from '../errors/error-body';
import { isStorableText, jsonInputProblems, unstorableCharacterIn } from './json-input';

/**
 * Where input enters the service, once for every route: whatever a path, query string, header or JSON body holds
 * reaches controllers, SQL parameters and `jsonb` columns only if PostgreSQL can store it, so that no route can answer
 * `500` for a NUL byte or a lone surrogate. Mounted in `create-app.ts`, in order:
 *
 *   requestLog (the request id and the log line), rejectUnsafeUrlAndHeaders, rejectUnsupportedMediaType, parseJsonBody, bodyParserErrors, rejectUnsafeJsonBody
 */

/**
 * `400 bad_request` for a path or query string that is not valid percent-encoded UTF-8 (`%FF`, `%ED%A0%80`) or that
 * decodes to a NUL character, and for a header holding a NUL character (Node's parser refuses those today; this keeps
 * it so whatever sits in front of the service).
 */
export function rejectUnsafeUrlAndHeaders(req: Request, res: Response, next: NextFunction): void {
  const problem = urlProblem(req.url ?? '') ?? headerProblem(req.rawHeaders ?? []);
  if (!problem) return next();
  res.status(400).json(errorBody(req, 'bad_request', problem.message, problem.details));
}

/**
 * A JSON body, once parsed, must be an object (`"text"`, `null`, `[1]`, `42` are valid JSON but no resource:
 * `422`, the same answer on every method), hold only strings PostgreSQL can store, no `__proto__`, `constructor` or
 * `prototype` key and no absurd nesting: `422 validation_error` with one detail per problem, `field` its JSON path.
 * A request without a body (`req.body` left undefined by the parser) passes: it reads as `{}`.
 */
export function rejectUnsafeJsonBody(req: Request, res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (body === undefined) return next();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    res.status(422).json(errorBody(req, 'validation_error', 'The request body must be a JSON object.', [{ field: '', message: 'the body must be a JSON object', reason: 'type' }]));
    return;
  }
  const problems = jsonInputProblems(body);
  if (problems.length === 0) return next();
  res.status(422).json(errorBody(req, 'validation_error', 'The request body is invalid.', problems));
}

interface Problem {
  message: string;
  details?: ErrorDetail[];
}

function urlProblem(url: string): Problem | undefined {
  // Without a `%` nothing can decode to a NUL character or to invalid UTF-8 (Node's parser refuses raw control bytes).
  if (!url.includes('%')) return undefined;
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const decodedPath = decoded(path);
  if (decodedPath === undefined) return { message: 'The request path is not valid percent-encoded UTF-8.' };
  const badPath = unstorableCharacterIn(decodedPath);
  if (badPath) return { message: `The request path contains ${badPath}.` };
  if (queryStart === -1) return undefined;
  const details: ErrorDetail[] = [];
  for (const pair of url.slice(queryStart + 1).split('&')) {
    const separator = pair.indexOf('=');
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const name = decoded(rawName);
    const value = separator === -1 ? '' : decoded(pair.slice(separator + 1));
    const field = name !== undefined && isStorableText(name) ? name : rawName;
    if (name === undefined || value === undefined) details.push({ field, message: `${field} is not valid percent-encoded UTF-8`, reason: 'format' });
    else {
      const bad = unstorableCharacterIn(name) ?? unstorableCharacterIn(value);
      if (bad) details.push({ field, message: `${field} contains ${bad}`, reason: 'format' });
    }
  }
  return details.length > 0 ? { message: 'Invalid query parameters.', details } : undefined;
}

/** A path or query component decoded (`+` read as the space it is in a query), or undefined when it does not decode. */
function decoded(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function headerProblem(rawHeaders: string[]): Problem | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i + 1].includes('\u0000') || rawHeaders[i].includes('\u0000')) {
      return { message: `The ${rawHeaders[i]} header contains a NUL character.` };
    }
  }
  return undefined;
}
