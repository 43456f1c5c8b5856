import { AsyncLocalStorage } from 'node:async_hooks';
import { runInThisContext } from 'node:vm';

/**
 * Loaded before every jest file (jest.config.js `setupFiles`). Jest gives each file fresh copies of the libraries, but
 * `node:async_hooks` is the worker process's own: every `AsyncLocalStorage` a file's libraries enable (MikroORM's
 * request and transaction contexts, the request scope, the logger's) stays registered after the file ends. Node then
 * calls each registered storage on every async resource created afterwards, and the storages keep the file's whole
 * module graph alive, so a worker's twentieth file would pay, in time and heap, for the nineteen before it. The
 * storages the previous file of this worker enabled are disabled before the next file starts.
 *
 * The recording wrapper is compiled in the worker's own context (`runInThisContext`), not in this file's: a function
 * made here would keep this file's context, and all it reaches, alive for as long as the wrapper is installed.
 */
type Releasable = AsyncLocalStorage<unknown> & { _enable(): void };
const REGISTRY = Symbol.for('estate-desk.test.enabled-async-storages');
const shared = AsyncLocalStorage as unknown as Record<symbol, Releasable[] | undefined>;

const enabledBefore = shared[REGISTRY];
if (enabledBefore === undefined) {
  const install = runInThisContext(`(function install(prototype, registry, key) {
    const enabled = [];
    registry[key] = enabled;
    const enable = prototype._enable;
    if (typeof enable !== 'function') return;
    prototype._enable = function () { enabled.push(this); return enable.call(this); };
  })`) as (prototype: object, registry: object, key: symbol) => void;
  install(AsyncLocalStorage.prototype, shared, REGISTRY);
} else {
  for (const storage of enabledBefore.splice(0)) storage.disable();
}
