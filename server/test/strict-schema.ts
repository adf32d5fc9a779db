import { z } from 'zod';

/**
 * A copy of a response schema in which every object, at any depth, refuses keys it does not
 * name. Response schemas are plain `z.object`s, which drop unknown keys when parsing, so a key
 * the SQL sends and the schema forgot would pass unseen; the tests want it to fail.
 *
 * Only the kinds of schema the responses use are rebuilt. Anything else throws rather than
 * quietly checking less than it seems to: teach this function the new kind.
 */
export function strictDeep(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    if (schema._zod.def.checks?.length) throw new Error('strictDeep: an object with refinements');
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, value]) => [
        key,
        strictDeep(value),
      ]),
    );
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) {
    if (schema._zod.def.checks?.length) throw new Error('strictDeep: an array with length checks');
    return z.array(strictDeep(schema.element as z.ZodType));
  }
  if (schema instanceof z.ZodRecord)
    return z.record(schema.keyType as z.ZodString, strictDeep(schema.valueType as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictDeep(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictDeep(schema.unwrap() as z.ZodType).optional();
  const leaves = [z.ZodString, z.ZodNumber, z.ZodBoolean, z.ZodEnum, z.ZodLiteral, z.ZodNull];
  if (leaves.some((kind) => schema instanceof kind)) return schema;
  throw new Error(`strictDeep: no rule for a ${schema._zod.def.type} schema`);
}
