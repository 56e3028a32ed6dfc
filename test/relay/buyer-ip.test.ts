import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buyerIp, parseTrustedProxies, rateLimitBucket } from '../../src/relay/buyer-ip.js';
import { createRelay } from '../../src/relay/index.js';

const forwarded = (value: string) => new Headers({ 'X-Forwarded-For': value });

describe('the buyer IP', () => {
  it('is the socket address without proxy trust, whatever the header says', () => {
    assert.equal(buyerIp(forwarded('198.51.100.1'), '10.0.0.5', false), '10.0.0.5');
    assert.equal(buyerIp(forwarded('198.51.100.1'), '10.0.0.5', 0), '10.0.0.5');
  });

  it('drops the IPv4-mapped IPv6 prefix of a socket address', () => {
    assert.equal(buyerIp(new Headers(), '::ffff:203.0.113.9', false), '203.0.113.9');
    assert.equal(buyerIp(new Headers(), '2001:db8::1', false), '2001:db8::1');
  });

  it('walks back as many hops as proxies are trusted, ignoring what the buyer may have forged', () => {
    const headers = forwarded('6.6.6.6, 198.51.100.1, 10.0.0.2');
    assert.equal(buyerIp(headers, '10.0.0.9', 1), '10.0.0.2');
    assert.equal(buyerIp(headers, '10.0.0.9', 2), '198.51.100.1');
    assert.equal(buyerIp(headers, '10.0.0.9', true), '6.6.6.6');
    assert.equal(buyerIp(headers, '10.0.0.9', 9), '6.6.6.6', 'more hops than entries stops at the leftmost');
  });

  it('stops at an entry that is not an address', () => {
    assert.equal(buyerIp(forwarded('unknown, 198.51.100.1'), '10.0.0.9', true), '198.51.100.1');
    assert.equal(buyerIp(forwarded('garbage'), '10.0.0.9', 1), '10.0.0.9');
  });

  it('uses the header alone when the runtime gives no socket address', () => {
    assert.equal(buyerIp(forwarded('198.51.100.1'), undefined, 1), '198.51.100.1');
    assert.equal(buyerIp(new Headers(), undefined, false), undefined);
  });
});

describe('the buyer IP behind the shop\'s own proxies (trustProxy as a list)', () => {
  const proxies = ['10.0.0.0/8', '127.0.0.1', '::1', '2001:db8:ff::/48'];

  it('skips trusted hops from the right and stops at the first address that is not a listed proxy', () => {
    const headers = forwarded('6.6.6.6, 198.51.100.1, 10.0.0.2');
    assert.equal(buyerIp(headers, '10.0.0.9', proxies), '198.51.100.1', 'the forged 6.6.6.6 is left of an untrusted hop');
    assert.equal(buyerIp(forwarded('6.6.6.6, 198.51.100.1'), '127.0.0.1', proxies), '198.51.100.1');
    assert.equal(buyerIp(forwarded('198.51.100.1, 2001:db8:ff:1::7'), '::1', proxies), '198.51.100.1');
  });

  it('ignores the header of a client that connects directly, whatever it claims', () => {
    assert.equal(buyerIp(forwarded('10.0.0.2, 127.0.0.1'), '198.51.100.50', proxies), '198.51.100.50');
    assert.equal(buyerIp(forwarded('198.51.100.1'), '203.0.113.4', []), '203.0.113.4', 'an empty list trusts no socket');
  });

  it('answers the leftmost entry when every hop is a listed proxy, and stops at an entry that is not an address', () => {
    assert.equal(buyerIp(forwarded('10.1.1.1, 10.2.2.2'), '10.0.0.9', proxies), '10.1.1.1');
    assert.equal(buyerIp(forwarded('6.6.6.6, garbage, 10.0.0.2'), '10.0.0.9', proxies), '10.0.0.2');
  });

  it('reads an IPv4-mapped socket address as IPv4 when matching a range', () => {
    assert.equal(buyerIp(forwarded('198.51.100.1'), '::ffff:10.0.0.9', proxies), '198.51.100.1');
  });

  it('starts from the rightmost entry when the runtime gives no socket address (the proxy in front wrote it)', () => {
    assert.equal(buyerIp(forwarded('6.6.6.6, 198.51.100.1'), undefined, []), '198.51.100.1');
    assert.equal(buyerIp(forwarded('6.6.6.6, 198.51.100.1, 10.3.0.1'), undefined, proxies), '198.51.100.1');
    assert.equal(buyerIp(new Headers(), undefined, proxies), undefined);
  });
});

