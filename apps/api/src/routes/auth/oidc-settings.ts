import { errorBody, messageBody } from "@backoffice/contracts";
import {
  SSO_MESSAGES,
  type SsoSettings,
  ssoProviderAnswer,
  ssoProviderBody,
  ssoProviderPatchBody,
  ssoSettingsAnswer,
  ssoSettingsBody,
} from "@backoffice/contracts/sso";
import { teamIdParams } from "@backoffice/contracts/team";
import { newId } from "@backoffice/db";
import { badRequest, notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { auditContextOf } from "../../plugins/audit.ts";
import { requireAdmin, requireOwner } from "../../plugins/auth.ts";
import { idempotentWrites } from "../../plugins/idempotency.ts";
import { teamRepository } from "../team/repository.ts";
import { findProvider, listProviders, redirectUrlOf, ssoRepository } from "./oidc-providers.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The Team screen's single sign-on settings (Owners, under /api/v1/team/sso; docs/SSO.md): providers
 * (the client secret is stored and never answered back), allowed domains with their level and sites,
 * and "Sign in with SSO only" with its break-glass Owners. Every change is a Team entry of History.
 */
const oidcSettingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db } = fastify;
  fastify.addHook("onRequest", requireAdmin);
  fastify.addHook("onRequest", requireOwner);
  idempotentWrites(fastify);
  const route = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  async function settings(): Promise<SsoSettings> {
    const sso = ssoRepository(db);
    const breakGlass = await db.query<{ id: string }>(
      "select id from users where break_glass and level = 'owner' order by id",
    );
    return {
      ssoOnly: await sso.ssoOnly(),
      breakGlass: breakGlass.map((row) => row.id),
      domains: await sso.domains(),
      providers: (await listProviders(fastify)).map(({ clientSecret: _, ...provider }) => provider),
      redirectUrl: redirectUrlOf(fastify.config),
    };
  }
  /** What History keeps of a provider: never its secret. */
  const logged = (row: { label: string; issuer: string; clientId: string }) => ({
    name: `Single sign-on: ${row.label}`,
    issuer: row.issuer,
    clientId: row.clientId,
  });

  route.get(
    "/sso",
    { schema: { tags: ["team"], security, response: { 200: ssoSettingsAnswer, ...errors } } },
    async () => ({ status: "success" as const, data: await settings() }),
  );

  route.put(
    "/sso",
    {
      schema: {
        tags: ["team"],
        security,
        body: ssoSettingsBody,
        response: { 200: ssoSettingsAnswer, ...errors },
      },
    },
    async (request) => {
      const { ssoOnly, breakGlass, domains } = request.body;
      const owners = await db.query<{ id: string }>(
        "select id from users where level = 'owner' and id = any($1)",
        [breakGlass],
      );
      if (owners.length !== new Set(breakGlass).size) throw badRequest("breakGlass must list Owners only");
      if (new Set(domains.map((row) => row.domain)).size !== domains.length)
        throw badRequest("domains must not list a domain twice");
      const before = await settings();
      await db.transaction(async (tx) => {
        await tx.query("update security_settings set sso_only = $1, updated_at = now()", [ssoOnly]);
        await tx.query("update users set break_glass = (id = any($1)) where break_glass <> (id = any($1))", [
          breakGlass,
        ]);
        await tx.query("delete from sso_domains");
        for (const row of domains)
          await tx.query("insert into sso_domains (domain, level, sites) values ($1, $2, $3)", [
            row.domain,
            row.level,
            row.level === "owner" ? null : row.sites,
          ]);
        const rule = (value: Pick<SsoSettings, "ssoOnly" | "breakGlass" | "domains">) => ({
          name: "Single sign-on",
          ssoOnly: value.ssoOnly,
          breakGlass: value.breakGlass,
          domains: value.domains,
        });
        await teamRepository(tx).log(
          auditContextOf(request, null),
          "update",
          "single-sign-on",
          rule(before),
          rule(request.body),
        );
      });
      request.log.info(
        { event: "sso settings changed", userId: request.session!.userId, ssoOnly },
        "SSO settings",
      );
      return { status: "success" as const, data: await settings(), message: SSO_MESSAGES.settingsSaved };
    },
  );

  route.post(
    "/sso/providers",
    {
      schema: {
        tags: ["team"],
        security,
        body: ssoProviderBody,
        response: { 201: ssoProviderAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { label, issuer, clientId, clientSecret } = request.body;
      const groups = {
        groupRules: request.body.groupRules ?? [],
        groupsClaim: request.body.groupsClaim ?? "groups",
        groupsScope: request.body.groupsScope ?? null,
        groupsAuthoritative: request.body.groupsAuthoritative ?? false,
      };
      const id = newId();
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into sso_providers (id, label, issuer, client_id, client_secret, group_rules, groups_claim,
             groups_scope, groups_authoritative) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            id,
            label,
            issuer,
            clientId,
            clientSecret,
            JSON.stringify(groups.groupRules),
            groups.groupsClaim,
            groups.groupsScope,
            groups.groupsAuthoritative,
          ],
        );
        await teamRepository(tx).log(auditContextOf(request, null), "create", id, null, {
          ...logged(request.body),
          ...groups,
        });
      });
      reply.code(201);
      return {
        status: "success" as const,
        data: { id, label, issuer, clientId, ...groups, fromEnvironment: false },
        message: SSO_MESSAGES.providerSaved,
      };
    },
  );

  route.patch(
    "/sso/providers/:id",
    {
      schema: {
        tags: ["team"],
        security,
        params: teamIdParams,
        body: ssoProviderPatchBody,
        response: { 200: ssoProviderAnswer, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const {
        label,
        issuer,
        clientId,
        clientSecret,
        groupRules,
        groupsClaim,
        groupsScope,
        groupsAuthoritative,
      } = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx.query<{ label: string; issuer: string; client_id: string }>(
          "select label, issuer, client_id from sso_providers where id = $1 for update",
          [id],
        );
        if (!before) throw notFound(SSO_MESSAGES.providerNotFound);
        const [row] = await tx.query<{ label: string; issuer: string; client_id: string }>(
          `update sso_providers set label = coalesce($2, label), issuer = coalesce($3, issuer),
             client_id = coalesce($4, client_id), client_secret = coalesce($5, client_secret),
             group_rules = coalesce($6, group_rules), groups_claim = coalesce($7, groups_claim),
             groups_scope = case when $8 then $9 else groups_scope end,
             groups_authoritative = coalesce($10, groups_authoritative)
           where id = $1 returning label, issuer, client_id`,
          [
            id,
            label ?? null,
            issuer ?? null,
            clientId ?? null,
            clientSecret ?? null,
            groupRules ? JSON.stringify(groupRules) : null,
            groupsClaim ?? null,
            groupsScope !== undefined,
            groupsScope ?? null,
            groupsAuthoritative ?? null,
          ],
        );
        const after = { label: row!.label, issuer: row!.issuer, clientId: row!.client_id };
        await teamRepository(tx).log(
          auditContextOf(request, null),
          "update",
          id,
          logged({ ...before, clientId: before.client_id }),
          {
            ...logged(after),
            ...(clientSecret ? { clientSecret: "(changed)" } : {}),
            ...(groupRules ? { groupRules } : {}),
            ...(groupsAuthoritative !== undefined ? { groupsAuthoritative } : {}),
          },
        );
      });
      const { clientSecret: _, ...provider } = (await findProvider(fastify, id))!;
      return { status: "success" as const, data: provider, message: SSO_MESSAGES.providerSaved };
    },
  );

  route.delete(
    "/sso/providers/:id",
    { schema: { tags: ["team"], security, params: teamIdParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ label: string; issuer: string; client_id: string }>(
          "delete from sso_providers where id = $1 returning label, issuer, client_id",
          [id],
        );
        if (!row) throw notFound(SSO_MESSAGES.providerNotFound);
        await teamRepository(tx).log(
          auditContextOf(request, null),
          "delete",
          id,
          logged({ ...row, clientId: row.client_id }),
          null,
        );
      });
      return { status: "success" as const, message: SSO_MESSAGES.providerRemoved };
    },
  );
};

export default oidcSettingsRoutes;
