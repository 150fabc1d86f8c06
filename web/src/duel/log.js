// The Duel's public events as log entries (icons + a sentence) and as moments (banners on the TV).
import { nameOf } from "../lib/catalog.js";
import { html } from "../lib/html.js";
import { t } from "../lib/i18n.js";
import { Coin, Icon } from "../lib/icons.js";
import { CardIcon } from "../lib/card.js";

/** The card, wonder or token an event puts into a city (what can end a game by supremacy), or undefined. */
function pieceOf(ev) {
  if (ev.type === "build" || ev.type === "mausoleum") return ev.card;
  if (ev.type === "wonder") return ev.wonder;
  if (ev.type === "progress") return ev.token;
  return undefined;
}

/** What won a supremacy: the last piece a player put into their city ({seat, piece}), from log entries or
 * from the events of the final move; null if there is none. */
export function supremacyCause(entriesOrEvents) {
  const items = entriesOrEvents || [];
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const piece = items[i].piece ?? pieceOf(items[i]);
    if (piece) return { seat: items[i].seat, piece };
  }
  return null;
}

/** How a supremacy was won, in one line ("Ana's Siege Workshop pushed the conflict pawn into the rival
 * capital"); "" for a civilian victory or without a cause. */
export function supremacyLine(victory, cause, seatName) {
  if (!cause || (victory !== "military" && victory !== "science")) return "";
  return t(`duel.decided.${victory}`, { name: seatName(cause.seat), piece: nameOf(cause.piece) });
}

/** Log entries of one batch of events; ctx: {seatName(seat), step}. */
export function describe(events, ctx) {
  const out = [];
  (events || []).forEach((ev, i) => {
    const name = ctx.seatName(ev.seat);
    const line = (type, icons, text, seat = ev.seat) => out.push({ id: `${ctx.step}.${i}`, type, seat, icons, text, piece: pieceOf(ev) });
    switch (ev.type) {
      case "draft_wonder":
        return line("draft_wonder", html`<${Icon} name="wonder" />`, t("duel.log.draft_wonder", { name, wonder: nameOf(ev.wonder) }));
      case "build":
        return line("build", html`<${CardIcon} id=${ev.card} />`, ev.cost
          ? t("duel.log.build_paid", { name, card: nameOf(ev.card), n: ev.cost })
          : t("duel.log.build", { name, card: nameOf(ev.card) }));
      case "discard":
        return line("discard", html`<${Icon} name="discard" />`, t("duel.log.discard", { name, card: nameOf(ev.card), n: ev.coins ?? 0 }));
      case "wonder":
        return line("wonder", html`<${Icon} name="wonder" />`, t("duel.log.wonder", { name, wonder: nameOf(ev.wonder) }));
      case "progress":
        return line("progress", html`<${Icon} name=${`token.${ev.token}`} />`, t("duel.log.progress", { name, token: nameOf(ev.token) }));
      case "destroy":
        return line("destroy", html`<${Icon} name="destroy" />`, t("duel.log.destroy", { name, card: nameOf(ev.card) }));
      case "mausoleum":
        return line("mausoleum", html`<${Icon} name="mausoleum" />`, t("duel.log.mausoleum", { name, card: nameOf(ev.card) }));
      case "pawn": {
        const steps = Math.abs((ev.to ?? 0) - (ev.from ?? 0));
        if (!steps) return null;
        const pusher = ev.to > ev.from ? 0 : 1; // positive = toward seat 1's capital, pushed by seat 0
        return line("pawn", html`<${Icon} name="shield" cls="shield" />`, t("duel.log.pawn", { n: steps, name: ctx.seatName(pusher), other: ctx.seatName(1 - pusher) }), pusher);
      }
      case "military_token":
        return line("military_token", html`<${Coin} n=${ev.lost ?? ev.value} sign="−" />`, t("duel.log.military_token", { name: ctx.seatName(ev.side), n: ev.lost ?? ev.value }), ev.side);
      case "replay":
        return line("replay", html`<${Icon} name="play_again" />`, t("duel.log.replay", { name }));
      case "age_start":
        return line("age_start", html`<${Icon} name="age" />`, t("duel.log.age_start", { age: ev.age, name: ctx.seatName(ev.first_player) }), ev.first_player);
      case "choose_start": {
        const chosen = ev.chosen ?? ev.first_player;
        return line("choose_start", html`<${Icon} name="pawn" />`, t("duel.log.choose_start", { name: ctx.seatName(chosen) }), chosen);
      }
      case "wonder_boxed":
        return line("wonder_boxed", html`<${Icon} name="wonder" />`, t("duel.log.wonder_boxed", { wonder: nameOf(ev.wonder) }), null);
      default:
        return null;
    }
  });
  return out;
}

/** The moments (banners) of one batch of events, most important last. */
export function moments(events, ctx) {
  const out = [];
  for (const ev of events || []) {
    const name = ctx.seatName(ev.seat);
    if (ev.type === "age_start") out.push({ kind: "age", icon: "age", title: t("duel.age", { age: ev.age }), sub: t("duel.log.age_start", { age: ev.age, name: ctx.seatName(ev.first_player) }) });
    if (ev.type === "wonder") out.push({ kind: "wonder", icon: "wonder", title: t("duel.moment.wonder", { name, wonder: nameOf(ev.wonder) }), seat: ev.seat });
    if (ev.type === "progress") out.push({ kind: "progress", icon: `token.${ev.token}`, title: t("duel.moment.progress", { name, token: nameOf(ev.token) }), seat: ev.seat });
    if (ev.type === "military_token") out.push({ kind: "military", icon: "shield", title: t("duel.moment.military", { name: ctx.seatName(ev.side), n: ev.lost ?? ev.value }), seat: ev.side });
    if (ev.type === "game_over" && ev.result) {
      const v = ev.result.victory;
      const how = supremacyLine(v, supremacyCause(events), ctx.seatName);
      out.push({ kind: v === "civilian" ? "end" : "supremacy", icon: v === "military" ? "shield" : v === "science" ? "armillary" : "trophy", title: t(`duel.victory.${v}`), sub: how ? `${ctx.winner(ev.result)} · ${how}` : ctx.winner(ev.result) });
    }
  }
  return out;
}

/** The ids a batch of events moves into a city (for the card-moving animation): {id: seat}. */
export function moves(events) {
  const out = {};
  for (const ev of events || []) {
    if (ev.type === "build" || ev.type === "mausoleum") out[ev.card] = ev.seat;
    if (ev.type === "wonder") out[ev.wonder] = ev.seat;
    if (ev.type === "progress") out[ev.token] = ev.seat;
  }
  return out;
}