describe('parseTrustedProxies', () => {
  it('takes addresses and CIDR ranges of both families', () => {
    const trusted = parseTrustedProxies(['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8', '0.0.0.0/0']);
    for (const inside of ['10.255.0.1', '192.168.1.1', '::1', 'fd12:3456::1', '203.0.113.9']) assert.equal(trusted.includes(inside), true, inside);
    const narrow = parseTrustedProxies(['10.0.0.0/8', '::1']);
    for (const outside of ['11.0.0.1', '::2', 'fe80::1', 'not an address']) assert.equal(narrow.includes(outside), false, outside);
  });

  it('throws a TypeError naming the entry for anything that is not an address or a range', () => {
    for (const bad of ['10.0.0.0/33', '::/129', '10.0.0/8', 'example.com', '10.0.0.1/', '/8', '1.2.3.4/08', '', 7]) {
      assert.throws(() => parseTrustedProxies([bad as string]), (error: Error) => error instanceof TypeError && error.message.includes(JSON.stringify(bad)), String(bad));
    }
  });
});

describe('the rate-limit bucket of a buyer IP', () => {
  it('is the address itself for IPv4, including an IPv4-mapped IPv6 address', () => {
    assert.equal(rateLimitBucket('203.0.113.9'), '203.0.113.9');
    assert.equal(rateLimitBucket('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(rateLimitBucket('::ffff:cb00:7109'), '203.0.113.9');
  });

  it('is the /64 for IPv6: one household or phone gets one bucket, whatever its interface ids', () => {
    const bucket = rateLimitBucket('2001:db8:1:2:aaaa::1');
    assert.equal(bucket, '2001:db8:1:2::/64');
    assert.equal(rateLimitBucket('2001:db8:1:2:bbbb::9'), bucket);
    assert.equal(rateLimitBucket('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff'), bucket);
    assert.notEqual(rateLimitBucket('2001:db8:1:3::1'), bucket);
    assert.equal(rateLimitBucket('::1'), '0:0:0:0::/64');
  });

  it('is one shared bucket when the address is unknown', () => {
    assert.equal(rateLimitBucket(undefined), 'unknown');
  });
});

describe('createRelay checks trustProxy at once', () => {
  const valid = { apiBaseUrl: 'http://127.0.0.1:4010', clientId: 'id', clientSecret: 'secret', publicClientId: 'pub', offers: ['77BcHrY'] };

  it('refuses a list holding anything but addresses and CIDR ranges, naming the option and the entry', () => {
    for (const bad of [['10.0.0.0/8', '10.0.0.0/40'], ['proxy.internal'], [42]]) {
      assert.throws(
        () => createRelay({ ...valid, trustProxy: bad as string[] }),
        (error: Error) => error instanceof TypeError && /^createRelay: trustProxy holds /.test(error.message) && error.message.includes(JSON.stringify(bad.at(-1))),
        JSON.stringify(bad),
      );
    }
  });

  it('accepts the shop\'s proxies as a list', () => {
    assert.doesNotThrow(() => createRelay({ ...valid, trustProxy: ['10.0.0.0/8', '127.0.0.1', '::1'] }));
    assert.doesNotThrow(() => createRelay({ ...valid, trustProxy: [] }));
  });
});
