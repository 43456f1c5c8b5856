/**
 * What of an error may reach the log (issue 18: database errors were logged with their SQL and its values — names,
 * e-mail addresses, balances). A database error is logged by its kind, SQLSTATE and the names of the schema objects
 * involved, never by its message (the driver prefixes the statement, PostgreSQL's `detail` quotes the row or key);
 * any other text has statements and quoted values withheld. The stack keeps only its frames.
 */
export interface LoggableError {
  type?: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
}

const STATEMENT = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from|select\s[\s\S]*?\sfrom|values\s*\(|returning\s)/i;
/** A quoted value ("…", '…', or PostgreSQL's key detail `(col)=(value)`). */
const QUOTED = /"[^"]*"|'[^']*'|=\([^)]*\)/g;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Free text with statements and quoted values withheld. */
export function withoutValues(text: string): string {
  if (STATEMENT.test(text)) return '[a database statement, withheld]';
  return text.replace(QUOTED, (quoted) => (quoted.startsWith('=(') ? '=(…)' : `${quoted[0]}…${quoted[0]}`));
}

function databaseStateOf(error: Record<string, unknown>): string | undefined {
  const state = error.sqlState ?? error.code;
  if (typeof state === 'string' && SQLSTATE.test(state) && ('sqlState' in error || 'severity' in error || /Exception$/.test(String(error.name)))) return state;
  return undefined;
}

function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => line.trim().startsWith('at '));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

const schemaName = (value: unknown): string | undefined => (typeof value === 'string' && /^[\w.]{1,128}$/.test(value) ? value : undefined);

export function loggableError(error: unknown): LoggableError {
  if (error === null || typeof error !== 'object') return { message: withoutValues(String(error)) };
  const fields = error as Record<string, unknown>;
  // pg names its errors by the protocol message ('error'); the class says more (DatabaseError).
  const type = typeof fields.name === 'string' && fields.name !== 'error' ? fields.name : (error as object).constructor?.name;
  const state = databaseStateOf(fields);
  if (state !== undefined) {
    const constraint = schemaName(fields.constraint);
    return {
      type,
      code: state,
      message: `database error ${state}${constraint ? ` (constraint ${constraint})` : ''}`,
      constraint,
      table: schemaName(fields.table),
      column: schemaName(fields.column),
      stack: framesOf(fields.stack),
    };
  }
  return { type, message: withoutValues(String(fields.message ?? '')), stack: framesOf(fields.stack) };
}
