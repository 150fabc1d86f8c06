// The renderer: Preact (keyed diffing, so scroll positions, focus and moving cards survive a new view)
// with htm tagged templates instead of a JSX build step.
import { Component, h, render } from "preact";
import htm from "htm";

export const html = htm.bind(h);
export { Component, h, render };
export { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";

/**
 * A component that renders again only when same(previousProps, nextProps) is false: a city is drawn anew
 * only when its own slice of the view (or what it shows about its seat) changed. View patches keep the
 * identity of every part they did not touch, so `same` may compare slices by identity. `words` (optional):
 * what the words on screen depend on besides the props (lib/catalog.js wordsKey: the language, the
 * catalog's names); when it changed since the last render, the component renders again.
 */
export function memoized(Inner, same, words = null) {
  class Memo extends Component {
    shouldComponentUpdate(next) {
      return !same(this.props, next) || (words !== null && this.words !== words());
    }

    render(props) {
      if (words !== null) this.words = words();
      return h(Inner, props);
    }
  }
  Memo.displayName = `memoized(${Inner.name || "component"})`;
  return Memo;
}
