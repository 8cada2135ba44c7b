import { setOnline } from './testing/memory-storage.ts';
import type { Language } from '@framecraft/contracts/constants';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../stores/language.ts';
import { RequestError, request } from './index.ts';
import { configureForTest, type ShellRecorder } from './testing/recorder.ts';
import { closedPort, sendEnvelope, startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
let shell: ShellRecorder;
let closed: number;

// `/status/<code>` answers that HTTP status with a plain-text body (as a proxy would);
// `/envelope-status/<code>` with our server's envelope; `/hang` never answers.
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const [, kind, code] = req.path.split('/');
    if (kind === 'status') {
      res.writeHead(Number(code), { 'content-type': 'text/plain' });
      return void res.end('upstream trouble');
    }
    if (kind === 'envelope-status') return sendEnvelope(res, 0, `server says ${code}`, null, Number(code));
    if (kind === 'not-envelope') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<html></html>');
    }
    if (kind === 'hang') return; // never answers
    sendEnvelope(res, 1);
  });
  closed = await closedPort();
});
afterAll(() => server.close());

beforeEach(() => {
  switchLanguage('zh-cn', () => {});
  setOnline(true);
  shell = configureForTest(server.baseUrl);
});

async function failure(url: string, options: { timeout?: number; showErrorMessage?: boolean } = {}): Promise<RequestError> {
  const error = await request({ url, ...options }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

function configureRequestToClosedPort(): void {
  shell = configureForTest(`http://127.0.0.1:${closed}`);
}

const catalogue: Record<Language, Record<number, string>> = {
  en: {
    302: 'Interface redirected!',
    400: 'Incorrect parameter!',
    401: 'You do not have permission to operate!',
    403: 'You do not have permission to operate!',
    404: 'Error requesting address:/status/404',
    408: 'Request timed out!',
    409: 'The same data already exists in the system!',
    500: 'Server internal error!',
    501: 'Service not implemented!',
    502: 'Gateway error!',
    503: 'Service unavailable!',
    504: 'The service is temporarily unavailable Please try again later!',
    505: 'HTTP version is not supported!',
    418: 'Abnormal problem, please contact the website administrator!',
    429: 'Abnormal problem, please contact the website administrator!',
  },
  'zh-cn': {
    302: '接口重定向了！',
    400: '参数不正确！',
    401: '您没有权限操作！',
    403: '您没有权限操作！',
    404: '请求地址出错：/status/404',
    408: '请求超时！',
    409: '系统已存在相同数据！',
    500: '服务器内部错误！',
    501: '服务未实现！',
    502: '网关错误！',
    503: '服务不可用！',
    504: '服务暂时无法访问，请稍后再试！',
    505: 'HTTP 版本不受支持！',
    418: '异常问题，请联系网站管理员！',
    429: '异常问题，请联系网站管理员！',
  },
};

describe.each(['en', 'zh-cn'] as const)('HTTP status messages in %s', (lang) => {
  beforeEach(() => switchLanguage(lang, () => {}));

  it.each(Object.entries(catalogue[lang]))('%s', async (status, message) => {
    const error = await failure(`/status/${status}`);
    expect(error).toMatchObject({ kind: 'http', status: Number(status), message });
    expect(shell.errors).toEqual([message]);
  });

  it('a timeout says "Network request timeout!"', async () => {
    const error = await failure('/hang', { timeout: 100 });
    const message = lang === 'en' ? 'Network request timeout!' : '网络请求超时！';
    expect(error).toMatchObject({ kind: 'timeout', message });
    expect(shell.errors).toEqual([message]);
  });

  it('no server says "Server exception!" online and "You are disconnected!" offline', async () => {
    configureRequestToClosedPort();
    const online = await failure('/api/index/index');
    setOnline(false);
    const offline = await failure('/api/index/index');
    const expected = lang === 'en' ? ['Server exception!', 'You are disconnected!'] : ['服务端异常！', '您已断网！'];
    expect([online.kind, offline.kind]).toEqual(['network', 'network']);
    expect(shell.errors).toEqual(expected);
  });
});

describe('non-2xx answers that carry an envelope', () => {
  it('show the server message instead of the catalogue text, for 500 and any other status', async () => {
    for (const status of [500, 404, 413]) {
      const error = await failure(`/envelope-status/${status}`);
      expect(error).toMatchObject({ kind: 'http', status, message: `server says ${status}` });
      expect(error.envelope).toMatchObject({ code: 0, msg: `server says ${status}` });
    }
    expect(shell.errors).toEqual(['server says 500', 'server says 404', 'server says 413']);
  });
});

describe('other failures', () => {
  it('a 200 answer that is not an envelope fails with the default message', async () => {
    const error = await failure('/not-envelope');
    expect(error).toMatchObject({ kind: 'http', status: 200, message: '异常问题，请联系网站管理员！' });
  });

  it('showErrorMessage false silences HTTP, timeout and network messages but still rejects', async () => {
    await failure('/status/500', { showErrorMessage: false });
    await failure('/hang', { timeout: 50, showErrorMessage: false });
    configureRequestToClosedPort();
    await failure('/api/index/index', { showErrorMessage: false });
    expect(shell.errors).toEqual([]);
  });
});
