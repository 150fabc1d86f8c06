// Views as patches (docs/protocol.md, "Views as patches"): the host sends a `view_patch` of operations
// against the version this page holds. Untouched parts keep their identity, so components memoised on
// their own slice of the view skip what did not change.

/** The value at the end of `path` after one operation; parents are copied, never changed. */
function applyAt(node, op, path, depth) {
  const [kind, , value] = op;
  if (depth === path.length) {
    if (kind === "set" && op.length === 3) return value;
    if (kind === "cut" && Array.isArray(node) && Number.isInteger(value) && value >= 0 && value <= node.length) return node.slice(0, value);
    throw new Error(`${kind} does not fit at ${path.join("/")}`);
  }
  const key = path[depth];
  const last = depth === path.length - 1;
  if (Array.isArray(node) && Number.isInteger(key)) {
    const items = node.slice();
    if (last && kind === "set" && key === items.length) items.push(value);
    else if (key >= 0 && key < items.length) items[key] = applyAt(items[key], op, path, depth + 1);
    else throw new Error(`index ${key} out of range at ${path.join("/")}`);
    return items;
  }
  if (node && typeof node === "object" && !Array.isArray(node) && typeof key === "string") {
    const copy = { ...node };
    if (last && kind === "del") {
      if (!(key in copy)) throw new Error(`no key ${key} to remove`);
      delete copy[key];
    } else if (last && kind === "set") copy[key] = value;
    else if (key in copy) copy[key] = applyAt(copy[key], op, path, depth + 1);
    else throw new Error(`no key ${key} at ${path.join("/")}`);
    return copy;
  }
  throw new Error(`path ${path.join("/")} does not fit the view`);
}

/** The document {view, legal_actions} after the operations `ops` (throws when one does not fit). */
export function applyOps(doc, ops) {
  let out = doc;
  for (const op of ops || []) {
    if (!Array.isArray(op) || !Array.isArray(op[1])) throw new Error("not an operation");
    out = applyAt(out, op, op[1], 0);
  }
  return out;
}

/**
 * The held view {version, view, legal_actions} after a `view_patch` message, or null when the patch is
 * not against the held version or does not fit (the page then sends `resend_view`).
 */
export function patchedView(held, msg) {
  if (!held || msg.base !== held.version) return null;
  try {
    const doc = applyOps({ view: held.view, legal_actions: held.legal_actions }, msg.ops);
    return { version: msg.version, view: doc.view, legal_actions: doc.legal_actions || [] };
  } catch {
    return null;
  }
}

const RESEND_TRIES = 5;

/** Asks the host for the whole view again (a patch that did not fit); a `busy` or `rate_limited` refusal is
 * asked again after its `retry_after` (a few times: the next patch or whole view also mends the page). */
export function resendView(socket, tries = RESEND_TRIES) {
  socket.timeout(5000).emit("resend_view", {}, (err, reply) => {
    const again = !err && reply && (reply.error === "busy" || reply.error === "rate_limited");
    if (again && tries > 1) {
      const wait = Math.min(10, Math.max(0.2, Number(reply.retry_after) || 1));
      setTimeout(() => resendView(socket, tries - 1), wait * 1000);
    }
  });
}
