import type { Request } from 'express';

/** One address however the socket reports it: an IPv4 client of a dual-stack listener arrives as `::ffff:a.b.c.d`. */
export function clientAddressOf(req: Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}
