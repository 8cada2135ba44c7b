/**
 * Keys and certificates as an operator pastes them — with or without PEM headers, PKCS#1 or
 * PKCS#8, line breaks lost by a single-line box — turned into what the SDK reads. node:crypto
 * decides whether they are readable, so a bad paste is a configuration problem, not a 500.
 */
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';

const derOf = (text: string) => Buffer.from(text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');

/** The app private key as base64 PKCS#8 DER (the SDK's `keyType: 'PKCS8'`), or null when unreadable. */
export function readPrivateKey(text: string): { base64: string; key: KeyObject } | null {
  const der = derOf(text);
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      const key = createPrivateKey({ key: der, format: 'der', type });
      if (key.asymmetricKeyType !== 'rsa') return null;
      return { key, base64: key.export({ format: 'der', type: 'pkcs8' }).toString('base64') };
    } catch {
      // try the other encoding
    }
  }
  return null;
}

/** The Alipay public key as base64 SPKI DER, or null when unreadable. */
export function readPublicKey(text: string): string | null {
  try {
    const key = createPublicKey({ key: derOf(text), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'rsa' ? key.export({ format: 'der', type: 'spki' }).toString('base64') : null;
  } catch {
    return null;
  }
}

/** Every certificate of a pasted PEM (a chain such as Alipay's root file keeps all), rewrapped at 64; null when none parses. */
export function readCertificates(text: string): { pem: string; certificates: X509Certificate[] } | null {
  const bodies = [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)].map((m) => m[1]!.replace(/\s+/g, ''));
  if (bodies.length === 0) return null;
  const blocks = bodies.map((body) => `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`);
  try {
    return { pem: `${blocks.join('\n')}\n`, certificates: blocks.map((block) => new X509Certificate(block)) };
  } catch {
    return null;
  }
}
