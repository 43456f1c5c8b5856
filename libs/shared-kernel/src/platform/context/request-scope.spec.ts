import { currentActor, requestEntityManager, runAsSystem, runWithinRequest } from './request-scope';

/** A root entity manager whose forks are counted; `fork` asks for the context first, as MikroORM's does. */
function countingRoot() {
  const root = {
    forks: 0,
    fork() {
      expect(requestEntityManager()).toBeUndefined();
      root.forks += 1;
      return { fork: root.forks };
    },
  };
  return root;
}

describe('request scope', () => {
  it('forks no entity manager until the request asks for one, then one for the whole request', () => {
    const root = countingRoot();
    runWithinRequest({ principal: undefined } as never, root, () => {
      expect(root.forks).toBe(0);
      const first = requestEntityManager();
      expect(requestEntityManager()).toBe(first);
      expect(root.forks).toBe(1);
    });
    runWithinRequest({} as never, root, () => expect(requestEntityManager()).toEqual({ fork: 2 }));
  });

  it('has no entity manager outside a request, nor in system work started outside one', () => {
    expect(requestEntityManager()).toBeUndefined();
    runAsSystem('scheduler', () => expect(requestEntityManager()).toBeUndefined());
  });

  it('shares the request entity manager with system work started inside the request', () => {
    const root = countingRoot();
    runWithinRequest({} as never, root, () => {
      const inRequest = runAsSystem('email_processor', () => requestEntityManager());
      expect(requestEntityManager()).toBe(inRequest);
      expect(root.forks).toBe(1);
    });
  });

  it('names the user of the request, the component of system work, else the API', () => {
    const root = countingRoot();
    expect(currentActor()).toEqual({ type: 'system', id: 'api' });
    runWithinRequest({ principal: { userId: 'U1' } } as never, root, () => {
      expect(currentActor()).toEqual({ type: 'user', id: 'U1' });
      runAsSystem('transfer_processor', () => expect(currentActor()).toEqual({ type: 'system', id: 'transfer_processor' }));
    });
  });
});
