/** Reads the server-sent events of POST /api/ai/descriptions from a fetch response (EventSource cannot POST). */
import type { DescriptionEvent } from './descriptions.ts';

/** Splits complete events off the front of a buffer; the unfinished tail stays for the next read. */
export function takeEvents(buffer: string): { events: DescriptionEvent[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: DescriptionEvent[] = [];
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (data) events.push(JSON.parse(data) as DescriptionEvent);
  }
  return { events, rest };
}

export async function* readDescriptionEvents(response: Response): AsyncGenerator<DescriptionEvent> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const { events, rest } = takeEvents(buffer + value);
    buffer = rest;
    yield* events;
  }
}
