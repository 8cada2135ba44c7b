import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { merchantKeyFrom, platformKeyFrom } from './config.ts';
import { isPhoneBrowser, timeExpire } from './provider.ts';

describe('WeChat Pay keys as pasted', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs8 = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pkcs1 = rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const spki = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const body = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

  it('merchant private key: PKCS#8 or PKCS#1 PEM, with or without line breaks, or the bare body', () => {
    for (const text of [pkcs8, pkcs1, pkcs8.replace(/\n/g, ' '), pkcs1.replace(/\n/g, ''), body(pkcs8), `  ${pkcs8}  `]) {
      expect(merchantKeyFrom(text)?.asymmetricKeyType, text.slice(0, 40)).toBe('rsa');
    }
  });

  it('refuses what is not an RSA private key', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const text of ['', 'file:///etc/passwd', 'not a key', spki, ec, '-----BEGIN PRIVATE KEY-----AAAA-----END PRIVATE KEY-----']) {
      expect(merchantKeyFrom(text), text.slice(0, 40)).toBeNull();
    }
  });

  it('platform public key: SPKI PEM or body (no serial); garbage refused', () => {
    expect(platformKeyFrom(spki)).toMatchObject({ serial: '' });
    expect(platformKeyFrom(spki.replace(/\n/g, ' '))?.key.asymmetricKeyType).toBe('rsa');
    expect(platformKeyFrom(body(spki))?.key.asymmetricKeyType).toBe('rsa');
    for (const text of ['', 'file:///etc/hosts', pkcs8, '-----BEGIN CERTIFICATE-----AAAA-----END CERTIFICATE-----']) expect(platformKeyFrom(text), text.slice(0, 40)).toBeNull();
  });
});

describe('WeChat Pay request details', () => {
  it('time_expire is RFC 3339 at UTC+8', () => {
    expect(timeExpire(new Date('2026-11-25T15:30:00Z'))).toBe('2026-11-25T23:30:00+08:00');
  });

  it('phones get H5, computers and WeChat’s own browser get Native', () => {
    expect(isPhoneBrowser('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36')).toBe(true);
    expect(isPhoneBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isPhoneBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.50')).toBe(false);
    expect(isPhoneBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15')).toBe(false);
    expect(isPhoneBrowser('')).toBe(false);
  });
});
