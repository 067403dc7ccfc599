import { idParams } from '@qlcv/common/schemas/common';
import { documentUploadFields, documentUploadResponse } from '@qlcv/common/schemas/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { DocumentsService } from './documents.service';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  const tags = ['documents'];

  app.post(
    '/api/documents',
    {
      config: { auth: true, multipart: true },
      schema: {
        tags,
        description:
          'multipart/form-data: one or more files (any field name, e.g. `files[]`) and optionally `is_public` (1/0). ' +
          'The type is decided by the content. The documents wait, unattached, until a record names them in `attachment_ids`.',
        consumes: ['multipart/form-data'],
        body: documentUploadFields,
        response: { 201: documentUploadResponse },
      },
    },
    async (req, reply) => {
      const data = await documents.upload(actorOf(req), req.uploads ?? [], { isPublic: req.body.is_public });
      return reply.status(201).send({ data });
    },
  );

  app.get('/api/documents/:id/download', { config: { auth: true }, schema: { tags, params: idParams } }, async (req, reply) => {
    const { document, stream } = await documents.open(actorOf(req), req.params.id);
    return reply
      .header('content-type', document.mime.startsWith('text/') ? `${document.mime}; charset=utf-8` : document.mime)
      .header('content-length', String(document.size))
      .header('content-disposition', contentDisposition(document.original_name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  app.delete(
    '/api/documents/:id',
    { config: { auth: true }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await documents.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Unattached uploads older than a day are swept at boot and every hour after.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await documents.sweep().catch((err) => app.log.error({ err }, 'upload sweep failed'));
    timer = setInterval(() => {
      documents.sweep().catch((err) => app.log.error({ err }, 'upload sweep failed'));
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
