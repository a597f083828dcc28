// The promo cards' pictures (640×400, public/images/promo/), one per promo of the seed data
// (database/catalog-data.ts): buy two mie get an es teh free, 20% off on Mondays, the student package.
import { palette, fontFamily } from "./palette.mjs";
import { uniqueId, round1, linearGradient, svgDocument, sparkle } from "./svg.mjs";
import { chili } from "./decorations.mjs";
import { noodleBowl } from "./noodle-bowl.mjs";
import { drinkGlass } from "./drinks.mjs";
import { menuBackdrop } from "./backdrops.mjs";

const WIDTH = 640;
const HEIGHT = 400;

/** Promo 1, "Beli 2 Mie Gratis Es Teh Jumbo": two bowls, a plus badge and an iced tea. */
export function twoBowlsFreeTea() {
  let svg = menuBackdrop(WIDTH, HEIGHT, {
    background: ["#FFF7ED", "#FFEDD5"],
    disc: ["#FCD34D", palette.saffron],
    ring: palette.ember,
    dots: "#FDBA74",
    seed: 61,
    discX: 320,
    discY: 215,
    discRadius: 170,
  });
  svg += noodleBowl({ cx: 165, cy: 226, radius: 112, level: 2, seed: 61, steamOpacity: 0.6 });
  svg += noodleBowl({ cx: 338, cy: 262, radius: 112, level: 1, seed: 62, steamOpacity: 0.6 });
  svg += drinkGlass({
    cx: 532,
    top: 104,
    bottom: 370,
    topWidth: 128,
    bottomWidth: 100,
    liquidTop: 136,
    liquid: ["#F2A641", "#D2691E", "#9A3412", "#6B2A0E"],
    garnish: "lemon",
    seed: 9,
  });
  svg += `<g transform="translate(446,150)"><circle r="27" fill="${palette.charcoal}" opacity=".15" cy="4"/><circle r="27" fill="${palette.red}"/><circle r="21" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/><path d="M-11,0 H11 M0,-11 V11" stroke="#fff" stroke-width="7" stroke-linecap="round"/></g>`;
  return svgDocument(WIDTH, HEIGHT, svg);
}

/** Promo 2, "Diskon 20% Hari Senin": a bowl and a price tag. */
export function mondayDiscount() {
  let svg = menuBackdrop(WIDTH, HEIGHT, {
    background: ["#FFF7ED", "#FEF3C7"],
    disc: ["#FDBA74", palette.ember],
    ring: palette.red,
    dots: "#FCD34D",
    seed: 62,
    discX: 410,
    discY: 215,
    discRadius: 170,
  });
  svg += noodleBowl({ cx: 420, cy: 205, radius: 160, level: 2, seed: 63 });
  svg += chili(528, 362, -12, 0.62);
  svg += `<g transform="translate(150,200) rotate(-12)">
<path d="M-110,-60 H60 L118,0 L60,60 H-110 A14,14 0 0 1 -124,46 V-46 A14,14 0 0 1 -110,-60Z" fill="${palette.charcoal}" opacity=".2" transform="translate(6,10)"/>
<path d="M-110,-60 H60 L118,0 L60,60 H-110 A14,14 0 0 1 -124,46 V-46 A14,14 0 0 1 -110,-60Z" fill="${palette.red}"/>
<path d="M-104,-50 H56 L106,0 L56,50 H-104 A8,8 0 0 1 -112,42 V-42 A8,8 0 0 1 -104,-50Z" fill="none" stroke="#FECACA" stroke-width="2.5" stroke-dasharray="7 6"/>
<circle cx="74" cy="0" r="10" fill="${palette.cream}"/>
<path d="M78,-4 C110,-60 150,-40 150,-90" fill="none" stroke="${palette.charcoal}" stroke-width="3"/>
<text x="-28" y="24" text-anchor="middle" font-family="${fontFamily}" font-weight="bold" font-size="66" fill="#fff" letter-spacing="-1">20%</text>
</g>`;
  svg += sparkle(70, 60, 14, palette.red, 0.9) + sparkle(290, 350, 10, palette.ember, 0.9);
  return svgDocument(WIDTH, HEIGHT, svg);
}

