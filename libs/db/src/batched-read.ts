/**
 * One statement for the one-row reads that start together: a page presenting its 25 rows at once
 * (`Promise.all(rows.map(...))`) asks each row's payments, company or clock by key, and those reads are
 * merged into one. `load` gets the keys asked since the last batch and answers one value per key, in
 * their order. A batch is sent once the current turn of the event loop is done (`setImmediate`), so a
 * read started alone waits no longer than that; concurrent requests may share a batch, each getting its
 * own key's value.
 */
export function batchedRead<K, V>(load: (keys: K[]) => Promise<V[]>): (key: K) => Promise<V> {
  type Waiter = { key: K; resolve(value: V): void; reject(e: unknown): void };
  let waiting: Waiter[] | null = null;
  const send = (batch: Waiter[]) => {
    waiting = null;
    load(batch.map((b) => b.key)).then(
      (values) => batch.forEach((b, i) => b.resolve(values[i])),
      (e: unknown) => batch.forEach((b) => b.reject(e)),
    );
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      let batch = waiting;
      if (!batch) {
        batch = waiting = [];
        setImmediate(send, batch);
      }
      batch.push({ key, resolve, reject });
    });
}
