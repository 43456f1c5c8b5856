import { createConnection, createServer, Server, Socket } from 'node:net';
import { Client } from 'pg';
import { dataDirectoryAt } from '../apps/api/src/database/embedded-database';
import { TEST_ADMIN_URL_ENV } from './support/test-database';

/**
 * Who serves the embedded database's port (contract §9, amended 2026-12-01): another checkout's server started at the
 * same moment answers "the database system is starting up" (SQLSTATE 57P03) for a while, and must be waited for
 * rather than taken for another program (the CI failure of 2026-12-07).
 */
describe('the occupant of the embedded database port', () => {
  const adminUrl = new URL(process.env[TEST_ADMIN_URL_ENV]!);
  let server: Server | undefined;

  afterEach(async () => {
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    server = undefined;
  });

  /** PostgreSQL's ErrorResponse for a server still starting up. */
  function startingUp(): Buffer {
    const fields = Buffer.concat(
      [['S', 'FATAL'], ['V', 'FATAL'], ['C', '57P03'], ['M', 'the database system is starting up']].map(([type, text]) => Buffer.from(`${type}${text}\0`)),
    );
    const body = Buffer.concat([fields, Buffer.from([0])]);
    const header = Buffer.alloc(5);
    header.write('E', 0);
    header.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([header, body]);
  }

  /** A server on a free port that answers each connection with `answer`, and counts the connections. */
  async function listen(answer: (socket: Socket, index: number) => void): Promise<{ port: number; connections: () => number }> {
    let count = 0;
    server = createServer((socket) => answer(socket, count++));
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    return { port: (server!.address() as { port: number }).port, connections: () => count };
  }

  const refuseAsStartingUp = (socket: Socket) => socket.once('data', () => socket.end(startingUp()));
  const proxyToTheTestServer = (socket: Socket) => {
    const upstream = createConnection({ host: adminUrl.hostname, port: Number(adminUrl.port || 5432) });
    socket.pipe(upstream).pipe(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  };

  async function testServersDataDirectory(): Promise<string> {
    const client = new Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      return (await client.query<{ data_directory: string }>('show data_directory')).rows[0].data_directory;
    } finally {
      await client.end();
    }
  }

  it('waits for a server that is starting up and names its data directory once it answers', async () => {
    const occupant = await listen((socket, index) => (index < 3 ? refuseAsStartingUp(socket) : proxyToTheTestServer(socket)));
    expect(await dataDirectoryAt(occupant.port, 30_000)).toBe(await testServersDataDirectory());
    expect(occupant.connections()).toBe(4);
  });

  it('gives up on a server that never finishes starting up once its patience is spent', async () => {
    const occupant = await listen(refuseAsStartingUp);
    expect(await dataDirectoryAt(occupant.port, 500)).toBeUndefined();
    expect(occupant.connections()).toBeGreaterThan(1);
  });

  it('takes a program that does not speak PostgreSQL for another program at the first answer', async () => {
    const occupant = await listen((socket) => socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')));
    expect(await dataDirectoryAt(occupant.port, 30_000)).toBeUndefined();
    expect(occupant.connections()).toBe(1);
  });
});
