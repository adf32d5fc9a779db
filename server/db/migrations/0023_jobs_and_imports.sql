-- placeholder: filled in by its owner
select 1;
