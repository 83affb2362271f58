-- The changes of one request (its batch), read once its answer is sent to publish them as live
-- events (apps/api/src/plugins/audit.ts; docs/PRODUCT-RULES.md#live-updates).
create index audit_log_batch_idx on audit_log (batch) where batch is not null;
