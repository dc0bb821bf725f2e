import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { v1DocRoutes, v1Routes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { client } from '../../testing/client.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';

type Operation = {
  operationId: string;
  security: unknown[];
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
};

describe('GET /api/v1/openapi.json', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      rateLimits: { ...testConfig().rateLimits, apiKeyPerSecond: 100_000 },
    });
    const res = await client(t.app).call(v1DocRoutes.getV1OpenApiDocument);
    expect(res.status).toBe(200);
    doc = res.body as unknown as typeof doc;
  });
  afterAll(async () => t?.close());

  it('documents the v1 operations and nothing else, each with its id, key, examples and errors', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path: p, method, op })),
    );
    expect(operations.every((o) => o.path.startsWith('/api/v1/'))).toBe(true);
    expect(operations.map((o) => o.op.operationId).sort()).toEqual(
      Object.values(v1Routes)
        .map((r) => r.operationId)
        .sort(),
    );
    for (const { op } of operations) {
      expect(op.security).toEqual([{ apiKey: [] }]);
      for (const status of ['401', '403', '429']) expect(op.responses[status]).toBeDefined();
      const success = Object.entries(op.responses).find(([s]) => s.startsWith('2'))![1];
      expect(success.content!['application/json']!.example, op.operationId).toBeDefined();
      if (op.requestBody) {
        expect(op.requestBody.content['application/json']!.example).toBeDefined();
      }
    }
  });

  it('passes redocly lint with the recommended rules, offline, with no error', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tavola-v1-doc-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const require = createRequire(import.meta.url);
      const cli = path.join(
        path.dirname(require.resolve('@redocly/cli/package.json')),
        'bin',
        'cli.js',
      );
      const run = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', file, '--extends=recommended', '--format=json'],
        {
          cwd: dir,
          // Nothing leaves the machine: no usage report, no update check.
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((err: { stdout?: string; stderr?: string }) => err);
      const report = JSON.parse(String(run.stdout)) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string }[];
      };
      const errors = report.problems.filter((p) => p.severity === 'error');
      expect(errors, JSON.stringify(errors, null, 1)).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(report.problems, JSON.stringify(report.problems, null, 1)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
