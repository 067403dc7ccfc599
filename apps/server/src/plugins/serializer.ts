import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the route's declared zod schema, turned into JSON Schema once at
 * boot: only declared properties are written (a hash or a token on the object is dropped), at about half the cost of
 * running zod over every response. A schema JSON Schema cannot express falls back to zod's own serializer.
 */
/** Routes whose response went to the zod serializer, for the test that keeps this list short. */
export const fallbacks: string[] = [];

export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  try {
    const json = z.toJSONSchema(route.schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    const stringify = fastJson(json as Parameters<typeof fastJson>[0]);
    return (data) => stringify(data);
  } catch (err) {
    fallbacks.push(`${route.method} ${route.url} ${route.httpStatus}: ${(err as Error).message.split('\n')[0]}`);
    return zodSerializerCompiler(route);
  }
};
