// The turn alert of a phone: a vibration where the browser allows it, and a short sound when the player
// turned sound on (off by default; remembered on this phone).
const SOUND_KEY = "wt.sound";
let audio = null;

/** True when the player turned the sound on. */
export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "1";
}

/** Turns the sound on or off; turning it on (a tap) also unlocks audio and plays the sound once. */
export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "1" : "0");
  if (on) beep();
}

function beep() {
  try {
    audio ||= new (window.AudioContext || window.webkitAudioContext)();
    audio.resume?.();
    const now = audio.currentTime;
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.25, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
    gain.connect(audio.destination);
    for (const [freq, at] of [[660, 0], [880, 0.12]]) {
      const osc = audio.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(now + at);
      osc.stop(now + at + 0.2);
    }
  } catch {
    // no audio on this browser: the vibration and the screen still tell
  }
}

/** It is this phone's turn: vibrate, and beep when sound is on. */
export function turnAlert() {
  navigator.vibrate?.([150, 80, 150]);
  if (soundOn()) beep();
  document.body.dataset.alerts = String(Number(document.body.dataset.alerts || 0) + 1);
}
