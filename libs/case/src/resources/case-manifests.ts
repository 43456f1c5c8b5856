import { resourceManifest } from '@estate/shared-kernel';
import { caseRecord } from './case-record';

/*
 * The case is written by hand (its controller and service); this is what it declares to the kernel: events, tag and its description, the specification routes they serve, masked fields.
 */

/** Contract §14.2: `case.created|updated|deleted` (a status move is `case.updated`). */
export const caseManifest = resourceManifest({
  eventKey: 'case',
  emits: ['created', 'updated', 'deleted'],
  tag: 'cases',
  view: caseRecord.view,
  tagDescription: 'Estate cases: one per person who died, owned by the organization that opened it. Creating a case may nest the deceased and the authority.',
  specificationRoutes: [
    { number: 7, method: 'patch', path: '/cases/{case_id}' },
    { number: 8, method: 'delete', path: '/cases/{case_id}' },
  ],
});
