/** One server-sent event as the stream delivered it. */
export interface StreamEvent {
  type: string;
  data: Record<string, unknown>;
}

/**
 * Reads GET /api/events the way the web app does (fetch with the bearer header and a reader),
 * collecting the events; resolves once the server's `ready` event has arrived.
 */
export async function openEventStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no stream body');
  const events: StreamEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
  })();
  /** The first event matching, waiting up to `ms`; undefined if none came. */
  const waitFor = async (predicate: (event: StreamEvent) => boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = events.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return undefined;
  };
  await waitFor((event) => event.type === 'ready');
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    events,
    waitFor,
    close: () => controller.abort(),
  };
}
