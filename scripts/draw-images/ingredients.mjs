import { C } from "./palette.mjs";
import { uid, f, smooth, linear } from "./svg.mjs";

/** A red chili. Local drawing is ~140 px long pointing right; (x, y) is the stem end. */
export function chili(x, y, rot = 0, s = 1, tone = "red") {
  const id = uid("ch");
  const [light, mid, dark] = tone === "green" ? ["#4ADE80", C.green, "#166534"] : ["#F05A4A", C.red, C.deep];
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(rot)}) scale(${s})">
<defs>${linear(
    id,
    [0, 0, 0, 1],
    [
      [0, light],
      [0.45, mid],
      [1, dark],
    ],
  )}</defs>
<path d="M8,-15 C52,-22 100,-12 124,18 C130,26 134,34 132,38 C116,20 84,12 48,13 C30,14 16,14 8,11 C-2,7 -2,-11 8,-15Z" fill="url(#${id})"/>
<path d="M20,-9 C54,-14 92,-6 112,12" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="4.5" stroke-linecap="round"/>
<path d="M10,-17 C-1,-19 -8,-9 -6,-1 C-8,8 -1,16 10,13 C5,5 5,-9 10,-17Z" fill="${C.green}"/>
<path d="M-4,-2 C-14,-3 -22,-10 -25,-21" fill="none" stroke="#15803D" stroke-width="6" stroke-linecap="round"/>
</g>`;
}

/** A flame; (x, y) is its base, height ~104 px at s = 1. */
export function flame(x, y, s = 1, rot = 0) {
  const id = uid("fl");
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(rot)}) scale(${s})">
<defs>${linear(
    id,
    [0, 1, 0, 0],
    [
      [0, C.red],
      [0.55, C.ember],
      [1, C.saffron],
    ],
  )}</defs>
<path d="M0,0 C-30,-4 -38,-40 -18,-66 C-16,-50 -8,-46 -4,-46 C-10,-68 2,-92 22,-104 C16,-82 38,-66 36,-36 C35,-12 20,0 0,0Z" fill="url(#${id})"/>
<path d="M2,-7 C-13,-8 -16,-27 -5,-40 C-3,-31 3,-29 6,-29 C4,-43 10,-54 18,-60 C16,-46 26,-37 24,-24 C23,-13 14,-7 2,-7Z" fill="#FDE68A" opacity=".9"/>
</g>`;
}

/** Soft translucent steam curves rising from y0. */
export function steam(xs, y0, height, width, opacity = 0.75) {
  const id = uid("st");
  const paths = xs
    .map((x, i) => {
      const dir = i % 2 === 0 ? 1 : -1;
      const h = height * (0.85 + 0.15 * ((i * 7) % 3));
      return `<path d="M${f(x)},${f(y0)} C${f(x - dir * width * 2.2)},${f(y0 - h * 0.25)} ${f(
        x + dir * width * 2.2,
      )},${f(y0 - h * 0.42)} ${f(x)},${f(y0 - h * 0.6)} S${f(x - dir * width * 1.4)},${f(y0 - h * 0.9)} ${f(
        x + dir * width * 0.6,
      )},${f(y0 - h)}"/>`;
    })
    .join("");
  return `<defs>${linear(
    id,
    [0, y0, 0, y0 - height],
    [
      [0, "#fff", 0],
      [0.3, "#fff", opacity],
      [0.7, "#fff", opacity * 0.6],
      [1, "#fff", 0],
    ],
    true,
  )}</defs><g fill="none" stroke="url(#${id})" stroke-width="${f(width)}" stroke-linecap="round">${paths}</g>`;
}

/** One noodle drawn as three strokes: dark edge, body, highlight. */
export function noodleStroke(d, w, body) {
  return `<path d="${d}" stroke="#B86E14" stroke-width="${f(w + 2.6)}"/><path d="${d}" stroke="${body}" stroke-width="${f(
    w,
  )}"/><path d="${d}" stroke="#FFF4C2" stroke-opacity=".75" stroke-width="${f(w * 0.3)}" transform="translate(-0.8,-1)"/>`;
}

/** A tangle of long, slightly curly noodles inside an ellipse. */
export function noodlePile(rand, cx, cy, rx, ry, count, w) {
  const bodies = ["#F9CF5A", "#F5C043", "#FBD872", "#F2B93A"];
  const squash = 0.6;
  let out = "";
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2;
    const rr = Math.sqrt(rand()) * 0.8;
    let x = cx + Math.cos(a) * rx * rr;
    let y = cy + Math.sin(a) * ry * rr;
    let heading = rand() * Math.PI * 2;
    const phase = rand() * 6;
    const n = 11 + Math.floor(rand() * 6);
    const step = rx * 0.085;
    const pts = [];
    for (let j = 0; j < n; j++) {
      heading += (rand() - 0.5) * 0.8;
      let nx = x + Math.cos(heading) * step;
      let ny = y + Math.sin(heading) * step * squash;
      if (((nx - cx) / rx) ** 2 + ((ny - cy) / ry) ** 2 > 0.88) {
        heading = Math.atan2((cy - y) / squash, cx - x) + (rand() - 0.5) * 1.2;
        nx = x + Math.cos(heading) * step;
        ny = y + Math.sin(heading) * step * squash;
      }
      x = nx;
      y = ny;
      const wig = Math.sin(j * 1.7 + phase) * w * 0.8;
      pts.push([x - Math.sin(heading) * wig, y + Math.cos(heading) * wig * squash]);
    }
    out += noodleStroke(smooth(pts), w, bodies[i % bodies.length]);
  }
  return `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${out}</g>`;
}
