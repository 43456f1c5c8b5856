import { resourceManifest } from '@estate/shared-kernel';

/*
 * The case and the authority are written by hand (their controllers and services); these are what they
 * declare to the kernel: events, tag and its description, the specification routes they serve, masked fields.
 */

/** Contract §14.2: `case.created|updated|deleted` (a status move is `case.updated`). */
export const caseManifest = resourceManifest({
  eventKey: 'case',
  emits: ['created', 'updated', 'deleted'],
  tag: 'cases',
  tagDescription: 'Estate cases: one per person who died, owned by the organization that opened it. Creating a case may nest the deceased and the authority.',
  specificationRoutes: [
    { number: 7, method: 'patch', path: '/cases/{case_id}' },
    { number: 8, method: 'delete', path: '/cases/{case_id}' },
  ],
});

/** Created by the first `PUT`, changed by `PATCH` and the next `PUT`s; never deleted but with its case. */
export const authorityManifest = resourceManifest({
  eventKey: 'authority',
  emits: ['created', 'updated'],
  tag: 'authority',
  tagDescription: 'The authority to act for the estate: its level and the grounds it rests on.',
  specificationRoutes: [
    { number: 4, method: 'patch', path: '/cases/{case_id}/authority' },
    { number: 5, method: 'put', path: '/cases/{case_id}/authority' },
  ],
});
