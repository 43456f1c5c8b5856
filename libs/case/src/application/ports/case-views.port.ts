import type { CaseReading } from '../case-reading';

/**
 * Port: the case context's resources as their `GET` presents them (masked, `null` for unset), which events carry as
 * `data.object`. The HTTP layer owns the presentation and binds it, so the services need not know the wire shapes.
 */
export abstract class CaseViews {
  abstract ofCase(reading: CaseReading): Record<string, unknown>;
}
