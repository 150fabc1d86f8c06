// The games' declared facts (/specs.json, the engine's spec of every kind): seat range, default seats and
// the options a player picks with their allowed values. Pages read seat ranges from here, never hard-code them.

let specs = null;

/** Loads the specs once; resolves to {} when the host cannot be reached (then no game can be offered). */
export async function loadSpecs() {
  if (specs) return specs;
  try {
    const response = await fetch("/specs.json");
    specs = response.ok ? await response.json() : {};
  } catch {
    specs = {};
  }
  return specs;
}

/** The spec of a game kind once loaded (null before, or for a kind the host does not know). */
export function specOf(kind) {
  return specs?.[kind] || null;
}

/** The allowed values of an option of a spec ([] if the option is not declared or free). */
export function allowedOf(spec, name) {
  return spec?.options?.find((option) => option.name === name)?.allowed || [];
}

/** Every seat count a spec accepts, smallest first. */
export function seatCounts(spec) {
  const out = [];
  for (let n = spec.min_seats; n <= spec.max_seats; n += 1) out.push(n);
  return out;
}
