import express from 'express';
import { loggablePath } from './route-table';

const TOKEN = '01JBX8Q9W4M8Z7T3K2N5R6P0AB.Vq3dG9xw1xWmK5nQb0sR8tYc2LzE4fJh6uA7iP1oDkM';

function appWithRoutes() {
  const app = express();
  const handler = (_req: express.Request, res: express.Response) => void res.end();
  app.all('/{*path}', (_req, _res, next) => next());
  app.get('/v1/cases/:case_id', handler);
  app.get('/v1/deadline-feeds/:token', handler);
  app.get('/v1/openapi.json', handler);
  return app;
}

describe('loggablePath (issue 33: no credential of a path in a log line)', () => {
  it('is the pattern of a route that matches the path, whatever the method the request used', () => {
    const app = appWithRoutes();
    expect(loggablePath(app, `/v1/deadline-feeds/${TOKEN}.ics`)).toBe('/v1/deadline-feeds/:token');
    expect(loggablePath(app, '/V1/Cases/01J0000000000000000000000A/')).toBe('/v1/cases/:case_id');
    expect(loggablePath(app, '/v1/openapi.json')).toBe('/v1/openapi.json');
  });

  it('withholds every segment of an unrouted path that is no literal of a route, undecodable ones included', () => {
    const app = appWithRoutes();
    expect(loggablePath(app, `/v1/deadline-feeds/${TOKEN}/extra`)).toBe('/v1/deadline-feeds/…/…');
    expect(loggablePath(app, `/v1/deadline-feeds/${TOKEN}%FF`)).toBe('/v1/deadline-feeds/…');
    expect(loggablePath(app, '/v1/cases/x/ann.lee@example.test')).toBe('/v1/cases/…/…');
    expect(loggablePath(undefined, `/v1/document-downloads/${TOKEN}`)).toBe('/…/…/…');
  });
});
