// The shape every route file exports: it adds its routes to the app and reads services from the context.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;
