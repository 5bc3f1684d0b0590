/** Server-Sent Events as the official client reads them: each event's JSON, then `event: done`. */
import { rawReply, type Reply } from '../../contract/operation.ts';

export function eventStream(events: readonly unknown[]): Reply {
  return rawReply(`${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}event: done\ndata: {}\n\n`, 'text/event-stream');
}
