import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the route's declared zod schema, turned into JSON Schema: only
 * declared properties are written (a hash or a token on the object is dropped), at about half the cost of running zod
 * over every response. A schema JSON Schema cannot express falls back to zod's own serializer. Each is built on its
 * route's first answer, not at boot: building all of them (every route × status) was a fifth of the cold start.
 */
/** Routes whose response went to the zod serializer, for the test that keeps this list short. */
export const fallbacks: string[] = [];

type Route = Parameters<FastifySerializerCompiler<ZodType>>[0];

function build(route: Route): (data: unknown) => string {
  try {
    const json = z.toJSONSchema(route.schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch (err) {
    fallbacks.push(`${route.method} ${route.url} ${route.httpStatus}: ${(err as Error).message.split('\n')[0]}`);
    return zodSerializerCompiler(route);
  }
}

export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  let write: ((data: unknown) => string) | undefined;
  return (data) => {
    write ??= build(route);
    return write(data);
  };
};
