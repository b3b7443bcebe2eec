import { z } from 'zod';

/** Every success answers `{ status: 200, message, data }` (failures: contracts/error.ts). */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(200), message: z.string(), data });

/** Paged lists (spec: list, page, limit, total). */
export const pagedList = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