/** Promo 3, "Paket Hemat Pelajar": a backpack, a bowl, an es nyala and a student card. */
export function studentPackage() {
  let svg = menuBackdrop(WIDTH, HEIGHT, {
    background: ["#F0F9FF", "#E0F2FE"],
    disc: ["#FDE68A", palette.saffron],
    ring: "#38BDF8",
    dots: palette.ice,
    seed: 63,
    discX: 360,
    discY: 215,
    discRadius: 168,
  });
  svg += backpack(128, 250, 1);
  svg += noodleBowl({ cx: 365, cy: 250, radius: 135, level: 2, seed: 64, steamOpacity: 0.7 });
  svg += drinkGlass({
    cx: 548,
    top: 100,
    bottom: 372,
    topWidth: 124,
    bottomWidth: 98,
    liquidTop: 134,
    liquid: ["#FDBA4D", palette.ember, palette.red, palette.deep],
    straw: [palette.green, "#fff"],
    garnish: "lime",
    seed: 10,
  });
  svg += studentCard(170, 350, -10, 0.8);
  return svgDocument(WIDTH, HEIGHT, svg);
}

function backpack(x, y, scale = 1) {
  const bodyGradient = uniqueId("bp");
  return `<g transform="translate(${round1(x)},${round1(y)}) scale(${scale})">
<defs>${linearGradient(
    bodyGradient,
    [0, 0, 1, 0],
    [
      [0, "#FB923C"],
      [0.6, palette.ember],
      [1, "#C2410C"],
    ],
  )}</defs>
<path d="M-24,-104 C-24,-134 24,-134 24,-104" fill="none" stroke="#9A3412" stroke-width="11" stroke-linecap="round"/>
<rect x="-94" y="-62" width="22" height="128" rx="10" fill="#9A3412"/>
<rect x="72" y="-62" width="22" height="128" rx="10" fill="#9A3412"/>
<path d="M-80,70 V-50 C-80,-124 80,-124 80,-50 V70 A16,16 0 0 1 64,86 H-64 A16,16 0 0 1 -80,70Z" fill="url(#${bodyGradient})"/>
<path d="M-64,-44 C-64,-102 64,-102 64,-44" fill="none" stroke="#9A3412" stroke-width="3.5"/>
<rect x="58" y="-46" width="11" height="22" rx="5" fill="${palette.charcoal}"/>
<rect x="-60" y="-2" width="120" height="74" rx="20" fill="#EA580C"/>
<path d="M-60,16 H60" stroke="#9A3412" stroke-width="3.5"/>
<rect x="-44" y="13" width="22" height="10" rx="5" fill="${palette.charcoal}"/>
<rect x="-60" y="30" width="120" height="6" fill="#C2410C" opacity=".5"/>
<path d="M-68,-54 C-72,-20 -72,30 -68,60" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="7" stroke-linecap="round"/>
<circle cx="0" cy="-58" r="15" fill="${palette.saffron}"/><path d="M0,-70 L3.5,-62 L12,-61.5 L5.5,-56 L7.5,-47.5 L0,-52 L-7.5,-47.5 L-5.5,-56 L-12,-61.5 L-3.5,-62Z" fill="#FFF7ED"/>
</g>`;
}

/** A student card, shapes only (no text). */
function studentCard(x, y, angle, scale = 1) {
  return `<g transform="translate(${round1(x)},${round1(y)}) rotate(${angle}) scale(${scale})">
<rect x="-78" y="-50" width="156" height="100" rx="12" fill="#1C1917" opacity=".18" transform="translate(5,7)"/>
<rect x="-78" y="-50" width="156" height="100" rx="12" fill="#fff"/>
<path d="M-78,-38 A12,12 0 0 1 -66,-50 H66 A12,12 0 0 1 78,-38 V-22 H-78Z" fill="#2563EB"/>
<circle cx="-58" cy="-36" r="7" fill="#FDE68A"/>
<rect x="-44" y="-40" width="70" height="8" rx="4" fill="#fff" opacity=".85"/>
<rect x="-64" y="-12" width="44" height="52" rx="6" fill="${palette.ice}"/>
<circle cx="-42" cy="6" r="11" fill="#1E3A8A"/>
<path d="M-60,38 C-58,22 -26,22 -24,38Z" fill="#1E3A8A"/>
<rect x="-8" y="-8" width="72" height="8" rx="4" fill="#CBD5E1"/>
<rect x="-8" y="8" width="56" height="8" rx="4" fill="#E2E8F0"/>
<rect x="-8" y="24" width="64" height="8" rx="4" fill="#E2E8F0"/>
</g>`;
}
