/**
 * The yardstick every benchmark ratio is taken against: Fastify with one JSON route and no
 * plugins, in a process of its own, answering what the app's /api/health answers.
 * Started by bench/lib/bare-server.ts; PORT names the port.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
