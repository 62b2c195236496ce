import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;
