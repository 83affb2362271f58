// oidc-provider (a root devDependency for the SSO tests) ships no types; the tests use a few calls.
declare module "oidc-provider";
