-- Password reset codes belong to the (account, address) pair that asked for them
-- (docs/PRODUCT-RULES.md#passwords-and-the-profile): a code is checked only from that address, and a
-- new request closes only that pair's earlier code, so requests and wrong checks from elsewhere can
-- neither cancel nor exhaust the member's own code. Older codes (null) expire within 10 minutes and
-- are never found again.
alter table otp_codes add column address text;
create index otp_codes_pair_idx on otp_codes (user_id, address) where closed_at is null;
