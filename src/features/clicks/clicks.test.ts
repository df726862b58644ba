import { afterEach, describe, expect, it, vi } from 'vitest';
import { countClickInput } from './click-input.ts';
import { countOutboundClick } from './click-client.ts';

const TOOL_ID = '3f2b8c1e-5d4a-4b6f-9a7e-2c1d0e9f8a7b';
const SESSION = 'session_1795300000000_abc123def';

afterEach(() => vi.unstubAllGlobals());

describe('count click input', () => {
  it('takes a tool uuid and a session id, and nothing that names the visitor', () => {
    expect(countClickInput.parse({ toolId: TOOL_ID, sessionId: SESSION, userId: 'x' })).toEqual({ toolId: TOOL_ID, sessionId: SESSION });
    expect(countClickInput.safeParse({ toolId: 'chatgpt', sessionId: SESSION }).success).toBe(false);
    expect(countClickInput.safeParse({ toolId: TOOL_ID, sessionId: 'otra' }).success).toBe(false);
  });
});

describe("'Visitar' links", () => {
  it('count a click for the tool named by data-click-tool, also on middle click, and nothing else', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('sessionStorage', { getItem: () => SESSION, setItem: () => {} });
    const selectors: string[] = [];
    class FakeElement {
      readonly toolId: string | null;
      constructor(toolId: string | null) {
        this.toolId = toolId;
      }
      closest(selector: string) {
        selectors.push(selector);
        return this.toolId ? { getAttribute: () => this.toolId } : null;
      }
    }
    vi.stubGlobal('Element', FakeElement);
    const click = (type: string, button: number, toolId: string | null) =>
      countOutboundClick({ type, button, target: new FakeElement(toolId) } as unknown as MouseEvent);
    click('click', 0, TOOL_ID);
    click('auxclick', 1, TOOL_ID);
    click('auxclick', 2, TOOL_ID);
    click('click', 0, null);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/clicks');
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(init.body as string)).toEqual({ toolId: TOOL_ID, sessionId: SESSION });
    expect(new Set(selectors)).toEqual(new Set(['a[data-click-tool]']));
  });
});
