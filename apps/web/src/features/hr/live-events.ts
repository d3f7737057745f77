import { storageKeys } from '@portal/contract/storage-keys';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { leaveSession, loadApiBase, SESSION_EXPIRED_STATUS } from '../../platform/api.ts';
import { readStored } from '../../platform/storage.ts';

/**
 * The live updates of GET /api/events (server-sent events), read with fetch and a stream reader so
 * the bearer token goes in the Authorization header, never in a URL (EventSource cannot send it).
 * One connection per tab, opened while some screen listens; it reconnects with a growing delay
 * (1 s to 30 s) and when the server's 20-second heartbeat stops for 45 s. After each (re)connect a
 * `ready` event tells listeners to refetch what they may have missed.
 */
export interface LiveEvent {
  type: string;
  data: Record<string, unknown>;
}
export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'off';
let stop: AbortController | null = null;

const SILENCE_LIMIT_MS = 45_000;

function setStatus(next: LiveStatus) {
  status = next;
  for (const listener of statusListeners) listener();
}

function emit(event: LiveEvent) {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.warn('live event listener failed', error);
    }
  }
}

/** Reads one connection until it ends; throws on a failure. */
async function readOnce(url: string, outer: AbortSignal) {
  const token = readStored(storageKeys.token);
  const connection = new AbortController();
  const abort = () => connection.abort();
  outer.addEventListener('abort', abort);
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const feed = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(abort, SILENCE_LIMIT_MS);
  };
  try {
    const response = await fetch(url, {
      headers: {
        Accept: 'text/event-stream',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      cache: 'no-store',
      signal: connection.signal,
    });
    if (response.status === SESSION_EXPIRED_STATUS) {
      leaveSession();
      return 'expired' as const;
    }
    if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    feed();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended' as const;
      feed();
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let type = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) type = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (!data) continue;
        try {
          const parsed: unknown = JSON.parse(data);
          if (parsed && typeof parsed === 'object') {
            if (type === 'ready') setStatus('live');
            emit({ type, data: Object.fromEntries(Object.entries(parsed)) });
          }
        } catch {
          // not JSON: ignore
        }
      }
    }
  } finally {
    clearTimeout(watchdog);
    outer.removeEventListener('abort', abort);
  }
}

async function run(signal: AbortSignal) {
  // The host map /config.json gave the API calls, read once per page load.
  const url = `${await loadApiBase()}/events`;
  let delay = 1000;
  while (!signal.aborted) {
    setStatus(status === 'off' ? 'connecting' : 'reconnecting');
    try {
      const result = await readOnce(url, signal);
      if (result === 'expired') return;
      delay = 1000;
    } catch {
      // reconnect below
    }
    if (signal.aborted) return;
    setStatus('reconnecting');
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 30_000);
  }
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (!stop) {
    stop = new AbortController();
    void run(stop.signal).finally(() => setStatus('off'));
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && stop) {
      stop.abort();
      stop = null;
      setStatus('off');
    }
  };
}

/** Calls `handler` with every live event while the component is mounted. */
export function useLiveEvents(handler: (event: LiveEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe((event) => latest.current(event)), []);
}

/** The connection's state, for a small Live indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange);
      return () => statusListeners.delete(onChange);
    },
    () => status,
  );
}
