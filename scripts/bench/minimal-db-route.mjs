// A reference for the storefront figures (decision 053): the least any implementation of the list
// call can do on this machine — Fastify alone, one pooled `pg` connection per request running a
// hand-written prepared list query whose JSON PostgreSQL builds, the answer gzipped (level 6) as
// the server does for a browser. No plugins, no validation, no hooks. Needs DATABASE_URL. Prints
// its URL once listening.
import Fastify from 'fastify';
import pg from 'pg';
import { gzipSync } from 'node:zlib';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const text = `select c.id, (select row_to_json(j) from (select c.id, c.kind, c.title_zh as title, c.subtitle_zh as subtitle, c.cover,
  c.price, c.original_price as "originalPrice", c.vip_free_level as "vipFreeLevel", c.vip_price as "vipPrice", c.sales) j)::text as card
  from course c where c.status = 'on_sale' order by c.create_time desc, c.id desc limit 21`;

const app = Fastify({ logger: false });
app.get('/api/catalogue/list', async (request, reply) => {
  const { rows } = await pool.query({ name: 'minimal_list', text });
  const body = `{"code":1,"msg":"","time":${Math.floor(Date.now() / 1000)},"data":{"list":[${rows.slice(0, 20).map((row) => row.card).join(',')}],"hasMore":${rows.length > 20}}}`;
  reply.type('application/json; charset=utf-8');
  if (!/gzip/.test(request.headers['accept-encoding'] ?? '')) return reply.send(body);
  return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(gzipSync(body, { level: 6 }));
});
app.get('/healthz', async () => ({ status: 'ok' }));

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(address);
process.on('SIGTERM', () => app.close().then(() => pool.end()).then(() => process.exit(0)));
