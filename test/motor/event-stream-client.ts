/** One server-sent event as a client sees it. */
export interface ReceivedEvent {
  id?: string;
  event: string;
  data: any;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The next event; rejects when the stream ends first. */
  next(): Promise<ReceivedEvent>;
  /** Every event until the server ends the stream. */
  rest(): Promise<ReceivedEvent[]>;
  close(): void;
}

/** Opens a text/event-stream with fetch and parses it (what an EventSource does, plus the status code). */
export async function openEventStream(url: string, opts: { token?: string; lastEventId?: string } = {}): Promise<EventStream & { text?: string }> {
  const abort = new AbortController();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.lastEventId) headers['Last-Event-ID'] = opts.lastEventId;
  const res = await fetch(url, { headers, signal: abort.signal });
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, next: () => Promise.reject(new Error(text)), rest: async () => [], close: () => undefined };
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const parsed: ReceivedEvent[] = [];
  let ended = false;
  const pull = async (): Promise<void> => {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields: Record<string, string> = {};
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const i = line.indexOf(':');
        fields[line.slice(0, i)] = line.slice(i + 1).replace(/^ /, '');
      }
      if (fields.event || fields.data)
        parsed.push({ id: fields.id, event: fields.event ?? 'message', data: fields.data ? JSON.parse(fields.data) : undefined });
    }
  };
  const next = async (): Promise<ReceivedEvent> => {
    while (!parsed.length) {
      if (ended) throw new Error('the stream ended');
      await pull();
    }
    return parsed.shift()!;
  };
  return {
    status: res.status,
    headers: res.headers,
    next,
    rest: async () => {
      const all: ReceivedEvent[] = [];
      for (;;) {
        while (parsed.length) all.push(parsed.shift()!);
        if (ended) return all;
        await pull();
      }
    },
    close: () => abort.abort(),
  };
}
