// The renderer: Preact (keyed diffing, so scroll positions, focus and moving cards survive a new view)
// with htm tagged templates instead of a JSX build step.
import { Component, h, render } from "preact";
import htm from "htm";

export const html = htm.bind(h);
export { h, render };
export { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";

/**
 * A component that renders again only when same(previousProps, nextProps) is false: a city is drawn anew
 * only when its own slice of the view (or what it shows about its seat) changed. View patches keep the
 * identity of every part they did not touch, so `same` may compare slices by identity.
 */
export function memoized(Inner, same) {
  class Memo extends Component {
    shouldComponentUpdate(next) {
      return !same(this.props, next);
    }

    render(props) {
      return h(Inner, props);
    }
  }
  Memo.displayName = `memoized(${Inner.name || "component"})`;
  return Memo;
}
