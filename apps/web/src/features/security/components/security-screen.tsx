import { PageHeader } from "@/components/layout/page-header";
import { PasskeysSection } from "./passkeys-section";
import { SecondFactorPolicy } from "./second-factor-policy";
import { SessionsSection } from "./sessions-section";
import { TwoStepSection } from "./two-step-section";

/**
 * Security: the member's own account security (docs/PRODUCT-RULES.md#sessions). Each section is its
 * own component in this folder; the page only stacks them.
 */
export function SecurityScreen() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Security" description="Where you are signed in and how you sign in." />
      <TwoStepSection />
      <PasskeysSection />
      <SecondFactorPolicy />
      <SessionsSection />
    </div>
  );
}
