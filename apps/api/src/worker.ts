import 'reflect-metadata';

/**
 * `npm run worker` runs only the transfer processor. The transfers context (and its processor) does not exist yet,
 * so there is nothing to run: say so plainly and exit without error rather than pretend to work.
 */
process.stdout.write('estate-desk worker: the transfer processor arrives with the transfers context; nothing to run yet.\n');
process.exit(0);
