import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/v1/health',
  summary: 'The process is up',
  tags: ['system'],
  access: 'public',
  status: 200,
  response: z.object({ status: z.literal('ok'), version: z.string() }),
});

export const getReady = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ready',
  summary: 'The database is reachable (503 NOT_READY otherwise)',
  tags: ['system'],
  access: 'public',
  status: 200,
  response: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
});
