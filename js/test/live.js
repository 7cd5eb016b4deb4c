// A board drawn in the fake document, driven by a fake model through the real controller: what a
// test of the whole frontend (without a browser) starts from.
import { installDocument } from "./fakedom.js";
import { FakeModel, fakeEnv } from "./helpers.js";

const { createBoard } = await import("../view.js");
const { createController } = await import("../controller.js");
const { createMessages } = await import("../messages.js");

/** `state` on a new board 900 px wide: { doc, refs, model, ctrl, messages }, drawn once. */
export function liveBoard(state) {
  const doc = installDocument();
  const refs = createBoard(doc.createElement("div"));
  refs.scroll.clientWidth = 900;
  const model = new FakeModel(state);
  const messages = createMessages(refs);
  const ctrl = createController({ model, refs, messages, env: fakeEnv() });
  model.on("change:state", () => ctrl.onState());
  ctrl.redraw();
  return { doc, refs, model, ctrl, messages };
}
