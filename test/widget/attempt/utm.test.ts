import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chargeMetadataSchema } from '../../../src/contract/charge-request.js';
import { captureUtmMetadata } from '../../../src/widget/attempt/utm.js';

describe('captureUtmMetadata', () => {
  it('captures the five UTM parameters and sck', () => {
    const metadata = captureUtmMetadata(
      'https://shop.example/p?utm_source=google&utm_medium=cpc&utm_campaign=black%20friday&utm_term=curso&utm_content=banner-1&sck=abc123',
    );
    assert.deepEqual(metadata, {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'black friday',
      utm_term: 'curso',
      utm_content: 'banner-1',
      sck: 'abc123',
    });
    assert.equal(chargeMetadataSchema.safeParse(metadata).success, true);
  });

  it('leaves out every other parameter, whatever its name looks like', () => {
    assert.deepEqual(captureUtmMetadata('https://shop.example/?utm_source=ig&utm_id=7&gclid=x&UTM_MEDIUM=social&fbclid=y'), {
      utm_source: 'ig',
    });
  });

  it('trims values and leaves out empty ones', () => {
    assert.deepEqual(captureUtmMetadata('https://shop.example/?utm_source=%20newsletter%20&utm_medium=&utm_campaign=%20%20&sck'), {
      utm_source: 'newsletter',
    });
  });

  it('takes the first value of a repeated parameter', () => {
    assert.deepEqual(captureUtmMetadata('https://shop.example/?sck=first&sck=second'), { sck: 'first' });
  });

  it('cuts a value to 255 characters without splitting a character', () => {
    const long = `${'a'.repeat(254)}😀😀`;
    const metadata = captureUtmMetadata(`https://shop.example/?utm_content=${encodeURIComponent(long)}`);
    assert.equal(metadata.utm_content, `${'a'.repeat(254)}😀`);
  });

  it('gives nothing for a page without parameters or an unreadable address', () => {
    assert.deepEqual(captureUtmMetadata('https://shop.example/checkout#utm_source=hash'), {});
    assert.deepEqual(captureUtmMetadata('not a url'), {});
    assert.deepEqual(captureUtmMetadata(), {});
  });
});
