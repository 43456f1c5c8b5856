import express from 'express';
import { allowedMethods } from './allowed-methods';

function appWithRoutes() {
  const app = express();
  const handler = (_req: express.Request, res: express.Response) => void res.end();
  app.use((_req, _res, next) => next());
  // The way Nest mounts module middleware: a route for every method on every path. It must not count.
  app.all('/{*path}', (_req, _res, next) => next());
  app.get('/v1/cases', handler);
  app.post('/v1/cases', handler);
  app.get('/v1/cases/:case_id', handler);
  app.patch('/v1/cases/:case_id', handler);
  app.delete('/v1/cases/:case_id', handler);
  app.put('/v1/cases/:case_id/deceased', handler);
  app.get('/v1/openapi.json', handler);
  return app;
}

describe('allowedMethods', () => {
  it('lists the methods the routes of a path answer, HEAD wherever GET is, in a stable order', () => {
    const app = appWithRoutes();
    expect(allowedMethods(app, '/v1/cases')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowedMethods(app, '/v1/cases/01J0000000000000000000000A')).toEqual(['GET', 'HEAD', 'PATCH', 'DELETE']);
    expect(allowedMethods(app, '/v1/cases/x/deceased')).toEqual(['PUT']);
    expect(allowedMethods(app, '/v1/openapi.json')).toEqual(['GET', 'HEAD']);
  });

  it('matches the way Express routes: any case, an optional trailing slash', () => {
    const app = appWithRoutes();
    expect(allowedMethods(app, '/V1/Cases/')).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('answers [] for a path no route matches (a middleware for every path does not count)', () => {
    const app = appWithRoutes();
    expect(allowedMethods(app, '/v1/nowhere')).toEqual([]);
    expect(allowedMethods(app, '/v1/cases/x/persons')).toEqual([]);
  });

  it('does not throw for a parameter that does not decode (refused before routing anyway)', () => {
    expect(allowedMethods(appWithRoutes(), '/v1/cases/%FF')).toEqual([]);
  });

  it('sees routes registered after its first answer', () => {
    const app = appWithRoutes();
    expect(allowedMethods(app, '/v1/later')).toEqual([]);
    app.post('/v1/later', (_req, res) => void res.end());
    expect(allowedMethods(app, '/v1/later')).toEqual(['POST']);
  });

  it('answers [] for anything that is not an Express application', () => {
    expect(allowedMethods(undefined, '/v1/cases')).toEqual([]);
    expect(allowedMethods({}, '/v1/cases')).toEqual([]);
  });
});
