import { AllowedTargets, destinationProblem, isPublicAddress, urlFormProblem } from './destination';

describe('webhook destinations (contract §14.8)', () => {
  describe('isPublicAddress', () => {
    it.each([
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['::1', 'loopback v6'],
      ['10.0.0.1', 'private 10/8'],
      ['10.255.255.255', 'private 10/8'],
      ['172.16.0.1', 'private 172.16/12'],
      ['172.31.255.255', 'private 172.16/12'],
      ['192.168.1.1', 'private 192.168/16'],
      ['fc00::1', 'unique local fc00::/7'],
      ['fd12:3456::1', 'unique local fc00::/7'],
      ['169.254.169.254', 'link-local (cloud metadata)'],
      ['169.254.0.1', 'link-local'],
      ['fe80::1', 'link-local v6'],
      ['fe80::1%eth0', 'link-local v6 with a zone'],
      ['febf::1', 'link-local v6 (end of fe80::/10)'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['100.127.255.255', 'carrier-grade NAT'],
      ['0.0.0.0', '0.0.0.0/8'],
      ['0.1.2.3', '0.0.0.0/8'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['ff02::1', 'multicast v6'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.255', 'broadcast'],
      ['192.0.2.10', 'documentation'],
      ['198.18.0.1', 'benchmarking'],
      ['2001:db8::1', 'documentation v6'],
      ['::', 'unspecified v6'],
      ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
      ['::ffff:a00:1', 'IPv4-mapped private (hex form)'],
      ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
      ['0:0:0:0:0:ffff:c0a8:101', 'IPv4-mapped private (long form)'],
      ['2002:a00:1::1', '6to4 (tunnels to 10.0.0.1)'],
      ['64:ff9b::a00:1', 'NAT64 (outside 2000::/3)'],
      ['not-an-ip', 'not an address'],
    ])('refuses %s (%s)', (address) => {
      expect(isPublicAddress(address)).toBe(false);
    });

    it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '169.253.255.255', '2606:4700:4700::1111', '2a00:1450:4001::1', '::ffff:8.8.8.8'])(
      'accepts the public address %s',
      (address) => {
        expect(isPublicAddress(address)).toBe(true);
      },
    );
  });

  describe('urlFormProblem', () => {
    it.each([
      ['not a url', 'absolute URL'],
      ['ftp://example.com/hook', 'https'],
      ['https://user:pass@example.com/hook', 'credentials'],
      ['https://example.com/hook#x', 'fragment'],
    ])('refuses %s', (url, message) => {
      expect(urlFormProblem(url)).toContain(message);
    });

    it('accepts https and http URLs (http is refused later unless exempt)', () => {
      expect(urlFormProblem('https://hooks.example.com/estate?x=1')).toBeUndefined();
      expect(urlFormProblem('http://127.0.0.1:8080/hook')).toBeUndefined();
    });
  });

  describe('destinationProblem', () => {
    const none = new AllowedTargets([]);
    const tests = new AllowedTargets(['127.0.0.1/32', '::1/128', 'localhost']);

    it('needs https and public addresses in production', () => {
      expect(destinationProblem(new URL('https://hooks.example.com/'), ['93.184.216.34'], none)).toBeUndefined();
      expect(destinationProblem(new URL('http://hooks.example.com/'), ['93.184.216.34'], none)).toBe('url must use https');
      expect(destinationProblem(new URL('https://127.0.0.1:8443/'), ['127.0.0.1'], none)).toContain('not public');
      expect(destinationProblem(new URL('https://metadata.internal/'), ['169.254.169.254'], none)).toContain('169.254.169.254');
    });

    it('refuses a name when any one of its addresses is not public (DNS answers mixing public and private)', () => {
      expect(destinationProblem(new URL('https://mixed.example.com/'), ['93.184.216.34', '10.0.0.5'], none)).toContain('10.0.0.5');
    });

    it('lets an https name that does not resolve yet pass (each attempt checks again), but not http', () => {
      expect(destinationProblem(new URL('https://not-yet.example.com/'), [], none)).toBeUndefined();
      expect(destinationProblem(new URL('http://not-yet.example.com/'), [], none)).toBe('url must use https');
      expect(destinationProblem(new URL('http://not-yet.example.com/'), [], tests)).toBe('url must use https');
    });

    it('exempts allowed networks and names from both rules', () => {
      expect(destinationProblem(new URL('http://127.0.0.1:4000/'), ['127.0.0.1'], tests)).toBeUndefined();
      expect(destinationProblem(new URL('http://[::1]:4000/'), ['::1'], tests)).toBeUndefined();
      expect(destinationProblem(new URL('http://localhost:4000/'), ['127.0.0.1', '::1'], tests)).toBeUndefined();
      expect(destinationProblem(new URL('http://127.0.0.2:4000/'), ['127.0.0.2'], tests)).toBe('url must use https');
      expect(destinationProblem(new URL('https://127.0.0.2:4000/'), ['127.0.0.2'], tests)).toContain('not public');
    });

    it('exempts an IPv4-mapped address of an allowed IPv4 network', () => {
      expect(new AllowedTargets(['10.1.0.0/16']).hasAddress('::ffff:10.1.2.3')).toBe(true);
      expect(new AllowedTargets(['10.1.0.0/16']).hasAddress('10.2.0.1')).toBe(false);
    });

    it('refuses a malformed WEBHOOK_ALLOWED_TARGETS', () => {
      expect(() => new AllowedTargets(['10.0.0.0/33'])).toThrow('WEBHOOK_ALLOWED_TARGETS');
      expect(() => new AllowedTargets(['not a host'])).toThrow('WEBHOOK_ALLOWED_TARGETS');
    });
  });
});
