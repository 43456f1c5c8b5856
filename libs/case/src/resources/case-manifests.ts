import { resourceManifest } from '@estate/shared-kernel';

/*
 * The case and its two one-per-case parts are written by hand (their controllers and services); these are what they
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

/** Created by the first `PUT`, changed by the next ones; never deleted but with its case. */
export const deceasedManifest = resourceManifest({
  eventKey: 'deceased',
  emits: ['created', 'updated'],
  tag: 'deceased',
  tagDescription: 'The person who died: identity, dates, address. The SSN is accepted in full and always returned masked.',
  specificationRoutes: [{ number: 6, method: 'get', path: '/cases/{case_id}/deceased' }],
  masked: ['ssn'],
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
