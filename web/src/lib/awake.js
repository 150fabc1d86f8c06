// Keeps a phone's screen on while its player is seated in a running game, so it does not lock while the
// others play. Two ways, and silence where neither works:
// - the Screen Wake Lock API (navigator.wakeLock), which exists only in a secure context (https, localhost);
// - elsewhere (a phone opening the host at http://192.168.1.20:8765 is not a secure context) a tiny silent
//   looping video, played by NoSleep.js. A video only starts from a user's tap, so a tap while the page waits
//   for a game (the one that joins, say) unlocks it for the game's start, and a video the browser refused
//   to start waits for the next tap.
// The lock path is ours, not NoSleep's: NoSleep writes to the console and leaves a refused re-take on
// visibilitychange unhandled. Both are let go when the page is hidden and taken again when it is visible.
// document.body.dataset.awake says what holds the screen: "lock", "video", "wait" (a video that waits for a
// tap) or "off" (nothing is wanted, the page is hidden, or nothing works).
import NoSleep from "nosleep.js";

const HAS_LOCK = typeof navigator !== "undefined" && "wakeLock" in navigator;
// The events that count as a user's gesture for playing media (a touch's pointerdown does not).
const GESTURES = ["click", "touchend", "keydown"];

let level = "off"; // "on": keep awake; "ready": a game may start soon (a tap unlocks the video); "off"
let sentinel = null; // the held wake lock
let asking = false; // a wake lock request is pending
let noSleep = null; // NoSleep, made at the first need of the video
let unlocked = false; // the video has played once (from a tap): it may start again without one
let listening = false;

function say(what) {
  if (document.body.dataset.awake !== what) document.body.dataset.awake = what;
}

function visible() {
  return document.visibilityState === "visible";
}

/** The video way: NoSleep with its video in the page (hidden, out of the way of taps and screen readers). */
function video() {
  if (!noSleep) {
    noSleep = new NoSleep();
    const el = noSleep.noSleepVideo;
    if (el) {
      el.setAttribute("title", document.title); // NoSleep's "No Sleep" is what a lock screen's player would say
      el.setAttribute("aria-hidden", "true");
      el.setAttribute("tabindex", "-1");
      el.dataset.awake = "video";
      el.style.cssText = "position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none";
      document.body.appendChild(el);
      // The browser may stop it (another app took the audio, the page went to the background).
      el.addEventListener("pause", () => { if (level === "on" && visible()) say("wait"); });
    }
  }
  return noSleep;
}

async function takeLock() {
  if (sentinel || asking) return;
  asking = true;
  try {
    const lock = await navigator.wakeLock.request("screen");
    if (level !== "on" || !visible()) {
      lock.release().catch(() => {});
      return;
    }
    sentinel = lock;
    lock.addEventListener("release", () => {
      if (sentinel !== lock) return;
      sentinel = null;
      say("off");
    });
    say("lock");
  } catch {
    say("off"); // refused (battery saver, a policy): the next tap asks again
  } finally {
    asking = false;
  }
}

function playVideo() {
  const ns = video();
  const el = ns.noSleepVideo;
  if (!el) {
    say("off"); // an old iOS that NoSleep would reload the page for: say nothing
    return;
  }
  if (!el.paused) {
    if (level === "on") say("video");
    return;
  }
  ns.enable().then(() => {
    unlocked = true;
    if (level === "on" && visible()) say("video");
    else ns.disable(); // played from a tap before the game: stopped, it may start again without a tap
  }).catch(() => {
    if (level === "on" && visible()) say("wait"); // refused without a tap: the next tap plays it
  });
}

/** Keep the screen on now, if it is wanted and can be. */
function take() {
  if (level !== "on" || !visible()) return;
  if (HAS_LOCK) takeLock();
  else playVideo();
}

/** Let the screen sleep again. */
function letGo() {
  if (sentinel) {
    const lock = sentinel;
    sentinel = null;
    lock.release().catch(() => {});
  }
  if (noSleep?.noSleepVideo && !noSleep.noSleepVideo.paused) noSleep.disable();
}

function onGesture() {
  const held = document.body.dataset.awake === "lock" || document.body.dataset.awake === "video";
  if (level === "on" && !held) {
    take();
  } else if (level === "ready" && !HAS_LOCK && !unlocked) {
    playVideo(); // played once from this tap, then stopped: the game's start may play it without a tap
  }
}

function onVisibility() {
  if (visible()) {
    take();
  } else {
    letGo();
    say("off");
  }
}

function listen() {
  if (listening) return;
  listening = true;
  for (const name of GESTURES) document.addEventListener(name, onGesture, { capture: true, passive: true });
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", () => { letGo(); say("off"); });
  window.addEventListener("pageshow", (ev) => { if (ev.persisted) take(); });
}

/**
 * What this page wants: "on" while its player is seated in a running game, "ready" while a game may start
 * on this page (a table's page before its game), "off" otherwise. Cheap to call on every paint.
 */
export function keepAwake(want) {
  listen();
  if (want === level) return;
  level = want;
  if (level === "on") {
    if (!visible()) say("off");
    take();
  } else {
    letGo();
    say("off");
  }
}
