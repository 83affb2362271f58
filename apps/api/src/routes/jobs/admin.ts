import {
  errorBody,
  JOB_MESSAGES,
  jobNameParams,
  jobsAnswer,
  memberReadsSite,
  messageBody,
} from "@backoffice/contracts";
import { notFound } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertSiteAccess } from "../../plugins/auth.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The jobs of all sites (lib/jobs.ts), for admins under /api/v1/jobs: the list with each job's last
 * run and next run, Run now, and pause/resume of its schedule. A member sees the jobs of their sites
 * and all-sites jobs; running or pausing one needs write access to its site, and an all-sites job
 * write access to every site (docs/PRODUCT-RULES.md#team-and-access).
 */
const jobsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { jobs } = fastify;
  /** The title of a job the member may change; a job of a site they don't read is not found. */
  const titleOf = async (request: FastifyRequest, name: string) => {
    const job = (await jobs.list()).find((candidate) => candidate.name === name);
    if (!job) throw notFound(JOB_MESSAGES.notFound);
    assertSiteAccess(request, job.site, true);
    return job.title;
  };

  fastify.get(
    "/",
    { schema: { tags: ["jobs"], response: { 200: jobsAnswer, ...errors } } },
    async (request) => ({
      status: "success" as const,
      data: (await jobs.list()).filter(
        (job) => job.site === "all" || memberReadsSite(request.session!, job.site),
      ),
    }),
  );

  fastify.post(
    "/:name/run",
    { schema: { tags: ["jobs"], params: jobNameParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const title = await titleOf(request, request.params.name);
      const queued = await jobs.runNow(request.params.name);
      return {
        status: "success" as const,
        message: queued ? JOB_MESSAGES.queued(title) : JOB_MESSAGES.alreadyQueued(title),
      };
    },
  );

  fastify.post(
    "/:name/pause",
    { schema: { tags: ["jobs"], params: jobNameParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const title = await titleOf(request, request.params.name);
      await jobs.pause(request.params.name);
      return { status: "success" as const, message: JOB_MESSAGES.paused(title) };
    },
  );

  fastify.post(
    "/:name/resume",
    { schema: { tags: ["jobs"], params: jobNameParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const title = await titleOf(request, request.params.name);
      await jobs.resume(request.params.name);
      return { status: "success" as const, message: JOB_MESSAGES.resumed(title) };
    },
  );
};

export default jobsRoutes;
