import { afterEach, describe, expect, it, vi } from 'vitest';
import type { APIContext } from 'astro';
import { countViewInput } from './view-input.ts';
import { viewsLabel } from './views.ts';
import { createVisitorSessionId, visitorSessionId, visitorType } from '../../lib/visitor/visitor.ts';
import { countViewEndpoint, type CountViewDeps } from './views.server.ts';
import type { ViewToCount } from './queries.server.ts';
import { LiveViewCounts } from './live-counts.server.ts';

const TOOL_ID = '3f2b8c1e-5d4a-4b6f-9a7e-2c1d0e9f8a7b';
const SESSION = 'session_1795300000000_abc123def';

describe('visitor session id', () => {
  it('is session_{timestamp}_{random} and passes the shared schema', () => {
    const id = createVisitorSessionId(1_795_300_000_000, () => 0.123456789);
    expect(id).toMatch(/^session_1795300000000_[a-z0-9]{9}$/);
    expect(visitorSessionId.safeParse(id).success).toBe(true);
    expect(visitorSessionId.safeParse(createVisitorSessionId()).success).toBe(true);
  });

  it.each(['', 'session_', 'session_123_abc', 'session_1795300000000_ABC123DEF', 'sesion_1795300000000_abc123def', `${SESSION}; DROP`])('refuses %j', (id) =>
    expect(visitorSessionId.safeParse(id).success).toBe(false),
  );
});

describe('visitor type', () => {
  it.each([
    ['Mozilla/5.0 Chrome/140.0', false, 'unregistered'],
    ['Mozilla/5.0 Chrome/140.0', true, 'registered'],
    [null, false, 'unregistered'],
    ['Mozilla/5.0 Incognito', true, 'incognito'],
    ['Mozilla/5.0 Private browsing', false, 'incognito'],
  ] as const)('%j signed in %s is %s', (agent, signedIn, expected) => expect(visitorType(agent, signedIn)).toBe(expected));
});

describe('count view input', () => {
  it('takes a tool uuid and a session id, and nothing that names the visitor', () => {
    expect(countViewInput.parse({ toolId: TOOL_ID, sessionId: SESSION, userId: 'x', visitorType: 'registered' })).toEqual({
      toolId: TOOL_ID,
      sessionId: SESSION,
    });
    expect(countViewInput.safeParse({ toolId: 'chatgpt', sessionId: SESSION }).success).toBe(false);
  });

  it('labels counts in Spanish', () => {
    expect(viewsLabel(0)).toBe('0 visitas');
    expect(viewsLabel(1)).toBe('1 visita');
    expect(viewsLabel(12345)).toBe('12.345 visitas');
  });
});

describe('POST /api/views', () => {
  function call(init: { body: unknown; origin?: string; agent?: string; signedIn?: boolean }, deps: Partial<CountViewDeps> = {}) {
    const counted: ViewToCount[] = [];
    const route = countViewEndpoint({
      allow: () => Promise.resolve({ allowed: true }),
      count: (view) => {
        counted.push(view);
        return Promise.resolve({ counted: true, views: 7 });
      },
      ...deps,
    });
    const url = new URL('http://127.0.0.1:4321/api/views');
    const context = {
      request: new Request(url, {
        method: 'POST',
        headers: { origin: init.origin ?? 'http://127.0.0.1:4321', 'user-agent': init.agent ?? 'Mozilla/5.0' },
        body: JSON.stringify(init.body),
      }),
      url,
      params: {},
      clientAddress: '203.0.113.7',
      locals: { user: init.signedIn ? { id: 'u1', name: 'Ana', email: 'ana@brujula.test', role: 'user', avatarUrl: null } : null, session: null },
    } as unknown as APIContext;
    return { response: route(context) as Promise<Response>, counted };
  }

  it('counts with the visitor the server knows', async () => {
    const { response, counted } = call({ body: { toolId: TOOL_ID, sessionId: SESSION }, signedIn: true });
    expect(await (await response).json()).toEqual({ counted: true, views: 7 });
    expect(counted).toEqual([{ toolId: TOOL_ID, sessionId: SESSION, userId: 'u1', visitorType: 'registered', userAgent: 'Mozilla/5.0' }]);
  });

  it('refuses other sites and bad bodies before touching the database', async () => {
    const allow = vi.fn();
    expect((await call({ body: { toolId: TOOL_ID, sessionId: SESSION }, origin: 'https://otro.example' }, { allow }).response).status).toBe(403);
    expect((await call({ body: { toolId: TOOL_ID } }, { allow }).response).status).toBe(400);
    expect(allow).not.toHaveBeenCalled();
  });

  it('answers 429 with Retry-After when the address is over its limit', async () => {
    const { response, counted } = call({ body: { toolId: TOOL_ID, sessionId: SESSION } }, { allow: () => Promise.resolve({ allowed: false, retryAfter: 42 }) });
    expect((await response).headers.get('retry-after')).toBe('42');
    expect(counted).toEqual([]);
  });
});

describe('live view counts', () => {
  afterEach(() => vi.useRealTimers());

  it('read all watched tools in one query per interval, whatever the number of clients', async () => {
    vi.useFakeTimers();
    const read = vi.fn((ids: string[]) => Promise.resolve(new Map(ids.map((id) => [id, id === 'a' ? 5 : 9]))));
    const hub = new LiveViewCounts({ read, intervalMs: 2_000, maxClients: 10 });
    const heard: string[] = [];
    const stops = [
      hub.subscribe('a', 4, (views) => heard.push(`1:a=${views}`)),
      hub.subscribe('a', 4, (views) => heard.push(`2:a=${views}`)),
      hub.subscribe('b', 9, (views) => heard.push(`3:b=${views}`)),
    ];
    await vi.advanceTimersByTimeAsync(2_000);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith(['a', 'b']);
    // Only changes are pushed: b was already known at 9.
    expect(heard).toEqual(['1:a=5', '2:a=5']);

    for (const stop of stops) stop!();
    expect(hub.clients).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('refuse clients beyond the cap and free places on unsubscribe, once', () => {
    const hub = new LiveViewCounts({ read: () => Promise.resolve(new Map()), intervalMs: 2_000, maxClients: 2 });
    const first = hub.subscribe('a', 0, () => {});
    hub.subscribe('a', 0, () => {});
    expect(hub.full).toBe(true);
    expect(hub.subscribe('b', 0, () => {})).toBeNull();
    first!();
    first!();
    expect(hub.clients).toBe(1);
    hub.subscribe('b', 0, () => {});
    expect(hub.full).toBe(true);
  });

  it('tell a late subscriber the newer count the process already knows', async () => {
    const hub = new LiveViewCounts({ read: () => Promise.resolve(new Map([['a', 8]])), intervalMs: 60_000, maxClients: 5 });
    hub.subscribe('a', 3, () => {});
    await hub.poll();
    const heard: number[] = [];
    hub.subscribe('a', 6, (views) => heard.push(views));
    expect(heard).toEqual([8]);
  });

  it('keep clients on their last count while the database is unreachable', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hub = new LiveViewCounts({ read: () => Promise.reject(new Error('caída')), intervalMs: 60_000, maxClients: 5 });
    const heard: number[] = [];
    hub.subscribe('a', 3, (views) => heard.push(views));
    await hub.poll();
    expect(heard).toEqual([]);
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });
});
