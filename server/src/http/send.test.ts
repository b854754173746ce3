import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { gzipped, sendWhole } from './send.js';

describe('sendWhole', () => {
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    const app = express().get('/rows/:n', (req, res) => {
      const rows = Array.from({ length: Number(req.params.n) }, (_, id) => ({ id, name: `check-${id}` }));
      sendWhole(req, res.type('application/json'), JSON.stringify(rows));
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  // node:http's client does not decompress, so the bytes on the wire can be checked.
  async function raw(path: string, acceptEncoding?: string) {
    const { request } = await import('node:http');
    return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
      request(`${url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  }

  it.each([
    ['a page of rows (compressed in one go)', 200],
    ['a large answer (compressed off the event loop)', 20000],
  ])('gzips %s for a client that accepts gzip, with the exact length', async (_label, n) => {
    const { headers, body } = await raw(`/rows/${n}`, 'gzip, br');
    expect(headers['content-encoding']).toBe('gzip');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(JSON.parse(gunzipSync(body).toString())).toHaveLength(n);
  });

  it('sends plain text to a client that does not accept gzip, and small bodies as they are', async () => {
    const plain = await raw('/rows/200');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveLength(200);
    const small = await raw('/rows/2', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Accept-Encoding');
  });
});

describe('gzipped', () => {
  const body = (n: number) => JSON.stringify({ n, rows: Array.from({ length: 50 }, (_, id) => ({ id })) });

  it('compresses the same text once, sent again, and forgets it after eight others', () => {
    const first = gzipped(body(1));
    expect(JSON.parse(gunzipSync(first).toString())).toMatchObject({ n: 1 });
    // Equal text, another string: the remembered bytes.
    expect(gzipped(` ${body(1)}`.slice(1))).toBe(first);
    for (let n = 2; n <= 9; n++) gzipped(body(n));
    expect(gzipped(body(1))).not.toBe(first);
  });
});
