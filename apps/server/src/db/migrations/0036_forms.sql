-- Issue 29: forms to parents (placeholder until the module lands; the forms helper writes it).
select 1;
