import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { v1Routes } from './routes.js';

/** The document shows these examples to integrators: each must be an answer the API can give. */
describe('the public API examples', () => {
  for (const route of Object.values(v1Routes)) {
    it(`${route.operationId}: its examples parse by its schemas`, () => {
      const schemas = [route.response, 'body' in route ? route.body : undefined];
      let seen = 0;
      for (const schema of schemas) {
        if (!schema) continue;
        const examples = (z.globalRegistry.get(schema) as { examples?: unknown[] } | undefined)
          ?.examples;
        for (const example of examples ?? []) {
          seen++;
          const parsed = schema.safeParse(example);
          expect(parsed.success, parsed.error ? z.prettifyError(parsed.error) : '').toBe(true);
        }
      }
      expect(seen).toBeGreaterThan(0);
    });
  }
});
