import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Node.js line the service is built and tested on (package.json `engines`, `.node-version`). */
export const SUPPORTED_NODE_MAJOR = 24;

/** The product's version, from package.json (two folders above both `apps/api/src` and its build in `dist/`). */
function productVersion(): string {
  for (const up of ['../../..', '../../../..']) {
    try {
      return (JSON.parse(readFileSync(join(__dirname, up, 'package.json'), 'utf8')) as { name: string; version: string }).version;
    } catch {
      // not this folder: the build sits one level deeper than the sources
    }
  }
  return 'unknown';
}

/** What the entry points print at start-up and `cli --version` answers: an operator sees which runtime serves. */
export function runtimeVersion(): string {
  return `estate-desk ${productVersion()} on Node.js ${process.version}`;
}

/** A note for the start-up output when the process runs on a Node.js line other than the supported one. */
export function unsupportedRuntimeNote(): string | undefined {
  const major = Number(process.versions.node.split('.')[0]);
  if (major === SUPPORTED_NODE_MAJOR) return undefined;
  return `Note: Node.js ${process.version} is not the supported line (${SUPPORTED_NODE_MAJOR}.x); npm start, npm test and npm run worker use the project's own Node.js ${SUPPORTED_NODE_MAJOR} from node_modules/.bin.\n`;
}
