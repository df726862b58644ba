/** Browser-only: counts a 'Visitar' click (what 'Más Usadas' ranks by) from any link marked data-click-tool. */
import { CLICK_ATTRIBUTE, CLICKS_ENDPOINT } from './clicks.ts';
import { viewSessionId } from '../../lib/visitor/visitor-session.ts';

export function sendClick(toolId: string): void {
  // keepalive: the request outlives the page when the link replaces it; a lost click is not worth an error.
  fetch(CLICKS_ENDPOINT, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ toolId, sessionId: viewSessionId() }),
  }).catch(() => undefined);
}

/**
 * Delegated listener: the links stay plain links that open the tool's site in a new tab (with or without
 * JavaScript); the click only adds the count. Middle clicks open tabs too.
 */
export function countOutboundClick(event: MouseEvent): void {
  if (event.type === 'auxclick' && event.button !== 1) return;
  const target = event.target instanceof Element ? event.target : null;
  const toolId = target?.closest(`a[${CLICK_ATTRIBUTE}]`)?.getAttribute(CLICK_ATTRIBUTE);
  if (toolId) sendClick(toolId);
}
