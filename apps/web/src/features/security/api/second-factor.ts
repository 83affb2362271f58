import type { Passkey, SecondFactorStatus } from "@backoffice/contracts/second-factor";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import { sessionsQueryOptions } from "./sessions";

/** The member's second factor (docs/PRODUCT-RULES.md#second-factor): `GET /api/v1/auth/second-factor`. */
const statusKey = ["auth", "second-factor"] as const;

type Data<T> = { status: "success"; data: T; message?: string };
type MessageAnswer = { status: "success"; message: string };
export type TotpSetup = { secret: string; uri: string; qrSvg: string };

const secondFactorQueryOptions = queryOptions({
  queryKey: statusKey,
  queryFn: ({ signal }) =>
    api.get<Data<SecondFactorStatus>>("/auth/second-factor", { signal }).then((answer) => answer.data),
});

export function useSecondFactor() {
  return useQuery(secondFactorQueryOptions);
}

/** Security opens on the member's sessions and second factor (also while one must be set up). */
export const securityScreenData: ScreenData = () => [
  prefetchOf(sessionsQueryOptions),
  prefetchOf(secondFactorQueryOptions),
];

/**
 * Each write refreshes everything under ["auth"]: this status and GET /auth/me (hooks/use-me.ts), whose
 * `secondFactor.setupNeeded` the gate reads, so a member who sets one up goes on without a reload.
 */
function useSecondFactorWrite<In, Out>(write: (input: In) => Promise<Out>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: ["auth"] }),
  });
}

export const useStartTotp = () =>
  useSecondFactorWrite(() => api.post<Data<TotpSetup>>("/auth/totp/setup").then((answer) => answer.data));

export const useConfirmTotp = () =>
  useSecondFactorWrite((code: string) =>
    api
      .post<Data<{ recoveryCodes: string[] }>>("/auth/totp/confirm", { code })
      .then((answer) => answer.data.recoveryCodes),
  );

export const useNewRecoveryCodes = () =>
  useSecondFactorWrite((code: string) =>
    api
      .post<Data<{ recoveryCodes: string[] }>>("/auth/totp/recovery-codes", { code })
      .then((answer) => answer.data.recoveryCodes),
  );

export const useDisableTotp = () =>
  useSecondFactorWrite((input: { password: string; code: string }) =>
    api.post<MessageAnswer>("/auth/totp/disable", input),
  );

/** Registers a passkey: options from the server, the browser's ceremony, then the server's check. */
export const useAddPasskey = () =>
  useSecondFactorWrite(async (name: string) => {
    const { startRegistration } = await import("@simplewebauthn/browser");
    const { options } = (
      await api.post<Data<{ options: PublicKeyCredentialCreationOptionsJSON }>>(
        "/auth/passkeys/register/options",
      )
    ).data;
    const response = await startRegistration({ optionsJSON: options });
    return api.post<Data<Passkey>>("/auth/passkeys", { name, response }).then((answer) => answer.data);
  });

export const useRenamePasskey = () =>
  useSecondFactorWrite((input: { id: string; name: string }) =>
    api.patch<Data<Passkey>>(`/auth/passkeys/${encodeURIComponent(input.id)}`, { name: input.name }),
  );

export const useRemovePasskey = () =>
  useSecondFactorWrite((id: string) => api.delete<MessageAnswer>(`/auth/passkeys/${encodeURIComponent(id)}`));

/** The Owner's switch: a second factor required of every member. */
export const useSecondFactorPolicy = () =>
  useSecondFactorWrite((required: boolean) =>
    api.put<Data<{ required: boolean }>>("/auth/second-factor/policy", { required }),
  );
