/**
 * The queues of the S3 adapter, apart from it: naming them (tests, operators) must not load the adapter and the AWS
 * SDK under it, which a process on the default PostgreSQL storage never needs (issue 39: 5 MB of heap at start).
 */
export const PROMOTE_QUEUE = 'document-promote';
export const REMOVE_QUEUE = 'document-remove';
export const SWEEP_QUEUE = 'document-upload-sweep';
