import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestContext } from '../../../test/app.ts';

/** A real SMTP receiver on a free port; `failNext` makes it refuse recipients. */
export async function startSmtpReceiver() {
  const messages: { to: string[]; raw: string }[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(state.refuse ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    state,
    /** The 6-digit code of the last message to `to` (quoted-printable soft breaks undone). */
    codeFor(to: string) {
      const message = messages.filter((m) => m.to.includes(to)).at(-1);
      return message?.raw.replace(/=\r?\n/g, '').match(/\b(\d{6})\b/)?.[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Point the mail settings at a receiver. */
export const useSmtp = (ctx: TestContext, port: number) =>
  ctx.app.siteConfig.set({ mailSmtpHost: '127.0.0.1', mailSmtpPort: port, mailSmtpSecure: 'none', mailSmtpUser: '', mailSenderAddress: 'noreply@shop.test' });

/** RFC 3986 encoding as Aliyun's signature documentation specifies it. */
const percent = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A local stand-in for the Aliyun SMS API (dysmsapi 2017-05-25, `SendSms`): verifies the
 * ACS3-HMAC-SHA256 signature exactly as Aliyun documents it (canonical request → string to sign →
 * HMAC-SHA256 with the AccessKey secret) and answers in Aliyun's JSON format.
 */
export async function startAliyunSmsServer(accessKeySecret: string) {
  const received: { action: string; query: Record<string, string> }[] = [];
  const state: { answer: { Code: string; Message: string } } = { answer: { Code: 'OK', Message: 'OK' } };

  function signatureValid(req: IncomingMessage, body: string, url: URL): boolean {
    const auth = String(req.headers.authorization ?? '');
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(auth);
    if (!match) return false;
    const signedHeaders = match[2]!;
    const canonicalQuery = [...url.searchParams.entries()]
      .map(([k, v]) => [percent(k), percent(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalHeaders = signedHeaders
      .split(';')
      .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
      .join('');
    const payloadHash = createHash('sha256').update(body).digest('hex');
    if (req.headers['x-acs-content-sha256'] !== payloadHash) return false;
    const canonicalRequest = [req.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const stringToSign = `ACS3-HMAC-SHA256\n${createHash('sha256').update(canonicalRequest).digest('hex')}`;
    return createHmac('sha256', accessKeySecret).update(stringToSign).digest('hex') === match[3];
  }

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      res.setHeader('content-type', 'application/json;charset=utf-8');
      const requestId = createHash('md5').update(String(Math.random())).digest('hex');
      if (!signatureValid(req, body, url)) {
        res.statusCode = 400;
        return res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: requestId }));
      }
      if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25') {
        res.statusCode = 404;
        return res.end(JSON.stringify({ Code: 'InvalidAction.NotFound', Message: 'Specified api is not found', RequestId: requestId }));
      }
      received.push({ action: 'SendSms', query: Object.fromEntries(url.searchParams) });
      res.end(JSON.stringify({ ...state.answer, RequestId: requestId, ...(state.answer.Code === 'OK' ? { BizId: '900619746936498440^0' } : {}) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
