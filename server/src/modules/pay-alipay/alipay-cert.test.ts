import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { certificateSn, FakeAlipay, rsaKeyPair } from '../../../test/fake-alipay.ts';
import { adminKit } from '../admin/test-kit.ts';
import { shopOrder } from '../commerce/tables.ts';
import { commerceKit } from '../commerce/test-kit.ts';

const APP_ID = '2021000000000002';
const SELLER_ID = '2088000000000002';

/** A root CA and certificates it signs for given keys, made with the local openssl (no network). */
function certificates(keys: { app: string; alipay: string; stranger: string }) {
  const dir = mkdtempSync(join(tmpdir(), 'fc-alipay-certs-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'root.key', '-out', 'root.crt', '-days', '2', '-subj', '/C=CN/O=Fake Ant Financial/CN=Fake Alipay Root CA');
    const issue = (name: string, keyPem: string, subject: string, serial: string) => {
      writeFileSync(join(dir, `${name}.key`), keyPem);
      run('req', '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
      run('x509', '-req', '-in', `${name}.csr`, '-CA', 'root.crt', '-CAkey', 'root.key', '-set_serial', serial, '-days', '2', '-out', `${name}.crt`);
      return readFileSync(join(dir, `${name}.crt`), 'utf8');
    };
    return {
      root: readFileSync(join(dir, 'root.crt'), 'utf8'),
      app: issue('app', keys.app, `/C=CN/O=Framecraft/CN=${APP_ID}`, '0x1a2b3c4d5e6f'),
      alipay: issue('alipay', keys.alipay, '/C=CN/O=Fake Ant Financial/CN=Alipay public key', '0x7a7b7c7d'),
      stranger: issue('stranger', keys.stranger, '/C=CN/O=Someone else/CN=2021000000000009', '0x99'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let openssl = true;
try {
  execFileSync('openssl', ['version'], { stdio: 'pipe' });
} catch {
  openssl = false;
}

describe.skipIf(!openssl)('Alipay certificate mode', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  let fake: FakeAlipay;
  let certs: ReturnType<typeof certificates>;
  const appKeys = rsaKeyPair();
  const pem = (key: typeof appKeys) => key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
    fake = await FakeAlipay.start({ appId: APP_ID, sellerId: SELLER_ID, appPublicKey: appKeys.publicKey });
    certs = certificates({ app: pem(appKeys), alipay: pem(fake.alipayKeys), stranger: pem(rsaKeyPair()) });
    fake.certMode = { appCertSn: certificateSn(certs.app), rootCertSn: certificateSn(certs.root) };
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await ctx.app.siteConfig.set({
      payMethods: 'alipay',
      siteUrl: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`,
      alipayAppId: APP_ID,
      alipaySellerId: SELLER_ID,
      alipayPrivateKey: appKeys.privateBase64,
      alipayCertMode: 1,
      alipayPublicKey: '',
      alipayGateway: fake.url,
    });
  });
  afterAll(async () => {
    await fake.close();
    await ctx.close();
  });

  const problems = async () => {
    const admin = adminKit(ctx);
    const { token } = await admin.superAdmin();
    return (await admin.call('GET', '/admin/routine/config/paymentStatus', token)).data.list.find((x: { code: string }) => x.code === 'alipay').problems as string[];
  };

  it('names each missing or wrong certificate', async () => {
    expect(await problems()).toEqual(['missing app public key certificate', 'missing Alipay public key certificate', 'missing Alipay root certificate']);
    await ctx.app.siteConfig.set({ alipayAppCert: certs.stranger, alipayPublicCert: certs.alipay, alipayRootCert: 'garbage' });
    expect(await problems()).toEqual(['the certificates cannot be read', 'the app certificate does not belong to the app private key']);
  });

  it('signs requests with the certificates’ serial numbers and verifies notifications with the key of the Alipay certificate', async () => {
    // Pasted into a one-line box, the line breaks are gone: still read.
    await ctx.app.siteConfig.set({ alipayAppCert: certs.app.replace(/\n/g, ' '), alipayPublicCert: certs.alipay, alipayRootCert: certs.root });
    expect(await problems()).toEqual([]);
    const m = await kit.member();
    const item = await kit.item({ price: 1999 });
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [item.id] })).data.order_no as string;
    const link = new URL((await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'alipay' })).data.action.url);
    expect(link.searchParams.get('app_cert_sn')).toBe(fake.certMode!.appCertSn);
    expect(link.searchParams.get('alipay_root_cert_sn')).toBe(fake.certMode!.rootCertSn);
    expect((await fetch(link)).status).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({ signatureValid: true });
    const trade = fake.trades.get(no)!;
    trade.status = 'TRADE_SUCCESS';
    const forged = await fake.notify(trade, fake.signFields({ ...fake.notification(trade), sign: '' }, rsaKeyPair().privateKey));
    expect(forged.answer).toBe('failure');
    expect(await fake.notify(trade)).toEqual({ status: 200, answer: 'success' });
    expect((await ctx.database.db.select().from(shopOrder).where(eq(shopOrder.orderNo, no)))[0]).toMatchObject({ state: 'paid', payMethod: 'alipay' });
    // The result page's query answers the paid order without asking Alipay again.
    expect((await kit.call('POST', '/api/pay/query', m.token, { order_no: no })).data.state).toBe('paid');
  });
});
