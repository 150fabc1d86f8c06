// 7 Wonders' public events as log entries (icons + a sentence) and as moments (banners on the TV).
import { CardIcon, coinsText } from "../lib/card.js";
import { nameOf } from "../lib/catalog.js";
import { html } from "../lib/html.js";
import { list, t } from "../lib/i18n.js";
import { Icon } from "../lib/icons.js";

/** Log entries of one batch of events; ctx: {cityName(city), seatOfCity(city), step}. */
export function describe(events, ctx) {
  const out = [];
  (events || []).forEach((ev, i) => {
    const name = ctx.cityName(ev.city);
    const seat = ctx.seatOfCity(ev.city);
    const line = (type, icons, text) => out.push({ id: `${ctx.step}.${i}`, type, seat, icons, text });
    switch (ev.type) {
      case "build": {
        const paid = (ev.left || 0) + (ev.right || 0);
        const key = { chain: "classic.log.chain", olympia: "classic.log.olympia", halicarnassus: "classic.log.halicarnassus" }[ev.how];
        return line("build", html`<${CardIcon} id=${ev.card} />`, key ? t(key, { name, card: nameOf(ev.card) })
          : paid ? t("classic.log.build_paid", { name, card: nameOf(ev.card), n: paid }) : t("classic.log.build", { name, card: nameOf(ev.card) }));
      }
      case "wonder":
        return line("wonder", html`<${Icon} name="stage" />`, t("classic.log.wonder", { name, stage: ev.stage }));
      case "discard":
        return line("discard", html`<${Icon} name="discard" />`, t("classic.log.discard", { name, n: ev.coins ?? 3 }));
      case "last_card_discarded":
        return line("discard", html`<${Icon} name="discard" />`, t("classic.log.last_card", { name }));
      case "military":
        if ((ev.token ?? 0) <= 0) return null; // the loser's −1 is the mirror of this line
        return line("military", html`<${Icon} name="shield" cls="shield" />`, t("classic.log.military", { name, other: ctx.cityName(ev.against), n: ev.token }));
      case "guild_copied":
        return line("copy_guild", html`<${Icon} name="copy_guild" />`, t("classic.log.copied", { name, card: nameOf(ev.card) }));
      case "effect_lost":
        return line("effect_lost", html`<${Icon} name="mausoleum" />`, t("classic.log.lost", { name }));
      case "debt": {
        const icon = html`<${Icon} name="debt" cls="debt-mark" />`;
        if (!ev.debt) return line("debt", html`<${Icon} name="lose_coins" />`, t("classic.log.paid", { name, n: ev.paid || 0 }));
        return line("debt", icon, ev.paid ? t("classic.log.debt_paid", { name, n: ev.debt, paid: coinsText(ev.paid) }) : t("classic.log.debt", { name, n: ev.debt }));
      }
      case "victory_token":
        return line("victory_token", html`<${Icon} name="victory" cls="victory-mark" />`, t("classic.log.victory_token", { name, n: ev.token }));
      case "diplomacy":
        return line("diplomacy", html`<${Icon} name="diplomacy" cls="diplomacy-mark" />`, t("classic.log.diplomacy", { name, n: ev.tokens }));
      case "diplomacy_used":
        return line("diplomacy_used", html`<${Icon} name="skips_conflicts" />`, t("classic.log.diplomacy_used", { name }));
      case "defeats_discarded":
        return line("defeats_discarded", html`<${Icon} name="memorial" />`, t("classic.log.defeats_discarded", { name, n: ev.count }));
      case "age_start":
        return out.push({ id: `${ctx.step}.${i}`, type: "age_start", seat: null, icons: html`<${Icon} name="age" />`, text: t("classic.log.age_start", { age: ev.age }) });
      default:
        return null;
    }
  });
  const gifts = {};
  for (const ev of events || []) if (ev.type === "coins" && ev.why === "gift") (gifts[ev.delta] ||= []).push(ev.city);
  for (const [n, cities] of Object.entries(gifts)) {
    out.push({ id: `${ctx.step}.gift${n}`, type: "gift", seat: null, icons: html`<${Icon} name="gift" />`, text: t("classic.log.gift", { n: Number(n), names: list(cities.map(ctx.cityName)) }) });
  }
  return out;
}

/** The moments (banners) of one batch of events. */
export function moments(events, ctx) {
  const out = [];
  const winners = (events || []).filter((ev) => ev.type === "military" && ev.token > 0);
  if (winners.length) {
    out.push({ kind: "military", icon: "shield", title: t("classic.moment.military"), sub: list(winners.map((ev) => t("classic.log.military", { name: ctx.cityName(ev.city), other: ctx.cityName(ev.against), n: ev.token }))).slice(0, 160) });
  }
  for (const ev of events || []) {
    if (ev.type === "wonder") out.push({ kind: "wonder", icon: "stage", title: t("classic.moment.wonder", { name: ctx.cityName(ev.city), stage: ev.stage }), seat: ctx.seatOfCity(ev.city) });
    if (ev.type === "pending" && ev.kind === "debt") out.push({ kind: "debt", icon: "debt", title: t("classic.moment.debt"), sub: list((ev.seats || []).map((seat) => ctx.seatName(seat))).slice(0, 160) });
    if (ev.type === "age_start") out.push({ kind: "age", icon: "age", title: t("classic.moment.age", { age: ev.age }), sub: t(`classic.pass.${ev.age === 2 ? "right" : "left"}`) });
    if (ev.type === "game_over" && ev.result) out.push({ kind: "end", icon: "trophy", title: t("end.scores"), sub: ctx.winner(ev.result) });
  }
  return out;
}

/** The cards a batch of events moves into a city: {card id: city}. */
export function moves(events) {
  const out = {};
  for (const ev of events || []) if (ev.type === "build") out[ev.card] = ev.city;
  return out;
}
