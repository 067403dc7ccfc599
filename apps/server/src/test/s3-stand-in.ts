import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the S3 stand-in received (headers kept so a test can see what the SDK sends). */
export interface S3Call {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  size: number;
}

export interface S3StandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects by key (without the bucket), as stored. */
  objects: Map<string, Buffer>;
  calls: S3Call[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/**
 * A local stand-in for an S3-compatible object store, on a random port: path-style PUT/GET/HEAD/DELETE of objects in
 * one bucket, kept in memory. It checks what a real store would reject first: a SigV4 Authorization header naming
 * its access key (the signature itself is not recomputed), the bucket, and a plain body (no aws-chunked encoding,
 * which the client must not use with `requestChecksumCalculation: 'WHEN_REQUIRED'`). Errors are S3's XML.
 */
export async function startS3StandIn(opts: { bucket?: string; accessKeyId?: string } = {}): Promise<S3StandIn> {
  const bucket = opts.bucket ?? 'qlcv-test';
  const accessKeyId = opts.accessKeyId ?? 'STANDINKEY';
  const objects = new Map<string, Buffer>();
  const calls: S3Call[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? '';
      calls.push({ method, url: req.url ?? '', headers: req.headers, size: body.length });
      const fail = (status: number, code: string, message: string) => {
        const text = method === 'HEAD' ? '' : xmlError(code, message);
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(text);
      };
      const auth = String(req.headers.authorization ?? '');
      const credential =
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/[^/]+\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/.exec(
          auth,
        );
      if (!credential || !req.headers['x-amz-date'] || !req.headers['x-amz-content-sha256']) {
        return fail(403, 'AccessDenied', 'Missing or malformed SigV4 Authorization');
      }
      if (credential[1] !== accessKeyId) return fail(403, 'InvalidAccessKeyId', 'The access key does not exist');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const [, name, ...rest] = url.pathname.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      if (name !== bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (!key) return fail(400, 'InvalidRequest', 'Bucket operations are not supported by the stand-in');
      if (method === 'PUT') {
        if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) {
          return fail(501, 'NotImplemented', 'aws-chunked bodies are not accepted');
        }
        const declared = Number(req.headers['content-length']);
        if (declared !== body.length) return fail(400, 'IncompleteBody', 'Content-Length does not match the body');
        objects.set(key, body);
        res.writeHead(200, { etag: `"${body.length.toString(16)}"` });
        return res.end();
      }
      const stored = objects.get(key);
      if (method === 'GET' || method === 'HEAD') {
        if (!stored) return fail(404, method === 'HEAD' ? 'NotFound' : 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(stored.length) });
        return res.end(method === 'HEAD' ? undefined : stored);
      }
      if (method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return fail(405, 'MethodNotAllowed', 'The specified method is not allowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'stand-in-secret-key',
    objects,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
