import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
export interface MoviesRoutesOptions {
    secret: string;
    /** Clock of the signature check (tests move it). */
    now?: () => number;
}
/** Spec §7 "Content service": the public list, and the signed writes. */
declare const moviesRoutes: FastifyPluginAsyncZod<MoviesRoutesOptions>;
export default moviesRoutes;
