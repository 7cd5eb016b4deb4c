// Requests to Python, in order, with ids Python accepts (docs/widget-protocol.md, "ack").
// Explicit state: the last id given and the queue of requests not yet sent. The clock is
// passed in (`now`), so the ids a test sees are the ids it chose.

export const ID_RESTART = 1125899906842624; // 2^50: past it ids start again from the clock

/** The id for the next request: above the last one, the clock and Python's last `ack`. */
export function nextId(lastId, now, ack) {
  let id = Math.max(lastId + 1, now, (ack ?? -1) + 1);
  // Past ID_RESTART (only a sender counting from a huge number gets there) ids start
  // again from the clock, which Python then accepts: a huge id never locks the board.
  if (id > ID_RESTART) id = Math.max(now, lastId < ID_RESTART ? lastId + 1 : 0);
  return id;
}

/**
 * An outbox on `model`. `send(body, later)` gives the request its id and sends it; with
 * `later` it leaves on the next task (the drawing's frame isn't held up by the comm
 * message). A request made while an earlier one waits queues behind it: requests always
 * leave in the order made (else Python would see the later one as stale).
 */
export function createOutbox(model, { now = () => Date.now(), defer = (fn) => setTimeout(fn, 0) } = {}) {
  const box = { lastId: 0, queue: [], flushing: false };
  function flush() {
    box.flushing = false;
    while (box.queue.length) {
      model.set("request", box.queue.shift());
      model.save_changes();
    }
  }
  function send(body, ack, later = false) {
    const id = nextId(box.lastId, now(), ack);
    box.lastId = id;
    box.queue.push({ id, ...body });
    if (later || box.flushing) {
      if (!box.flushing) defer(flush);
      box.flushing = true;
    } else {
      flush();
    }
    return id;
  }
  return { box, send, flush };
}
