import { ssoButtonText } from "@backoffice/contracts/sso-messages";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { type SsoProvider, ssoProviders, ssoStartUrl } from "../api/sso";

/** The single sign-on providers, read once for the sign-in screen's life (none if unreadable). */
export function useSsoProviders(): SsoProvider[] {
  const [providers, setProviders] = useState<SsoProvider[]>([]);
  useEffect(() => {
    let live = true;
    ssoProviders().then(
      (found) => live && setProviders(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

/** "Sign in with {label}" for each single sign-on provider, beside the password form (docs/SSO.md). */
export function SsoButtons({ providers, disabled }: { providers: SsoProvider[]; disabled: boolean }) {
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-2">
      {providers.map((provider) => (
        <Button key={provider.id} asChild variant="outline" className="w-full">
          <a
            href={ssoStartUrl(provider.id)}
            aria-disabled={disabled || undefined}
            onClick={(event) => disabled && event.preventDefault()}
          >
            {ssoButtonText(provider.label)}
          </a>
        </Button>
      ))}
    </div>
  );
}
