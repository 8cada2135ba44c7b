/** Public API of the code generator (issue 20, decision 045): its routes and the lookups of spec §7. */
export { generatorRoutes } from './routes.ts';
