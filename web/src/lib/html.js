// The renderer: Preact (keyed diffing, so scroll positions, focus and moving cards survive a new view)
// with htm tagged templates instead of a JSX build step.
import { h, render } from "preact";
import htm from "htm";

export const html = htm.bind(h);
export { h, render };
export { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
