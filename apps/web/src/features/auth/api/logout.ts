import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * Signs out; answers the single sign-on provider's sign-out page for an SSO session whose provider
 * offers one (RP-initiated logout, docs/SSO.md), asked while the session still exists, else null.
 */
export async function logout(): Promise<string | null> {
  const url = await api.get<{ data: { url: string | null } }>("/auth/oidc/sign-out-url").then(
    (answer) => answer.data.url,
    () => null,
  );
  await api.post("/auth/logout");
  return url;
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
