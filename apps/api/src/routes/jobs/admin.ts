import { errorBody, JOB_MESSAGES, jobNameParams, jobsAnswer, messageBody } from "@backoffice/contracts";
import { notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The jobs of all sites (lib/jobs.ts), for admins under /api/v1/jobs: the list with each job's last
 * run and next run, Run now, and pause/resume of its schedule.
 */
const jobsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { jobs } = fastify;
  const titleOf = async (name: string) => {
    const job = (await jobs.list()).find((candidate) => candidate.name === name);
    if (!job) throw notFound(JOB_MESSAGES.notFound);
    return job.title;
  };

  fastify.get("/", { schema: { tags: ["jobs"], response: { 200: jobsAnswer, ...errors } } }, async () => ({
    status: "success" as const,
    data: await jobs.list(),
  }));

  fastify.post(
    "/:name/run",
    { schema: { tags: ["jobs"], params: jobNameParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const title = await titleOf(request.params.name);
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
      const title = await titleOf(request.params.name);
      await jobs.pause(request.params.name);
      return { status: "success" as const, message: JOB_MESSAGES.paused(title) };
    },
  );

  fastify.post(
    "/:name/resume",
    { schema: { tags: ["jobs"], params: jobNameParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const title = await titleOf(request.params.name);
      await jobs.resume(request.params.name);
      return { status: "success" as const, message: JOB_MESSAGES.resumed(title) };
    },
  );
};

export default jobsRoutes;
