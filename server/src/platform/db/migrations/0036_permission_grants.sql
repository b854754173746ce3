-- Permissions name who wrote them from the session, whatever the body says (spec 3 §7: POST
-- with created_by, PATCH with updated_by): the service sets app.user_id in every write's
-- transaction (_acting_user(), migration 0005). The lookups by person, team and resource are
-- indexed since 0008.
create function _permissions_written_by() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce(_acting_user(), new.created_by);
  else
    new.created_by := old.created_by;
    new.created_at := old.created_at;
    new.updated_by := coalesce(_acting_user(), new.updated_by);
    new.updated_at := now();
  end if;
  return new;
end
$$;

create trigger permissions_written_by before insert or update on permissions
  for each row execute function _permissions_written_by();
