/**
 * SSE resumability for 2025-era HTTP sessions: every message the server sends on a stream is kept
 * with an event id, so a client that lost the stream reconnects with Last-Event-ID and receives
 * what it missed (MCP Streamable HTTP, "Resumability and Redelivery"). Bounded per session, in
 * messages and in bytes (the oldest go first): with the session cap, replay memory stays bounded.
 */
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server"

const MAX_EVENTS = 100
/** About two of the largest results (64 KB each) per session. */
const MAX_BYTES = 128 * 1024

/** A fresh store for one session. Event ids are `<stream>~<sequence>`, ordered within the session. */
export const makeEventStore = (): EventStore => {
  const events: Array<{ readonly id: string; readonly stream: string; readonly seq: number; readonly message: JSONRPCMessage; readonly bytes: number }> = []
  let seq = 0
  let bytes = 0
  const parse = (eventId: string) => {
    const at = eventId.lastIndexOf("~")
    return at < 0 ? undefined : { stream: eventId.slice(0, at), seq: Number(eventId.slice(at + 1)) }
  }
  return {
    storeEvent: async (stream, message) => {
      const id = `${stream}~${++seq}`
      const size = JSON.stringify(message).length
      events.push({ id, stream, seq, message, bytes: size })
      bytes += size
      while (events.length > MAX_EVENTS || (bytes > MAX_BYTES && events.length > 1)) bytes -= events.shift()!.bytes
      return id
    },
    getStreamIdForEventId: async (eventId) => parse(eventId)?.stream,
    replayEventsAfter: async (lastEventId, { send }) => {
      const last = parse(lastEventId)
      if (!last) return ""
      for (const e of events) if (e.stream === last.stream && e.seq > last.seq) await send(e.id, e.message)
      return last.stream
    }
  }
}
