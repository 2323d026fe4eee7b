import Fastify from 'fastify';

/** The baseline for the API bench: a bare Fastify JSON route, nothing else. */
const app = Fastify({ logger: false });
app.post('/bare', async () => ({ hello: 'mundo' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`Checkout listo en http://localhost:${typeof address === 'object' && address ? address.port : 0}/`);
