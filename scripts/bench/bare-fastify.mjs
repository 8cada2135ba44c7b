// The baseline of the throughput benchmark: Fastify alone answering the same envelope a visitor
// gets from /api/index/index, with no plugins and no database. Prints its URL once listening.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const site = {
  siteName: 'Framecraft',
  recordNumber: '',
  version: '1.0.0',
  cdnUrl: '',
  apiUrl: '',
  upload: {
    mode: 'local',
    maxSize: 10485760,
    saveName: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
    allowedSuffixes: 'jpg,png,bmp,jpeg,gif,webp,zip,rar,wav,mp4,mp3',
    allowedMimeTypes: '',
  },
  headNav: [],
  adminPrefix: '/admin',
};
app.get('/api/index/index', async () => ({
  code: 1,
  msg: '',
  time: Math.floor(Date.now() / 1000),
  data: { site, openMemberCenter: true, userInfo: null, menus: [], rules: [] },
}));
// The catalogue benchmark passes a real list answer to compare against (same bytes, no database).
const listBody = process.env.BARE_LIST_BODY;
if (listBody) app.get('/api/catalogue/list', async (_request, reply) => reply.type('application/json').send(listBody));
app.get('/healthz', async () => ({ status: 'ok' }));

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(address);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
