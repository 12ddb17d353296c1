-- Issue 29: nursing (placeholder until the module lands; the nursing helper writes it).
select 1;
