-- Every change to an API client tells listeners which client changed, in the changing transaction
-- (delivered on commit): the API's cache of client auth state forgets that client at once.
CREATE FUNCTION notify_api_client_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_client_changed', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER api_client_changed AFTER UPDATE OR DELETE ON "api_clients"
  FOR EACH ROW EXECUTE FUNCTION notify_api_client_changed();
