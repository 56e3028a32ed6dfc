import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buyerIp } from '../../src/relay/buyer-ip.js';

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
