-- Resource-limited API tokens (docs/INTEGRATIONS.md#resource-limited-tokens): an Owner may limit a
-- token to some resources of its sites (`apps`, `ads`, … of packages/contracts resources.ts). Null
-- is every resource, as every token made before this was.
alter table api_tokens add column resources text[];
