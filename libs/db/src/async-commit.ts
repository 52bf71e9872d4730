/**
 * A select-list expression that makes the statement's own transaction commit without waiting for its WAL to be
 * flushed: for rows nobody has been promised yet, written ahead of a later statement whose ordinary (synchronous)
 * commit flushes the WAL up to itself, and so makes them durable too before anyone is answered. If the server crashes
 * in between, they are lost together with the answer that was never given.
 */
export const ASYNC_COMMIT = "set_config('synchronous_commit', 'off', true)";
